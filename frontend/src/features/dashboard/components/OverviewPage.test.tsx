import { screen, within } from '@testing-library/react';
import { advanceClock, runUntil } from '../../../testing/clock';
import { FIRST_CALL_POLL_MS } from '../api';
import { OverviewPage, upgradeOffer } from './OverviewPage';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { apiServer } from '../../../testing/api';
import type { User } from '../../../lib/auth';
import { permissionsOf } from '@tzapi/shared/org-roles';
import type { PublicPlan } from '../../../config/publicConfig';

const plan = (id: PublicPlan['id'], name: string, priceMonthly: number): PublicPlan => ({
  id,
  name,
  priceMonthly,
  currency: 'usd',
  quota: id === 'free' ? { limit: 100, windowSeconds: 3600, label: '100 requests per hour' } : null,
  burstPerSecond: null,
  sla: null,
  slaMonthlyDowntimeMinutes: null,
  features: ['Priority support'],
  highlighted: id === 'premium',
});
const plans = [plan('free', 'Free', 0), plan('premium', 'Premium', 5), plan('enterprise', 'Enterprise', 50)];

const keys = [1, 2, 3, 4].map((n) => ({
  id: `k${n}`,
  name: `Key ${n}`,
  keyPrefix: `tzk_live_K${n}`,
  maskedKey: `tzk_live_K${n}…abcd`,
  isActive: n !== 3,
  createdAt: `2026-0${n}-10T00:00:00.000Z`,
  lastUsedAt: null,
  ipRestrictions: [],
  urlRestrictions: [],
}));

function stubApi(stats: Record<string, unknown>, apiKeys: unknown[] = keys) {
  return serveApi({
    'GET /api/dashboard/stats': { body: stats },
    'GET /api/api-keys': { body: apiKeys },
    'GET /api/config': { body: { plans } },
  });
}

const free = {
  plan: 'free',
  todayRequests: 12,
  totalRequests: 3456,
  activeKeys: 3,
  totalKeys: 4,
  hourlyLimit: 100,
  hourlyRemaining: 88,
  hourlyResetSeconds: 1200,
  limits: { hourlyQuota: 100, burstPerSecond: null, custom: false },
  firstRequestAt: '2026-11-20T09:15:00.000Z',
  usageSeenAt: null,
};

