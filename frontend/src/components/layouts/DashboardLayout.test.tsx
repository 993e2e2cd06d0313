import { screen, waitFor } from '@testing-library/react';
import { DashboardSidebar, dashboardNav } from './DashboardLayout';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';
import { signOut, type User } from '../../lib/auth';
import { permissionsOf } from '@tzapi/shared/org-roles';

const withUser = (patch: Partial<User>): User => ({ ...sampleUser, ...patch });

describe('dashboard sidebar', () => {
  it('lists the ten sections of the account area (a server without permissions shows them all)', () => {
    renderWithProviders(<DashboardSidebar user={sampleUser} />, { route: '/dashboard/usage' });
    expect(dashboardNav.map((n) => n.label)).toEqual([
      'Overview',
      'API Keys',
      'API Docs / Playground',
      'Usage',
      'Requests',
      'Webhooks',
      'Notices',
      'Team',
      'Billing',
      'Profile',
    ]);
    for (const item of dashboardNav) expect(screen.getByRole('link', { name: item.label })).toHaveAttribute('href', item.to);
    expect(screen.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('hides the sections the member’s role cannot read: a billing member sees no keys, usage, webhooks or notices', () => {
    const billing = withUser({
      organization: { id: 'org-acme', name: 'Acme', personal: false, role: 'billing' },
      permissions: permissionsOf('billing'),
    });
    renderWithProviders(<DashboardSidebar user={billing} />, { route: '/dashboard' });
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    for (const hidden of ['API Keys', 'Usage', 'Requests', 'Webhooks', 'Notices']) expect(links).not.toContain(hidden);
    for (const shown of ['Overview', 'Team', 'Billing', 'Profile']) expect(links).toContain(shown);
  });

  it('a developer sees keys but neither Webhooks nor Billing; a viewer sees both', () => {
    const { unmount } = renderWithProviders(
      <DashboardSidebar
        user={withUser({ organization: { id: 'o', name: 'Acme', personal: false, role: 'developer' }, permissions: permissionsOf('developer') })}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API Keys' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <DashboardSidebar user={withUser({ organization: { id: 'o', name: 'Acme', personal: false, role: 'viewer' }, permissions: permissionsOf('viewer') })} />,
    );
    expect(screen.getByRole('link', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Billing' })).toBeInTheDocument();
  });

  it('shows the organisation slot the app passes, above the navigation', () => {
    renderWithProviders(<DashboardSidebar user={sampleUser} organization={() => <div data-testid="org-slot">Acme</div>} />);
    expect(screen.getByTestId('org-slot')).toBeInTheDocument();
  });

  it('shows first and last name, then the e-mail part before @, then "User"', () => {
    const { unmount } = renderWithProviders(<DashboardSidebar user={sampleUser} />);
    expect(screen.getByTestId('sidebar-name')).toHaveTextContent('Ada Lovelace');
    unmount();
    const second = renderWithProviders(<DashboardSidebar user={withUser({ firstName: '', lastName: '' })} />);
    expect(screen.getByTestId('sidebar-name')).toHaveTextContent(/^ada$/);
    second.unmount();
    renderWithProviders(<DashboardSidebar user={withUser({ firstName: '', lastName: '', email: '' })} />);
    expect(screen.getByTestId('sidebar-name')).toHaveTextContent(/^User$/);
  });

  it('shows "{plan} plan", free by default, the avatar image when there is one, and a logout to /api/logout', () => {
    const { unmount } = renderWithProviders(<DashboardSidebar user={withUser({ plan: 'premium', profileImageUrl: 'https://example.com/a.png' })} />);
    expect(screen.getByTestId('sidebar-plan')).toHaveTextContent('premium plan');
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'https://example.com/a.png');
    expect(screen.getByRole('link', { name: /Logout/ })).toHaveAttribute('href', '/api/logout');
    unmount();
    renderWithProviders(<DashboardSidebar user={withUser({ plan: '' as User['plan'] })} />);
    expect(screen.getByTestId('sidebar-plan')).toHaveTextContent('free plan');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('Logout signs out with a POST to /api/logout, not by loading the URL', async () => {
    const { calls } = serveApi({ 'POST /api/logout': { body: { ok: true } } });
    renderWithProviders(<DashboardSidebar user={sampleUser} />);
    const link = screen.getByRole('link', { name: /Logout/ });
    const clicked = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(clicked);
    // The click does not navigate to GET /api/logout: the POST ends the session.
    expect(clicked.defaultPrevented).toBe(true);
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/logout'));
  });

  it('signOut goes home after the POST, and falls back to the navigation when the POST fails', async () => {
    const visited: string[] = [];
    serveApi({ 'POST /api/logout': { body: { ok: true } } });
    await signOut('/api/logout', (to) => visited.push(to));
    serveApi({ 'POST /api/logout': { status: 503, body: { status: 503 } } });
    await signOut('/api/logout', (to) => visited.push(to));
    expect(visited).toEqual(['/', '/api/logout']);
  });
});
