import type { AdminUser } from '../dataProvider';

/** The customer the console's user-page tests open: an enterprise account with negotiated limits. */
export const sampleAdminUser: AdminUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'enterprise',
  planGranted: false,
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2026-11-01T09:05:00.000Z',
  profileImageUrl: null,
  limits: { hourlyQuota: 5, burstPerSecond: 200, custom: true },
  customLimits: { hourlyQuota: 5, burstPerSecond: null },
  closedAt: null,
};
