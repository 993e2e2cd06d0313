import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOf } from '@tzapi/shared/org-roles';
import { ProfilePage } from './ProfilePage';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

describe('profile page', () => {
  it('validates the information card and saves it', async () => {
    const { calls: allCalls } = serveApi({
      'PUT /api/profile': { body: { ...sampleUser, firstName: 'Augusta', pendingEmail: 'augusta@example.com' } },
      'GET /api/profile/totp': { body: { enabled: false, recoveryCodesLeft: 0, required: false } },
    });
    const calls = {
      get length() {
        return allCalls.filter((c) => c.method === 'PUT').length;
      },
      get 0() {
        return allCalls.filter((c) => c.method === 'PUT')[0];
      },
    };
    renderWithProviders(<ProfilePage />, { me: sampleUser });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'augusta@example.com');
    await user.type(screen.getByLabelText('First Name'), 'Augusta');
    await user.type(screen.getByLabelText('Last Name'), 'King');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    // A new address changes only once its link is clicked; the toast says where the link went.
    expect(
      await screen.findByText("Your profile has been updated. We've sent a link to augusta@example.com: your e-mail changes once you click it."),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { email: 'augusta@example.com', firstName: 'Augusta', lastName: 'King' } });
  });

  it('validates the password card and marks the field the server refused (wrong current password), with the toast', async () => {
    serveApi({
      'PUT /api/profile/password': {
        status: 400,
        body: { status: 400, code: 'wrong_password', detail: 'Current password is incorrect', field: 'currentPassword' },
      },
    });
    renderWithProviders(<ProfilePage />, { me: sampleUser });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const mismatch = await screen.findByText("Passwords don't match");
    expect(mismatch.id).toContain(screen.getByLabelText('Confirm New Password').id);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByText('Error')).toBeInTheDocument());
    // Beside the field to fix, not only in the toast.
    expect(screen.getByLabelText('Current Password')).toBeInvalid();
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect');
  });

  it('an account that signs in through the identity provider gets no password form', async () => {
    serveApi({});
    renderWithProviders(<ProfilePage />, { me: { ...sampleUser, hasPassword: false } });
    expect(await screen.findByText(/signs in through your identity provider/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the profile loads', () => {
    serveApi({});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderWithProviders(<ProfilePage />);
    expect(screen.getByTestId('profile-skeleton')).toBeInTheDocument();
  });

  it("a team's developer sees no alert or notice switches (the organisation's settings); its admin does", async () => {
    serveApi({ 'GET /api/profile/totp': { body: { enabled: false, recoveryCodesLeft: 0, required: false } } });
    const acme = { id: 'o', name: 'Acme', personal: false };
    const { unmount } = renderWithProviders(<ProfilePage />, {
      me: { ...sampleUser, organization: { ...acme, role: 'developer' }, permissions: [...permissionsOf('developer')] },
    });
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Send quota alerts')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail me about time zone changes')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<ProfilePage />, { me: { ...sampleUser, organization: { ...acme, role: 'admin' }, permissions: [...permissionsOf('admin')] } });
    expect(await screen.findByLabelText('Send quota alerts')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail me about time zone changes')).toBeInTheDocument();
  });
});
