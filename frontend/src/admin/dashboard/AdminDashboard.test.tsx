import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import type { AdminOverview } from '../dataProvider';
import { AdminDashboard } from './AdminDashboard';

const signups = (count: (i: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({ date: new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10), count: count(i) }));

const overview: AdminOverview = {
  signupsPerDay: signups((i) => (i === 26 ? 2 : i === 0 ? 1 : 0)),
  timeZone: 'UTC',
  signupsTotal: 3,
  paidAccounts: 3,
  mrr: {
    amount: 60,
    currency: 'usd',
    perPlan: [
      { plan: 'premium', subscriptions: 2, amount: 10 },
      { plan: 'enterprise', subscriptions: 1, amount: 50 },
    ],
  },
  errorRate: {
    from: '2026-11-25T12:00:00.000Z',
    to: '2026-11-26T12:00:00.000Z',
    requests: 10,
    clientErrors: 3,
    serverErrors: 1,
    clientErrorPercent: 30,
    serverErrorPercent: 10,
  },
};

function renderDashboard(getOverview: (tz: string) => Promise<AdminOverview>) {
  const getStats = vi.fn(async () => ({ totalUsers: 7, totalRequests: 1234, totalApiKeys: 4 }));
  render(
    <AdminContext dataProvider={testDataProvider({ getStats, getOverview } as never)}>
      <AdminDashboard />
    </AdminContext>,
  );
}

describe("the console's overview", () => {
  it('shows paid accounts, MRR per plan, the error rate of the last 24 hours (window in the display zone, here UTC) and signups per day', async () => {
    const getOverview = vi.fn(async () => overview);
    renderDashboard(getOverview);
    await waitFor(() => expect(screen.getByTestId('overview-paid-value')).toHaveTextContent(/^3$/));
    // Days are cut in the display zone (the test browser's UTC), and the caption says which.
    expect(getOverview).toHaveBeenCalledWith('UTC');
    const mrr = screen.getByTestId('overview-mrr');
    expect(within(mrr).getByTestId('overview-mrr-value')).toHaveTextContent(/^\$60\.00$/);
    expect(mrr).toHaveTextContent('Premium: 2 × $5.00 · Enterprise: 1 × $50.00');
    const errors = screen.getByTestId('overview-errors');
    expect(within(errors).getByTestId('overview-errors-value')).toHaveTextContent('10% 5xx · 30% 4xx');
    expect(errors).toHaveTextContent('3 × 4xx, 1 × 5xx of 10 requests, Nov 25, 2026, 12:00 PM UTC to Nov 26, 2026, 12:00 PM UTC');
    const chart = screen.getByTestId('overview-signups');
    expect(within(chart).getByTestId('overview-signups-total')).toHaveTextContent('3');
    expect(chart).toHaveTextContent('Last 30 days, days from midnight in Coordinated Universal Time (UTC): 3 new accounts');
    expect(within(chart).getByRole('img', { name: 'Signups per day from 2026-10-28 to 2026-11-26 (UTC)' })).toBeInTheDocument();
    expect(screen.getByTestId('stat-requests')).toHaveTextContent('1,234');
  });

  it('a quiet month reads as such: no signups, no paid subscriptions, no requests', async () => {
    renderDashboard(async () => ({
      ...overview,
      signupsPerDay: signups(() => 0),
      signupsTotal: 0,
      paidAccounts: 0,
      mrr: { amount: 0, currency: 'usd', perPlan: [] },
      errorRate: { ...overview.errorRate, requests: 0, clientErrors: 0, serverErrors: 0, clientErrorPercent: 0, serverErrorPercent: 0 },
    }));
    expect(await screen.findByText('No signups in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByTestId('overview-mrr-value')).toHaveTextContent(/^\$0\.00$/);
    expect(screen.getByTestId('overview-mrr')).toHaveTextContent('no paid subscriptions');
    expect(screen.getByTestId('overview-errors-value')).toHaveTextContent('0% 5xx · 0% 4xx');
  });

  it('a failed load offers a retry', async () => {
    const getOverview = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(overview);
    renderDashboard(getOverview);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('overview-paid-value')).toHaveTextContent(/^3$/));
  });
});
