import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, serveApi } from '../../testing/render';
import { SupportPage } from './SupportPage';

afterEach(() => vi.unstubAllGlobals());

describe('support form', () => {
  it('a missing required field is marked beside it, with one toast, and nothing is sent', async () => {
    const { calls } = serveApi({ 'GET /api/config': { body: { plans: [] } } });
    renderWithProviders(<SupportPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).not.toBeInvalid();
    for (const [name, message] of [
      [/^Email/, 'Please enter your email address.'],
      [/^Subject/, 'Please enter a subject.'],
      [/^Message/, 'Please enter your message.'],
    ] as const) {
      const field = screen.getByRole('textbox', { name });
      expect(field).toBeInvalid();
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the trimmed message, toasts and empties the form', async () => {
    const { calls } = serveApi({ 'GET /api/config': { body: { plans: [] } }, 'POST /api/support/messages': { status: 201, body: { ok: true } } });
    renderWithProviders(<SupportPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), ' Ada ');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Offsets');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      category: 'other',
      subject: 'Offsets',
      message: 'Hello there',
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });
});
