import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import { createAppQueryClient } from '../../app/providers';
import { kathmandu, kolkata, notice } from '../../features/notices/components/notice-fixtures';
import { meQueryKey } from '../../lib/auth';
import { sampleUser } from '../../testing/render';
import type { AdminChangeNotice } from '../dataProvider';
import { UserShow } from './UserShow';
import { sampleAdminUser } from './user-fixtures';

const customer = sampleAdminUser;

/** The user page of `customer`, for a super admin whose display zone is Asia/Kolkata. */
function renderShow(getUserChangeNotices: (id: string) => Promise<AdminChangeNotice[]>) {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(meQueryKey, { ...sampleUser, id: 'root', role: 'super_admin', displayZone: 'Asia/Kolkata' });
  const methods = {
    getOne: async () => ({ data: customer }),
    getManyReference: async () => ({ data: [], total: 0 }),
    getUserUsage: async () => ({ from: '2026-10-31', to: '2026-11-29', timeZone: 'UTC', totalRequests: 0, days: [] }),
    getUserInvoices: async () => [],
    getUserWebhooks: async () => [],
    getUserChangeNotices: vi.fn(getUserChangeNotices),
  };
  render(
    <AdminContext dataProvider={testDataProvider(methods as never)} queryClient={queryClient}>
      <ResourceContextProvider value="users">
        <UserShow id="u1" />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return methods;
}

describe("the console's user page: change notices", () => {
  it('lists the notices newest first: release, zones and changes, pinned keys, whether and when dismissed, in the display zone', async () => {
    const { getUserChangeNotices } = renderShow(async () => [
      notice({ pinnedKeys: [{ keyId: 'k1', name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kolkata] }] }),
      notice({ id: 'n-old', version: '2026g', zones: [kathmandu], createdAt: '2026-10-01T09:00:00.000Z', dismissedAt: '2026-10-02T10:00:00.000Z' }),
    ]);
    const section = await screen.findByTestId('user-notices');
    expect(within(section).getByRole('heading', { name: 'Change Notices' })).toBeInTheDocument();
    const [fresh, old] = await within(section).findAllByTestId('admin-notice');
    expect(getUserChangeNotices).toHaveBeenCalledWith('u1');

    expect(within(fresh).getByRole('heading', { name: 'tz release 2026h' })).toBeInTheDocument();
    expect(fresh).toHaveTextContent('Not dismissed');
    expect(fresh).toHaveTextContent('Received Nov 26, 2026, 2:30 PM GMT+5:30');
    expect(fresh).not.toHaveTextContent('dismissed Nov');
    expect(fresh).toHaveTextContent('Changes one zone their requests used:');
    // The change starts at Kolkata's midnight, written in the admin's display zone with its name.
    expect(within(fresh).getAllByTestId('notice-change')[0]).toHaveTextContent('From Dec 15, 2026, 12:00 AM GMT+5:30: UTC+05:30 (IST) becomes UTC+06:00 (+06)');
    expect(within(fresh).getByTestId('admin-notice-pinned-key')).toHaveTextContent(
      'Key “Billing (frozen)” pinned to 2026f: moving it to 2026h changes one zone:',
    );
    expect(within(fresh).getByTestId('admin-notice-pinned-key')).toHaveTextContent('Asia/Kolkata');

    expect(within(old).getByRole('heading', { name: 'tz release 2026g' })).toBeInTheDocument();
    expect(old).toHaveTextContent('Received Oct 1, 2026, 2:30 PM GMT+5:30 · dismissed Oct 2, 2026, 3:30 PM GMT+5:30');
    expect(old).toHaveTextContent('Asia/Kathmandu');
    expect(within(old).queryByTestId('admin-notice-pinned-key')).toBeNull();
  });

  it('a user without notices reads "No change notices."', async () => {
    renderShow(async () => []);
    const section = await screen.findByTestId('user-notices');
    expect(await within(section).findByText('No change notices.')).toBeInTheDocument();
    expect(within(section).queryByTestId('admin-notice')).toBeNull();
  });

  it('a failed load says so and Retry loads the notices', async () => {
    const load = vi.fn<(id: string) => Promise<AdminChangeNotice[]>>().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce([notice()]);
    renderShow(load);
    const section = await screen.findByTestId('user-notices');
    expect(await within(section).findByText('Could not load the change notices.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('heading', { name: 'tz release 2026h' })).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
