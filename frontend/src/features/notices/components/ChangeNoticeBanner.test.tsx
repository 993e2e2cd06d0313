import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardLayout } from '../../../components/layouts/DashboardLayout';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { ChangeNoticeBanner, zoneNames } from './ChangeNoticeBanner';
import { permissionsOf } from '@tzapi/shared/org-roles';
import { kathmandu, kolkata, notice } from './notice-fixtures';

const layout = <DashboardLayout user={sampleUser} banner={<ChangeNoticeBanner />} />;

describe('the change notice banner above every account page', () => {
  it('on the Usage page: one sentence naming each zone once, "See what changed" opens the Notices page at the notice', async () => {
    serveApi({ 'GET /api/change-notices': { body: { notices: [notice({ zones: [kolkata, kathmandu] })] } } });
    renderWithProviders(layout, { route: '/dashboard/usage', me: sampleUser });
    const banner = await screen.findByTestId('change-notice-banner');
    expect(within(banner).getByTestId('change-notice-text')).toHaveTextContent(
      /^tz release 2026h changes 2 zones you use: Asia\/Kolkata and Asia\/Kathmandu\. Our answers already follow it\.$/,
    );
    // No key was pinned: there is no pin to move.
    expect(within(banner).queryByRole('link', { name: 'Move the pin' })).not.toBeInTheDocument();
    const see = within(banner).getByRole('link', { name: 'See what changed' });
    expect(see).toHaveAttribute('href', '/dashboard/notices#notice-6d0f1f7e-3b0e-4c55-9d1a-1b2c3d4e5f60');
    await userEvent.click(see);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/notices');
    // The Notices page shows the notice itself: no banner on top of it.
    await waitFor(() => expect(screen.queryByTestId('change-notice-banner')).not.toBeInTheDocument());
  });

  it('a notice naming a pinned key offers "Move the pin" (the keys page) and says the key stays where it is; more notices are counted', async () => {
    const pinned = notice({ pinnedKeys: [{ keyId: 'k1', name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kolkata] }] });
    serveApi({ 'GET /api/change-notices': { body: { notices: [pinned, notice({ id: 'older', version: '2026g' })] } } });
    renderWithProviders(layout, { route: '/dashboard/api-keys', me: sampleUser });
    const banner = await screen.findByTestId('change-notice-banner');
    expect(within(banner).getByTestId('change-notice-text')).toHaveTextContent(
      'tz release 2026h changes a zone you use: Asia/Kolkata. Your key “Billing (frozen)” stays on 2026f until you move its pin. (1 more notice)',
    );
    expect(within(banner).getByRole('link', { name: 'Move the pin' })).toHaveAttribute('href', '/dashboard/api-keys');
  });

  it('Dismiss hides it: the notice is dismissed on the server and the banner asks again', async () => {
    let dismissed = false;
    const { calls } = serveApi({
      'GET /api/change-notices': () => ({ body: { notices: dismissed ? [] : [notice()] } }),
      'POST /api/change-notices/6d0f1f7e-3b0e-4c55-9d1a-1b2c3d4e5f60/dismiss': () => {
        dismissed = true;
        return { status: 204 };
      },
    });
    renderWithProviders(layout, { route: '/dashboard', me: sampleUser });
    const banner = await screen.findByTestId('change-notice-banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('change-notice-banner')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/change-notices/6d0f1f7e-3b0e-4c55-9d1a-1b2c3d4e5f60/dismiss']);
  });

  it('no notice, no banner', async () => {
    const { calls } = serveApi({ 'GET /api/change-notices': { body: { notices: [] } } });
    renderWithProviders(layout, { route: '/dashboard/usage', me: sampleUser });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/change-notices'));
    expect(screen.queryByTestId('change-notice-banner')).not.toBeInTheDocument();
  });

  it('names three zones, then counts the rest', () => {
    expect(zoneNames(['A'])).toBe('A');
    expect(zoneNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(zoneNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more');
  });
});

describe('the change notice banner and the member’s role', () => {
  it('a billing member is not asked about notices (no notices.read); a viewer sees the banner without Dismiss', async () => {
    const { calls } = serveApi({ 'GET /api/change-notices': { body: { notices: [notice({ zones: [kolkata] })] } } });
    const billing = {
      ...sampleUser,
      organization: { id: 'o', name: 'Acme', personal: false, role: 'billing' as const },
      permissions: permissionsOf('billing'),
    };
    const first = renderWithProviders(<DashboardLayout user={billing} banner={<ChangeNoticeBanner />} />, { route: '/dashboard', me: billing });
    expect(await screen.findAllByTestId('sidebar-user')).not.toHaveLength(0);
    expect(screen.queryByTestId('change-notice-banner')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/change-notices')).toBe(false);
    first.unmount();

    const viewer = { ...billing, organization: { ...billing.organization, role: 'viewer' as const }, permissions: permissionsOf('viewer') };
    renderWithProviders(<DashboardLayout user={viewer} banner={<ChangeNoticeBanner />} />, { route: '/dashboard', me: viewer });
    const banner = await screen.findByTestId('change-notice-banner');
    expect(within(banner).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    // The viewer's request arrived; the billing member's never went out.
    expect(calls.filter((c) => c.url === '/api/change-notices')).toHaveLength(1);
  });
});
