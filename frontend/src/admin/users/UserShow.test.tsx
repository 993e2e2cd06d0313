import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import type { AdminApiKey, AdminInvoice, AdminUser, AdminUserUsage, AdminWebhookEndpoint, AuditEntry } from '../dataProvider';
import { UserShow } from './UserShow';
import { sampleAdminUser } from './user-fixtures';

const user = sampleAdminUser;
const key: AdminApiKey = {
  id: 'k1',
  name: 'Production',
  keyPrefix: 'tzk_live_AbCd',
  isActive: true,
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: null,
  userId: 'u1',
  userEmail: 'ada@example.com',
};
const days = (requests: (d: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10),
    requests: requests(i),
    clientErrors: i === 29 ? 3 : 0,
    serverErrors: i === 29 ? 1 : 0,
  }));
const usage: AdminUserUsage = {
  from: '2026-10-28',
  to: '2026-11-26',
  timeZone: 'UTC',
  totalRequests: 51,
  days: days((i) => (i === 29 ? 44 : i === 24 ? 7 : 0)),
};
const invoice: AdminInvoice = {
  id: 'i1',
  description: 'Enterprise plan (monthly)',
  amount: '50.00',
  currency: 'usd',
  status: 'paid',
  paidAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  number: 'in_sbx_42',
  plan: 'enterprise',
  periodStart: null,
  periodEnd: null,
  receiptUrl: null,
};
const limitsChange: AuditEntry = {
  id: 'a1',
  actorId: 'root',
  actorEmail: 'root@example.com',
  action: 'user.limits_change',
  targetType: 'user',
  targetId: 'u1',
  before: { email: 'ada@example.com', customLimits: { hourlyQuota: null, burstPerSecond: null } },
  after: { email: 'ada@example.com', customLimits: { hourlyQuota: 5, burstPerSecond: null } },
  ipAddress: null,
  createdAt: '2026-11-23T06:27:00.000Z',
};

