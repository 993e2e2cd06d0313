import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { seriousViolations } from '../../../testing/axe';
import { InvitationPage } from './InvitationPage';

const preview = { organization: 'Acme', role: 'developer', email: 'grace@example.com', invitedBy: 'Ada Lovelace', expiresAt: '2026-12-06T10:00:00.000Z' };
const route = '/invitations/tok123';
const path = '/invitations/:token';

describe('Invitation page', () => {
  it('signed out: says who invited whom where and as what, and offers sign-in that comes back here', async () => {
    serveApi({ 'GET /api/invitations/tok123': { body: preview } });
    renderWithProviders(<InvitationPage />, { me: null, route, path });
    expect(await screen.findByTestId('invitation-title')).toHaveTextContent('Ada Lovelace invited you to join Acme as a Developer');
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', '/login?returnTo=%2Finvitations%2Ftok123');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('signed in: Accept joins, and the dashboard opens in that organisation', async () => {
    const { calls } = serveApi({
      'GET /api/invitations/tok123': { body: preview },
      'POST /api/invitations/tok123/accept': { body: { organization: { id: 'org-acme', name: 'Acme', role: 'developer' } } },
      'GET /api/me': { body: { ...sampleUser, organization: { id: 'org-acme', name: 'Acme', personal: false, role: 'developer' } } },
    });
    renderWithProviders(<InvitationPage />, { me: { ...sampleUser, email: 'grace@example.com' }, route, path });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You joined Acme as Developer.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/invitations/tok123/accept']);
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });

  it('signed in as another address: says which account will join', async () => {
    serveApi({ 'GET /api/invitations/tok123': { body: preview } });
    renderWithProviders(<InvitationPage />, { me: sampleUser, route, path });
    expect(await screen.findByText(/You are signed in as ada@example.com\. Accepting adds that account to Acme\./)).toBeInTheDocument();
  });

  it('Create an account registers with the invitation’s address and token, and a signed-in answer opens the dashboard', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        status: 400,
        code: 'validation_failed',
        detail: 'Invalid input',
        errors: [{ field: 'password', message: 'Password must be at least 8 characters' }],
      },
    };
    const { calls } = serveApi({
      'GET /api/invitations/tok123': { body: preview },
      'POST /api/auth/register': () => answer,
      'GET /api/me': { body: { ...sampleUser, email: 'grace@example.com' } },
    });
    renderWithProviders(<InvitationPage />, { me: null, route, path });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    const form = screen.getByRole('form', { name: 'Create an account' });
    expect(within(form).getByLabelText('E-mail')).toHaveValue('grace@example.com');
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('readonly');
    await userEvent.type(within(form).getByLabelText(/^Full name/), 'Grace Hopper');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeInTheDocument();

    answer = { status: 201, body: { ok: true, email: 'grace@example.com', signedIn: true } };
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'short',
      invitationToken: 'tok123',
    });
  });

  it.each([
    [404, 'invitation_not_found', 'This invitation does not exist'],
    [410, 'invitation_used', 'This invitation was already used'],
    [410, 'invitation_expired', 'This invitation has expired'],
    [410, 'invitation_revoked', 'This invitation was withdrawn'],
  ])('a %i %s answers a clear page with a sentence and a way home', async (status, code, title) => {
    serveApi({ 'GET /api/invitations/tok123': { status, body: { status, code, title: 'Gone', detail: 'server words' } } });
    renderWithProviders(<InvitationPage />, { me: null, route, path });
    const page = await screen.findByTestId('invitation-dead');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(within(page).getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
