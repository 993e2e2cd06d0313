import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import type { AdminUser } from '../dataProvider';
import { UserStatus } from './UserList';

const user: AdminUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'free',
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  profileImageUrl: null,
  closedAt: null,
  planGranted: false,
  limits: { hourlyQuota: 100, burstPerSecond: null, custom: false },
  customLimits: { hourlyQuota: null, burstPerSecond: null },
};

function renderStatus(record: AdminUser) {
  return render(
    <AdminContext dataProvider={testDataProvider()}>
      <RecordContextProvider value={record}>
        <UserStatus />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe('user status in the console', () => {
  it('says Active, Blocked, or Closed for an account its customer closed', () => {
    const active = renderStatus(user);
    expect(screen.getByText('Active')).toBeInTheDocument();
    active.unmount();
    const blocked = renderStatus({ ...user, isBlocked: true });
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    blocked.unmount();
    renderStatus({ ...user, email: 'closed-u1@closed.invalid', emailVerified: false, closedAt: '2026-11-24T10:00:00.000Z' });
    expect(screen.getByText('Closed').closest('[title]')).toHaveAttribute('title', 'Closed by the customer on Nov 24, 2026, 10:00 AM UTC');
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Unverified')).not.toBeInTheDocument();
  });
});
