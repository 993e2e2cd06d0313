import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import { serveApi } from '../../testing/api';
import { seriousViolations } from '../../testing/axe';
import { createAdminDataProvider } from '../dataProvider';
import { OrganizationList } from './OrganizationList';
import { OrganizationShow } from './OrganizationShow';
import type { AdminOrganization, AdminOrganizationDetail } from './organization-api';

const acme: AdminOrganization = {
  id: 'org-acme',
  name: 'Acme',
  plan: 'premium',
  isBlocked: false,
  members: 4,
  owners: ['ada@example.com'],
  createdAt: '2026-11-01T09:05:00.000Z',
};
const detail: AdminOrganizationDetail = {
  id: 'org-acme',
  name: 'Acme',
  plan: 'premium',
  planGranted: false,
  isBlocked: false,
  createdAt: '2026-11-01T09:05:00.000Z',
  limits: { hourlyQuota: null, burstPerSecond: 50, custom: false },
  customLimits: { hourlyQuota: null, burstPerSecond: null },
  closedAt: null,
  members: [
    { userId: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', role: 'owner', joinedAt: '2026-11-01T09:05:00.000Z' },
    { userId: 'u2', email: 'grace@example.com', name: 'Grace Hopper', role: 'billing', joinedAt: '2026-11-02T09:05:00.000Z' },
  ],
  invitations: [{ id: 'i1', email: 'linus@example.com', role: 'viewer', invitedBy: 'ada@example.com', expiresAt: '2026-11-08T09:05:00.000Z' }],
};

function renderList(getList: (...args: unknown[]) => Promise<{ data: AdminOrganization[]; total: number }>) {
  render(
    <AdminContext dataProvider={testDataProvider({ getList } as never)}>
      <ResourceContextProvider value="organizations">
        <OrganizationList />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe("the console's organisations", () => {
  it('the data provider asks GET /api/admin/organizations with search, page and pageSize, and reads { items, total }', async () => {
    const { calls } = serveApi({ 'GET /api/admin/organizations': { body: { items: [acme], total: 31 } } });
    const result = await createAdminDataProvider().getList('organizations', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: ' acme ' },
    });
    expect(result).toEqual({ data: [acme], total: 31 });
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/organizations?search=acme&page=2&pageSize=25']);
  });

  it('the data provider reads one organisation from GET /api/admin/organizations/:id', async () => {
    serveApi({ 'GET /api/admin/organizations/org-acme': { body: detail } });
    expect((await createAdminDataProvider().getOne('organizations', { id: 'org-acme' })).data).toEqual(detail);
  });

  it('lists name, plan and state, members and owners', async () => {
    renderList(vi.fn(async () => ({ data: [acme, { ...acme, id: 'org-b', name: 'Blocked Co', isBlocked: true, owners: 2, members: 1 }], total: 2 })));
    const row = (await screen.findByText('Acme')).closest('tr')!;
    expect(row).toHaveTextContent('Premium');
    expect(row).toHaveTextContent('4 members');
    expect(row).toHaveTextContent('ada@example.com');
    const blocked = screen.getByText('Blocked Co').closest('tr')!;
    expect(blocked).toHaveTextContent('Blocked');
    expect(blocked).toHaveTextContent('1 member');
    expect(blocked).toHaveTextContent('2 owners');
    expect(await seriousViolations()).toEqual([]);
  });

  it('says when there are no organisations at all', async () => {
    renderList(vi.fn(async () => ({ data: [], total: 0 })));
    expect(await screen.findByTestId('empty-list')).toHaveTextContent('No organisations yet.');
  });

  it('the page shows members with their roles and pending invitations, and blocks through the user route with the organisation’s id', async () => {
    const blockUser = vi.fn(async () => ({ data: {} }));
    render(
      <AdminContext dataProvider={testDataProvider({ getOne: async () => ({ data: detail }), blockUser } as never)}>
        <ResourceContextProvider value="organizations">
          <OrganizationShow id="org-acme" />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const members = await screen.findByTestId('org-members');
    expect(
      within(members)
        .getAllByTestId('org-member')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('ada@example.com'), expect.stringContaining('grace@example.com')]);
    expect(within(members).getAllByTestId('org-member')[0]).toHaveTextContent('Owner');
    expect(within(members).getAllByTestId('org-member')[1]).toHaveTextContent('Billing');
    expect(screen.getByTestId('org-invitations')).toHaveTextContent('linus@example.com · Viewer');
    expect(screen.getByTestId('org-limits')).toHaveTextContent('Limits:');
    expect(screen.getByRole('button', { name: 'Manage Acme' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Block Acme' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Block Organisation');
    expect(dialog).toHaveTextContent('The API keys of Acme will be refused immediately. Its members keep their own accounts.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block Organisation' }));
    await vi.waitFor(() => expect(blockUser).toHaveBeenCalledWith('org-acme'));
  });

  it('an organisation without members or invitations says so', async () => {
    render(
      <AdminContext dataProvider={testDataProvider({ getOne: async () => ({ data: { ...detail, members: [], invitations: [] } }) } as never)}>
        <ResourceContextProvider value="organizations">
          <OrganizationShow id="org-acme" />
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('This organisation has no members.')).toBeInTheDocument();
    expect(screen.getByText('No pending invitations.')).toBeInTheDocument();
  });
});

describe("the console's organisation page opened from the list", () => {
  it('shows the list row it starts from (members as a count) as loading, not as a failure', async () => {
    // react-admin shows the list's cached row while the page's own answer loads: that row counts members.
    render(
      <AdminContext dataProvider={testDataProvider({ getOne: async () => ({ data: acme }) } as never)}>
        <ResourceContextProvider value="organizations">
          <OrganizationShow id="org-acme" />
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByTestId('org-name')).toHaveTextContent('Acme');
    expect(screen.getByTestId('org-members')).not.toHaveTextContent('no members');
    expect(screen.queryByTestId('org-member')).not.toBeInTheDocument();
  });
});