describe('dashboard overview', () => {
  afterEach(() => vi.useRealTimers());

  it('greets with the full name, then the e-mail part, then "User"', async () => {
    stubApi(free);
    const first = renderWithProviders(<OverviewPage user={sampleUser} />);
    expect(screen.getByTestId('dashboard-heading')).toHaveTextContent('Welcome back, Ada Lovelace!');
    first.unmount();
    const second = renderWithProviders(<OverviewPage user={{ ...sampleUser, firstName: '', lastName: '', email: 'grace.h@example.com' }} />);
    expect(screen.getByTestId('dashboard-heading')).toHaveTextContent('Welcome back, grace.h!');
    second.unmount();
    renderWithProviders(<OverviewPage user={{ ...sampleUser, firstName: '', lastName: '', email: '' } as User} />);
    expect(screen.getByTestId('dashboard-heading')).toHaveTextContent('Welcome back, User!');
  });

  it('free plan: today’s count with the hour’s remaining quota, totals, the premium offer and 3 recent keys', async () => {
    stubApi(free);
    renderWithProviders(<OverviewPage user={sampleUser} />);
    expect(await screen.findByTestId('today-requests-value')).toHaveTextContent('12');
    expect(screen.getByTestId('today-requests-hint')).toHaveTextContent('88 of 100 remaining this hour');
    expect(screen.getByTestId('total-requests-value')).toHaveTextContent('3,456');
    expect(screen.getByTestId('active-keys-value')).toHaveTextContent('3');
    expect(screen.getByTestId('active-keys-hint')).toHaveTextContent('4 total');
    expect(screen.getByTestId('plan-badge')).toHaveTextContent('Free plan');
    expect(screen.getByTestId('account-limits')).toHaveTextContent('Your limits: 100 requests per hour.');
    expect(await screen.findByRole('link', { name: 'Upgrade to Premium - $5/month' })).toHaveAttribute('href', '/dashboard/billing');
    const recent = await screen.findByTestId('recent-keys');
    expect(
      within(recent)
        .getAllByText(/^Key \d$/)
        .map((n) => n.textContent),
    ).toEqual(['Key 4', 'Key 3', 'Key 2']);
    expect(within(recent).getByText('Inactive')).toBeInTheDocument();
    expect(within(recent).getByText('tzk_live_K4…')).toBeInTheDocument();
  });

  it('premium plan: today\'s count big, "Unlimited" under it, and the enterprise offer; enterprise: no offer', async () => {
    stubApi({ ...free, plan: 'premium', hourlyLimit: null, hourlyRemaining: null, limits: { hourlyQuota: null, burstPerSecond: 50, custom: false } });
    const view = renderWithProviders(<OverviewPage user={{ ...sampleUser, plan: 'premium' }} />);
    expect(await screen.findByTestId('today-requests-value')).toHaveTextContent('12');
    expect(screen.getByTestId('today-requests')).toHaveTextContent('Unlimited requests on your plan');
    expect(screen.getByTestId('account-limits')).toHaveTextContent('Your limits: unlimited requests, up to 50 per second.');
    expect(await screen.findByRole('link', { name: 'Upgrade to Enterprise - $50/month' })).toBeInTheDocument();
    view.unmount();
    expect(upgradeOffer('enterprise', plans)).toBeNull();
  });

  it('negotiated limits: an enterprise account with an hourly quota sees what is left of it, and that the limits are its own', async () => {
    stubApi({ ...free, plan: 'enterprise', hourlyLimit: 5000, hourlyRemaining: 4990, limits: { hourlyQuota: 5000, burstPerSecond: 1000, custom: true } });
    renderWithProviders(<OverviewPage user={{ ...sampleUser, plan: 'enterprise' }} />);
    expect(await screen.findByTestId('today-requests-hint')).toHaveTextContent('4,990 of 5,000 remaining this hour');
    expect(screen.getByTestId('account-limits')).toHaveTextContent('Your limits: 5,000 requests per hour, up to 1,000 per second (set for this account).');
  });

  it('shows the empty state when there are no keys', async () => {
    stubApi(free, []);
    renderWithProviders(<OverviewPage user={sampleUser} />);
    expect(await screen.findByTestId('recent-keys-empty')).toHaveTextContent('No API Keys Yet');
  });

  it('free plan: a banner at 80% of the hourly quota and another when it is used up, none when alerts are off', async () => {
    stubApi({ ...free, hourlyRemaining: 21 });
    const below = renderWithProviders(<OverviewPage user={sampleUser} />);
    expect(await screen.findByTestId('today-requests-value')).toHaveTextContent('12');
    expect(screen.queryByTestId('quota-banner')).not.toBeInTheDocument();
    below.unmount();

    stubApi({ ...free, hourlyRemaining: 20 });
    const eighty = renderWithProviders(<OverviewPage user={sampleUser} />);
    expect(await screen.findByTestId('quota-banner')).toHaveTextContent('You have used 80 of your 100 requests this hour (80%).');
    eighty.unmount();

    stubApi({ ...free, hourlyRemaining: 0, hourlyResetSeconds: 150 });
    const full = renderWithProviders(<OverviewPage user={sampleUser} />);
    expect(await screen.findByTestId('quota-banner')).toHaveTextContent(
      'You have used all 100 requests of your hourly quota. Requests are answered with 429 until older ones leave the rolling hour (the first in about 3 minutes).',
    );
    full.unmount();

    stubApi({ ...free, hourlyRemaining: 0 });
    renderWithProviders(<OverviewPage user={{ ...sampleUser, quotaAlerts: false }} />);
    expect(await screen.findByTestId('today-requests-value')).toHaveTextContent('12');
    expect(screen.queryByTestId('quota-banner')).not.toBeInTheDocument();
  });

  it('the Quick Start ticks itself off from the server: the key, the first call arriving while the page is open, the Usage page seen', async () => {
    let stats: Record<string, unknown> = { ...free, todayRequests: 0, totalRequests: 0, activeKeys: 0, totalKeys: 0, firstRequestAt: null };
    let asked = 0;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }); // the poll's clock; the network keeps its real turns
    stubApi(free, []);
    apiServer.use(
      http.get('/api/dashboard/stats', () => {
        asked++;
        return HttpResponse.json(stats);
      }),
    );
    renderWithProviders(<OverviewPage user={sampleUser} />, { me: sampleUser });
    await runUntil(() => screen.queryByTestId('quick-start-progress') !== null);
    expect(screen.getByTestId('quick-start-progress')).toHaveTextContent('0 of 3 done');
    for (const step of ['key', 'call', 'usage']) expect(screen.getByTestId(`quick-start-${step}`)).toHaveAttribute('data-done', 'false');
    expect(screen.queryByText('Waiting for your first call…')).not.toBeInTheDocument();

    // A key made elsewhere (another tab): the next poll ticks it, and the page now waits for the first call.
    stats = { ...stats, activeKeys: 1, totalKeys: 1 };
    await advanceClock(FIRST_CALL_POLL_MS);
    await runUntil(() => screen.getByTestId('quick-start-key').getAttribute('data-done') === 'true');
    expect(screen.getByTestId('quick-start-key-status')).toHaveTextContent('Key created');
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your first call…');

    // The first call is metered: ticked without a reload, with its time.
    stats = { ...stats, todayRequests: 1, totalRequests: 1, firstRequestAt: '2026-11-26T10:00:00.000Z' };
    await advanceClock(FIRST_CALL_POLL_MS);
    await runUntil(() => screen.getByTestId('quick-start-call').getAttribute('data-done') === 'true');
    expect(screen.getByTestId('quick-start-call-status')).toHaveTextContent(/^First call received Nov 26, 2026/);
    expect(screen.queryByText('Waiting for your first call…')).not.toBeInTheDocument();
    expect(screen.getByTestId('quick-start-usage')).toHaveAttribute('data-done', 'false');
    expect(screen.getByRole('link', { name: 'View Usage' })).toHaveAttribute('href', '/dashboard/usage');
    expect(screen.getByTestId('quick-start-progress')).toHaveTextContent('2 of 3 done');
    expect(asked).toBe(3); // asked again on each poll while the page stayed open, never reloaded
    // Every step the server knows of is done: no more polls.
    await advanceClock(FIRST_CALL_POLL_MS * 3);
    await runUntil(() => true);
    expect(asked).toBe(3);
  });

  it('a returning user sees the Quick Start folded to one line at 3 of 3, every step ticked from the server', async () => {
    stubApi({ ...free, usageSeenAt: '2026-11-21T08:00:00.000Z' });
    renderWithProviders(<OverviewPage user={sampleUser} />, { me: sampleUser });
    expect(await screen.findByTestId('quick-start-progress')).toHaveTextContent('3 of 3 done');
    expect(screen.queryByTestId('quick-start-usage-status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show steps' }));
    expect(screen.getByTestId('quick-start-usage-status')).toHaveTextContent('Usage seen');
    expect(within(screen.getByTestId('quick-start')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('with the network down, says so in words (not "Failed to fetch") and Retry loads the numbers', async () => {
    let up = false;
    stubApi({});
    apiServer.use(
      http.get('/api/dashboard/stats', () =>
        up ? HttpResponse.json({ plan: 'free', todayRequests: 4, totalRequests: 321, activeKeys: 3, totalKeys: 4 }) : HttpResponse.error(),
      ),
    );
    renderWithProviders(<OverviewPage user={sampleUser} />, { me: sampleUser });
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('Could not load your statistics');
    expect(alert).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('321')).toBeInTheDocument();
    expect(screen.queryByTestId('load-error')).not.toBeInTheDocument();
  });
});

