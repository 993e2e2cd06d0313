import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import type { Models } from '../../lib/api-models';
import { AuditLogList } from './AuditLogList';
import { ACTION_LABELS, describeChange } from './auditText';

type AuditEntry = Models['AuditLogView'];

// As PostgreSQL's jsonb stores before and after: keys by length, so the effective limits come before the custom ones.
const limitsChange: AuditEntry = {
  id: 'a1',
  actorId: 'admin1',
  actorEmail: 'root@example.com',
  action: 'user.limits_change',
  targetType: 'user',
  targetId: '6f1c2a4e-8d0b-4a3c-9e57-0b8f3f1d2c11',
  before: {
    plan: 'enterprise',
    email: 'ada@example.com',
    limits: { hourlyQuota: null, burstPerSecond: 200, custom: false },
    customLimits: { hourlyQuota: null, burstPerSecond: null },
  },
  after: {
    plan: 'enterprise',
    email: 'ada@example.com',
    limits: { hourlyQuota: 5, burstPerSecond: 200, custom: true },
    customLimits: { hourlyQuota: 5, burstPerSecond: null },
  },
  ipAddress: '127.0.0.1',
  createdAt: '2026-11-23T06:27:00.000Z',
};

describe('the audit log', () => {
  it('reads a custom-limits change in words: a label for the action, limits and plan defaults spelled out, the time in the display zone (the test browser’s UTC)', async () => {
    const getList = vi.fn(async () => ({ data: [limitsChange], total: 1 }));
    render(
      <AdminContext dataProvider={testDataProvider({ getList } as never)}>
        <ResourceContextProvider value="audit-log">
          <AuditLogList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const row = (await screen.findByText('Limits changed')).closest('tr')!;
    expect(within(row).queryByText(/user\.limits_change/)).toBeNull();
    expect(within(row).getByText('Nov 23, 2026, 6:27 AM UTC')).toBeInTheDocument();
    const change = within(row).getByText(/custom limits/);
    expect(change).toHaveTextContent(
      'ada@example.com: custom limits plan default → 5 requests/hour, plan default/second; effective limits unlimited/hour, 200/second → 5 requests/hour, 200/second',
    );
    expect(row).not.toHaveTextContent('[object Object]');
  });

  it('names every action the server records', () => {
    for (const [code, label] of Object.entries(ACTION_LABELS)) expect([code, label]).not.toEqual([code, code]);
    expect(ACTION_LABELS['api_key.rotate']).toBe('Key rotated');
  });

  it('formats dates and plans in other changes, and never shows a raw object', () => {
    expect(
      describeChange(
        {
          before: { plan: 'premium', closedAt: null },
          after: { plan: 'free', closedAt: '2026-11-23T06:27:00.000Z', keysRevoked: 2, subscriptionsEnded: 1 },
        },
        'Asia/Kolkata',
      ),
    ).toBe('plan Premium → Free; closed — → Nov 23, 2026, 11:57 AM GMT+5:30; keys revoked — → 2; subscriptions ended — → 1');
    expect(describeChange({ before: { closedAt: null }, after: { closedAt: '2026-11-23T06:27:00.000Z' } }, 'UTC')).toBe('closed — → Nov 23, 2026, 6:27 AM UTC');
    expect(describeChange({ before: { meta: { a: 1 } }, after: { meta: { a: 2 } } }, 'UTC')).toBe('meta a 1 → a 2');
  });
});
