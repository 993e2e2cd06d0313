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

  it('sends the ticked scopes, the expiry (end of the chosen day) and the own limit', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<KeyFormDialog open mode="create" limitMax={100} limitWindow="hour" onClose={() => undefined} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Clock');
    await user.click(screen.getByRole('checkbox', { name: 'Conversion' }));
    await user.click(screen.getByRole('checkbox', { name: 'Current time' }));
    await user.type(screen.getByLabelText('Expires on'), '2099-03-01');
    await user.type(screen.getByLabelText('Rate limit (requests per hour)'), '40');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Clock',
        ipRestrictions: [],
        urlRestrictions: [],
        scopes: ['time', 'conversion'],
        expiresAt: new Date('2099-03-01T23:59:59.999').toISOString(),
        rateLimit: 40,
      }),
    );
  });

  it("refuses a limit above the plan's before sending, and says the plan's limit", async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<KeyFormDialog open mode="create" limitMax={50} limitWindow="second" onClose={() => undefined} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Fast');
    await user.type(screen.getByLabelText('Rate limit (requests per second)'), '51');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('Your plan allows at most 50 requests per second.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("places the server's key_limit_above_plan on the limit field", async () => {
    const onSubmit = vi.fn(async () => {
      const problem = { status: 400, code: 'key_limit_above_plan', detail: "A key's own limit must be at most your plan's: 20 requests per hour." };
      throw new ApiError(400, JSON.stringify(problem), 'Bad Request', problem as never);
    });
    renderWithProviders(<KeyFormDialog open mode="create" onClose={() => undefined} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Custom');
    await user.type(screen.getByLabelText(/^Rate limit/), '30');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText(/at most your plan's: 20 requests per hour/)).toBeInTheDocument();
  });

  it('an edit that clears the expiry, the scopes and the limit says so with the API words for none', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const initial = {
      id: 'k1',
      name: 'Old',
      keyPrefix: 'tzk_live_AbCd',
      maskedKey: 'tzk_live_AbCd…wxyz',
      isActive: true,
      createdAt: '2026-11-23T06:27:50.000Z',
      lastUsedAt: null,
      ipRestrictions: [],
      urlRestrictions: [],
      tzdbVersion: null,
      scopes: ['time' as const],
      expiresAt: '2099-01-01T12:00:00.000Z',
      rateLimit: 5,
      rateLimitWindow: 'hour' as const,
      createdBy: null,
      replacedById: null,
    };
    renderWithProviders(<KeyFormDialog open mode="edit" initial={initial} onClose={() => undefined} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(screen.getByRole('checkbox', { name: 'Current time' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Current time' }));
    await user.clear(screen.getByLabelText('Expires on'));
    await user.clear(screen.getByLabelText(/^Rate limit/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Old', ipRestrictions: [], urlRestrictions: [], scopes: [], expiresAt: '', rateLimit: 0 }),
    );
  });
});
