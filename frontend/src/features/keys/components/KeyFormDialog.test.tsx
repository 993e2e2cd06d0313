import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KeyFormDialog } from './KeyFormDialog';
import { renderWithProviders } from '../../../testing/render';
import { ApiError } from '../../../lib/api';

function setup(onSubmit = vi.fn(async () => undefined)) {
  renderWithProviders(<KeyFormDialog open mode="create" onClose={() => undefined} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('API key form', () => {
  it('requires a name (after trimming) and says so in a toast', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('Name required')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a name for your API key.').length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a bad IP line with a message naming it', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Server');
    await user.type(screen.getByLabelText('IP restrictions'), '127.0.0.1{enter}{enter}10.0.0.300');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('Line 3: "10.0.0.300" is not an IP address or CIDR range')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says that domain restrictions rest on the Origin/Referer a client sends, and what protects a server key', () => {
    setup();
    const help = screen.getByText(/matched against the Origin or Referer the caller sends/);
    expect(help.textContent).toMatch(/any program can set them/);
    expect(help.textContent).toMatch(/restrict by IP/);
  });

  it('takes a comma-separated IP list', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Office');
    await user.type(screen.getByLabelText('IP restrictions'), '203.0.113.7, 198.51.100.0/24');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Office', ipRestrictions: ['203.0.113.7', '198.51.100.0/24'], urlRestrictions: [] }));
  });

  it('drops the "Name required" toast once the name is filled in', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('Name required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Server');
    await waitFor(() => expect(screen.queryByText('Name required')).not.toBeInTheDocument());
    expect(screen.queryByText('Please enter a name for your API key.')).not.toBeInTheDocument();
  });

  it('rejects a bad URL line', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Site');
    await user.type(screen.getByLabelText('URL restrictions'), 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText(/Line 1: "https:\/\/example.com\/" is not a domain name/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and one entry per non-blank line', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), '  Production  ');
    await user.type(screen.getByLabelText('IP restrictions'), ' 127.0.0.1 {enter}{enter}2001:db8::/32{enter}');
    await user.type(screen.getByLabelText('URL restrictions'), '*.example.com{enter}example.org');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Production',
      ipRestrictions: ['127.0.0.1', '2001:db8::/32'],
      urlRestrictions: ['*.example.com', 'example.org'],
    });
  });

  it('puts the server’s field errors on the right field', async () => {
    const problem = {
      status: 400,
      code: 'validation_failed' as const,
      errors: [{ field: 'urlRestrictions[0]', message: 'Line 1: "bad" is refused by the server' }],
    };
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, JSON.stringify(problem), 'Bad Request', problem);
    });
    const { user } = setup(onSubmit);
    await user.type(screen.getByLabelText(/^Name/), 'Site');
    await user.type(screen.getByLabelText('URL restrictions'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    const message = await screen.findByText('Line 1: "bad" is refused by the server');
    expect(message.id).toContain(screen.getByLabelText('URL restrictions').id);
  });
});
