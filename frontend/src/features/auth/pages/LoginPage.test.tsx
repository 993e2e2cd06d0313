import { screen, waitFor } from '@testing-library/react';
import { LoginPage } from './LoginPage';
import { publicConfigQueryKey } from '../../../config/publicConfig';
import { renderWithProviders, serveApi } from '../../../testing/render';

afterEach(() => vi.unstubAllGlobals());

const config = (oidcEnabled: boolean) => ({
  'GET /api/config': { body: { appName: 'TimeZone API', year: 2026, plans: [], oidc: { enabled: oidcEnabled } } },
});

function renderLogin(route: string, oidcEnabled = true) {
  serveApi(config(oidcEnabled));
  return renderWithProviders(<LoginPage />, { route, me: null });
}

describe('login page', () => {
  it.each([
    ['/login?error=oidc', 'Sign-in with your identity provider failed. Please try again.'],
    ['/login?error=blocked', 'Your account has been blocked. Contact support.'],
    ['/login?returnTo=%2Fdashboard&error=expired', 'Your session has expired. Please sign in again.'],
    ['/login?verified=1', 'Your email is verified. You can now sign in.'],
    ['/login?verified=0', 'This verification link is invalid or has expired. Sign in to get a new one.'],
  ])('%s explains what happened', (route, message) => {
    renderLogin(route);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('shows no message for a plain visit or an unknown error reason', () => {
    renderLogin('/login?error=constructor');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the identity provider link carries a same-site returnTo along', async () => {
    renderLogin('/login?returnTo=%2Fdashboard%2Fusage%3Frange%3D7d');
    const link = await screen.findByRole('link', { name: /Sign in with your identity provider/ });
    expect(link).toHaveAttribute('href', '/api/login?returnTo=%2Fdashboard%2Fusage%3Frange%3D7d');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/api/logout'])('drops an unsafe returnTo (%s)', async (target) => {
    renderLogin(`/login?returnTo=${encodeURIComponent(target)}`);
    const link = await screen.findByRole('link', { name: /Sign in with your identity provider/ });
    expect(link).toHaveAttribute('href', '/api/login');
  });

  it('offers no identity provider link when OIDC is off', async () => {
    const { queryClient } = renderLogin('/login', false);
    await waitFor(() => expect(queryClient.getQueryData(publicConfigQueryKey)).toBeDefined());
    expect(screen.queryByRole('link', { name: /identity provider/ })).not.toBeInTheDocument();
  });
});
