import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useUnauthorizedRedirect, UNAUTHORIZED_REDIRECT_DELAY_MS } from './useUnauthorizedRedirect';
import { renderWithProviders, sampleUser, serveApi } from '../testing/render';
import { api } from '../lib/api';
import { meQueryKey, signOutReason } from '../lib/auth';
import { advanceClock, runUntil } from '../testing/clock';

function Probe() {
  useUnauthorizedRedirect();
  useQuery({ queryKey: ['probe'], queryFn: () => api.get('/api/dashboard/stats') });
  return null;
}

/** Two calls in flight when the session ran out: the server names the expiry to the first it checks, not to the next. */
function TwoCallsProbe() {
  useUnauthorizedRedirect();
  const first = useQuery({ queryKey: ['probe-first'], queryFn: () => api.get('/api/dashboard/stats'), retry: false });
  useQuery({ queryKey: ['probe-second'], queryFn: () => api.get('/api/api-keys'), enabled: first.isError, retry: false });
  return null;
}

describe('unauthorized handling in the dashboard', () => {
  afterEach(() => vi.useRealTimers());

  it('a 401 shows the toast, then after 500 ms goes to /login with returnTo and forgets the user', async () => {
    vi.useFakeTimers();
    serveApi({ 'GET /api/dashboard/stats': { status: 401, body: { status: 401, code: 'unauthenticated', title: 'Unauthorized' } } });
    const { queryClient } = renderWithProviders(<Probe />, { route: '/dashboard/usage?x=1', me: sampleUser });
    await runUntil(() => screen.queryByText('You are logged out. Logging in again...') !== null);
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/usage?x=1');
    await advanceClock(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/usage?x=1');
    await advanceClock(1);
    expect(screen.getByTestId('location')).toHaveTextContent(`/login?returnTo=${encodeURIComponent('/dashboard/usage?x=1')}`);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
  });

  it.each([
    [401, 'session_expired', 'expired', 'You are logged out. Logging in again...'],
    [403, 'account_blocked', 'blocked', 'This account has been blocked. Please contact support.'],
  ])('a %i %s goes to /login with error=%s, so the sign-in page says why', async (status, code, reason, toastText) => {
    vi.useFakeTimers();
    serveApi({
      'GET /api/dashboard/stats': {
        status,
        body: { status, code, detail: status === 403 ? 'This account has been blocked. Please contact support.' : undefined },
      },
    });
    renderWithProviders(<Probe />, { route: '/dashboard/usage', me: sampleUser });
    await runUntil(() => screen.queryByText(toastText) !== null);
    await advanceClock(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(screen.getByTestId('location')).toHaveTextContent(`/login?returnTo=${encodeURIComponent('/dashboard/usage')}&error=${reason}`);
    // The dashboard's gate, which sees the user dropped too, names the same reason (the router may commit its navigation last).
    expect(signOutReason()).toBe(reason);
  });

  it('an expired session still says so when another call got the plain 401 first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the redirect's delay; fetch keeps its real turns
    serveApi({
      'GET /api/dashboard/stats': { status: 401, body: { status: 401, code: 'unauthenticated', title: 'Unauthorized' } },
      'GET /api/api-keys': { status: 401, body: { status: 401, code: 'session_expired', title: 'Unauthorized' } },
    });
    const { queryClient } = renderWithProviders(<TwoCallsProbe />, { route: '/dashboard/api-keys', me: sampleUser });
    await runUntil(() => queryClient.getQueryState(['probe-second'])?.status === 'error');
    await advanceClock(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(screen.getByTestId('location')).toHaveTextContent(`/login?returnTo=${encodeURIComponent('/dashboard/api-keys')}&error=expired`);
    expect(screen.getAllByText('You are logged out. Logging in again...')).toHaveLength(1);
  });
});
