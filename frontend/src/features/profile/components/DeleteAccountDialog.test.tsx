import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteAccountCard } from './DeleteAccountDialog';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

describe('delete account dialog', () => {
  it('needs the password and the typed e-mail, then closes the account and leaves the dashboard', async () => {
    const { calls } = serveApi({ 'POST /api/me/close': { body: { ok: true } } });
    renderWithProviders(<DeleteAccountCard user={sampleUser} />, { me: sampleUser, route: '/dashboard/profile' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    const confirm = () => screen.getAllByRole('button', { name: 'Delete account' }).find((b) => dialog.contains(b))!;
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();

    // The button stays off until the address is typed exactly.
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText(`Type ${sampleUser.email} to confirm`), 'ada@example.org');
    expect(confirm()).toBeDisabled();
    await user.clear(screen.getByLabelText(`Type ${sampleUser.email} to confirm`));
    await user.type(screen.getByLabelText(`Type ${sampleUser.email} to confirm`), 'ADA@example.com');
    expect(confirm()).toBeEnabled();
    await user.click(confirm());

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/me/close', body: { email: 'ADA@example.com', password: 'correct horse' } }),
    ]);
    expect(await screen.findByText('Your account has been closed. A confirmation has been sent to your e-mail address.')).toBeInTheDocument();
  });

  it('asks for the authentication code when two-factor sign-in is on and shows the server’s answer on the field', async () => {
    const { calls } = serveApi({
      'POST /api/me/close': {
        status: 400,
        body: {
          status: 400,
          code: 'totp_invalid',
          field: 'totp',
          detail: 'That code is not valid. Check your authenticator app (or use a recovery code) and try again.',
        },
      },
    });
    const me = { ...sampleUser, totpEnabled: true };
    renderWithProviders(<DeleteAccountCard user={me} />, { me, route: '/dashboard/profile' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(await screen.findByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText(`Type ${me.email} to confirm`), me.email);
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    const confirm = screen.getAllByRole('button', { name: 'Delete account' }).find((b) => dialog.contains(b))!;
    await user.click(confirm);
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(confirm);
    expect(await screen.findByText('That code is not valid. Check your authenticator app (or use a recovery code) and try again.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: me.email, password: 'correct horse', totp: '000000' });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/profile');
  });
});