describe('dashboard overview and the member’s role', () => {
  it('a billing member is not shown keys (and not asked for them); a viewer gets no upgrade offer and no Create API Key', async () => {
    const { calls } = stubApi(free, []);
    const billing = {
      ...sampleUser,
      organization: { id: 'o', name: 'Acme', personal: false, role: 'billing' as const },
      permissions: permissionsOf('billing'),
    };
    const first = renderWithProviders(<OverviewPage user={billing} />, { me: billing });
    expect(await screen.findByTestId('upgrade-card')).toBeInTheDocument();
    expect(screen.queryByText('Recent API Keys')).not.toBeInTheDocument();
    first.unmount();

    const viewer = { ...billing, organization: { ...billing.organization, role: 'viewer' as const }, permissions: permissionsOf('viewer') };
    renderWithProviders(<OverviewPage user={viewer} />, { me: viewer });
    const empty = await screen.findByTestId('recent-keys-empty');
    expect(empty).toHaveTextContent('Nobody in this organisation has created a key yet.');
    expect(within(empty).queryByRole('link', { name: 'Create API Key' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('upgrade-card')).not.toBeInTheDocument();
    // Only the viewer asked for keys.
    expect(calls.filter((c) => c.url === '/api/api-keys')).toHaveLength(1);
  });
});