function renderShow(
  record: AdminUser,
  data: { keys?: AdminApiKey[]; audit?: AuditEntry[]; usage?: AdminUserUsage; invoices?: AdminInvoice[]; webhooks?: AdminWebhookEndpoint[] },
  extra = {},
) {
  const getManyReference = vi.fn(async (resource: string) => {
    const rows = resource === 'api-keys' ? (data.keys ?? []) : (data.audit ?? []);
    return { data: rows, total: rows.length };
  });
  const methods = {
    getOne: async () => ({ data: record }),
    getManyReference,
    getUserUsage: vi.fn(async () => data.usage ?? { ...usage, totalRequests: 0, days: days(() => 0) }),
    getUserInvoices: vi.fn(async () => data.invoices ?? []),
    getUserWebhooks: vi.fn(async () => data.webhooks ?? []),
    getUserChangeNotices: vi.fn(async () => []),
    ...extra,
  };
  render(
    <AdminContext dataProvider={testDataProvider(methods as never)}>
      <ResourceContextProvider value="users">
        <UserShow id={String(record.id)} />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return methods;
}

describe("the console's user page", () => {
  it('shows the profile, the masked keys, 30 days of usage, the invoices and the audit trail in words, times in the display zone (the test browser’s UTC)', async () => {
    const { getManyReference, getUserUsage, getUserInvoices } = renderShow(user, { keys: [key], audit: [limitsChange], usage, invoices: [invoice] });
    const profile = await screen.findByTestId('user-profile');
    expect(within(profile).getByTestId('user-name')).toHaveTextContent('Ada Lovelace');
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Nov 1, 2026, 9:05 AM UTC')).toBeInTheDocument();
    expect(within(profile).getByTestId('user-limits')).toHaveTextContent('5 requests per hour, up to 200 per second (set for this account)');
    expect(within(profile).getByRole('button', { name: 'Manage ada@example.com' })).toBeInTheDocument();
    expect(within(profile).getByRole('button', { name: 'Block ada@example.com' })).toBeInTheDocument();

    const keys = screen.getByTestId('user-keys');
    expect(await within(keys).findByText('tzk_live_AbCd…')).toBeInTheDocument();
    expect(within(keys).getByText(/Created Nov 2, 2026, 10:00 AM UTC · Last used Never/)).toBeInTheDocument();
    expect(getManyReference).toHaveBeenCalledWith('api-keys', expect.objectContaining({ target: 'userId', id: 'u1' }));

    const usageSection = screen.getByTestId('user-usage');
    expect(await within(usageSection).findByTestId('user-usage-total')).toHaveTextContent('51 requests, 4 answered with an error (4xx or 5xx)');
    expect(within(usageSection).getByRole('img', { name: 'Requests per day from 2026-10-28 to 2026-11-26 (UTC)' })).toBeInTheDocument();
    // Asked for in the display zone (the test browser's UTC), and the caption says which.
    expect(getUserUsage).toHaveBeenCalledWith('u1', 'UTC');
    expect(usageSection).toHaveTextContent('Last 30 days, days from midnight in Coordinated Universal Time (UTC)');

    const invoices = screen.getByTestId('user-invoices');
    expect(await within(invoices).findByText('50.00 USD')).toBeInTheDocument();
    expect(within(invoices).getByText('Paid')).toBeInTheDocument();
    expect(within(invoices).getByText('in_sbx_42 · Nov 20, 2026, 8:00 AM UTC')).toBeInTheDocument();
    expect(getUserInvoices).toHaveBeenCalledWith('u1');

    const audit = screen.getByTestId('user-audit');
    expect(await within(audit).findByText('Limits changed')).toBeInTheDocument();
    expect(within(audit).getByText('ada@example.com: custom limits plan default → 5 requests/hour, plan default/second')).toBeInTheDocument();
    expect(within(audit).getByText('Nov 23, 2026, 6:27 AM UTC · by root@example.com')).toBeInTheDocument();
    expect(audit).not.toHaveTextContent('user.limits_change');
    expect(getManyReference).toHaveBeenCalledWith('audit-log', expect.objectContaining({ target: 'targetId', id: 'u1', filter: { targetType: 'user' } }));
  });

  it('a closed account reads Closed and offers no action', async () => {
    renderShow({ ...user, email: 'closed-u1@closed.invalid', firstName: '', lastName: '', closedAt: '2026-11-20T10:00:00.000Z' }, {});
    const profile = await screen.findByTestId('user-profile');
    expect(within(profile).getByText('Closed')).toBeInTheDocument();
    expect(within(profile).getByTestId('user-closed')).toHaveTextContent('Closed by the customer on Nov 20, 2026, 10:00 AM UTC');
    expect(within(profile).queryByRole('button')).toBeNull();
  });

  it('every section has an empty state', async () => {
    renderShow(user, {});
    expect(await screen.findByText('This user has no API keys.')).toBeInTheDocument();
    expect(await screen.findByText('No API requests in the last 30 days.')).toBeInTheDocument();
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(await screen.findByText('No admin actions on this user yet.')).toBeInTheDocument();
    expect(await screen.findByText('No webhook endpoints.')).toBeInTheDocument();
  });

  it("shows the account's webhook endpoints with their health: a failing one says so", async () => {
    const failing: AdminWebhookEndpoint = {
      id: 'w1',
      url: 'https://acme.example/hooks',
      description: null,
      events: ['tzdb.zones_changed'],
      enabled: true,
      pausedReason: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      health: {
        state: 'failing',
        windowHours: 24,
        attempts: 20,
        succeeded: 0,
        successRate: 0,
        lastAttemptAt: '2026-11-29T05:03:54.000Z',
        lastStatusCode: 503,
        lastError: null,
        failuresSinceSuccess: 20,
        failingSince: '2026-11-28T05:00:00.000Z',
      },
    };
    renderShow(user, { webhooks: [failing] });
    const section = await screen.findByTestId('user-webhooks');
    const row = await within(section).findByTestId('admin-webhook');
    expect(row).toHaveTextContent('https://acme.example/hooks');
    expect(within(row).getByTestId('endpoint-state')).toHaveTextContent('Failing');
    expect(within(row).getByTestId('endpoint-health')).toHaveTextContent('20 failed attempts since the last success');
  });

  it('a failed load says so and a retry loads it', async () => {
    const getUserInvoices = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce([invoice]);
    renderShow(user, {}, { getUserInvoices });
    const invoices = await screen.findByTestId('user-invoices');
    expect(await within(invoices).findByText('Could not load the invoices.')).toBeInTheDocument();
    await userEvent.click(within(invoices).getByRole('button', { name: 'Retry' }));
    expect(await within(invoices).findByText('50.00 USD')).toBeInTheDocument();
    await waitFor(() => expect(getUserInvoices).toHaveBeenCalledTimes(2));
  });
});
