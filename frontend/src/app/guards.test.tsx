import { render, screen, waitFor } from '@testing-library/react';
import { advanceClock, runUntil } from '../testing/clock';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders, createAppQueryClient } from './providers';
import { ADMIN_REDIRECT_DELAY_MS, AdminGate, DashboardGate, SignedOutOnly } from './guards';
import { LocationProbe, sampleUser, serveApi } from '../testing/render';
import { meQueryKey, type User } from '../lib/auth';
import { resetToasts } from '../components/ui/toast';

/** `me` undefined: the session is read from GET /api/me as on a reload. */
function renderAt(route: string, me: User | null | undefined) {
  resetToasts();
  const queryClient = createAppQueryClient();
  if (me !== undefined) queryClient.setQueryData(meQueryKey, me);
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/dashboard/*" element={<DashboardGate />} />
          <Route path="/admin/*" element={<AdminGate />} />
          <Route element={<SignedOutOnly />}>
            <Route path="/" element={<p>landing</p>} />
            <Route path="/login" element={<p>login page</p>} />
          </Route>
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('route guards', () => {
  afterEach(() => vi.useRealTimers());

  it('a signed-out visit to /dashboard/usage goes to /login with returnTo', async () => {
    renderAt('/dashboard/usage', null);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=%2Fdashboard%2Fusage'));
  });

  it.each([
    [401, 'session_expired', 'expired'],
    [403, 'account_blocked', 'blocked'],
  ])('a reload whose session answers %i %s goes to /login saying why (error=%s)', async (status, code, reason) => {
    serveApi({ 'GET /api/me': { status, body: { status, code } } });
    renderAt('/dashboard/usage', undefined);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/login?returnTo=%2Fdashboard%2Fusage&error=${reason}`));
  });

  it('a reload with no session at all goes to /login with returnTo only', async () => {
    serveApi({ 'GET /api/me': { status: 401, body: { status: 401, code: 'unauthenticated' } } });
    renderAt('/dashboard/usage', undefined);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?returnTo=%2Fdashboard%2Fusage$/));
  });

  it('a signed-in user on / goes to /dashboard, a super admin to /admin', async () => {
    renderAt('/', sampleUser);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it('a super admin on /dashboard goes to /admin', async () => {
    renderAt('/dashboard/api-keys', { ...sampleUser, role: 'super_admin' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('a signed-in user on /login?returnTo goes to returnTo', async () => {
    renderAt('/login?returnTo=%2Fdashboard%2Fbilling', sampleUser);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/billing$/));
  });

  it.each([
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%0D%0A/evil.example',
    '/%5C/evil.example',
    'https://evil.example/',
    '//evil.example',
    '/.//evil.example',
    '%2F.%2F%2Fevil.example',
    '/%252F%252Fevil.example',
  ])('a signed-in user on /login?returnTo=%s goes quietly to /dashboard', async (returnTo) => {
    renderAt(`/login?returnTo=${returnTo}`, sampleUser);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it('a regular user on /admin sees "Unauthorized" and goes to /dashboard after 500 ms', async () => {
    vi.useFakeTimers();
    renderAt('/admin', sampleUser);
    await runUntil(() => screen.queryByText('Super admin access required') !== null);
    await advanceClock(ADMIN_REDIRECT_DELAY_MS - 1);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
    await advanceClock(1);
    // The dashboard it lands on loads lazily; the location is what this guard decides.
    await runUntil(() => /^\/dashboard/.test(screen.getByTestId('location').textContent ?? ''));
  });

  it('a super admin without two-factor sign-in sees only the enrolment step on /admin', async () => {
    renderAt('/admin/users', { ...sampleUser, role: 'super_admin', totpEnabled: false });
    expect(await screen.findByRole('heading', { name: 'Turn On Two-Factor Sign-In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Up Authenticator' })).toBeInTheDocument();
    expect(screen.queryByText('Admin Console')).not.toBeInTheDocument();
  });

  it('a signed-out visit to /admin goes to /login', async () => {
    renderAt('/admin', null);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });
});
