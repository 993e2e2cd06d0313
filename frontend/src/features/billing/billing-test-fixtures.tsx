/** What the BillingPage tests share: the plans, a subscription, invoices, the card form and the browser's history. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import BillingPage from './BillingPage';
import { sampleUser } from '../../testing/render';
import type { PublicPlan } from '../../config/publicConfig';
import type { User } from '../../lib/auth';

export const plan = (id: PublicPlan['id'], name: string, priceMonthly: number): PublicPlan => ({
  id,
  name,
  priceMonthly,
  currency: 'usd',
  quota: id === 'free' ? { limit: 100, windowSeconds: 3600, label: '100 requests per hour' } : null,
  burstPerSecond: null,
  sla: id === 'free' ? null : '99.9',
  slaMonthlyDowntimeMinutes: null,
  features: ['Unlimited requests', 'Priority support'],
  highlighted: id === 'premium',
});
export const config = {
  plans: [plan('free', 'Free', 0), plan('premium', 'Premium', 5), plan('enterprise', 'Enterprise', 50)],
  billing: { mode: 'sandbox', publishableKey: null },
};
export const premiumUser: User = { ...sampleUser, plan: 'premium' };
export const subscription = {
  id: 's1',
  status: 'active',
  plan: 'premium',
  currentPeriodStart: '2026-11-22T12:00:00.000Z',
  currentPeriodEnd: '2026-12-22T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  stripeSubscriptionId: 'sub_sbx_1',
};
export const invoice = (n: number, status = 'paid') => ({
  id: `i${n}`,
  description: `Invoice ${n}`,
  amount: '5',
  currency: 'usd',
  status,
  paidAt: status === 'paid' ? '2026-11-22T12:00:00.000Z' : null,
  createdAt: 'not a date',
  number: `in_${n}`,
  plan: 'premium',
  periodStart: null,
  periodEnd: null,
  receiptUrl: status === 'paid' ? (n === 4 ? 'https://invoice.stripe.com/i/acct_1/in_4' : `/api/billing/invoices/i${n}/receipt.pdf`) : null,
});

export async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByTestId('card-number'), number);
  await user.type(screen.getByTestId('card-expiry'), '1230');
  await user.type(screen.getByTestId('card-cvc'), '123');
}

/** The browser's Back and Forward buttons, for the router the page runs in. */
export function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Browser Back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser Forward
      </button>
    </>
  );
}

export const checkoutWithHistory = () => (
  <>
    <BillingPage />
    <HistoryButtons />
  </>
);

export const threeDsApi = {
  'GET /api/config': { body: config },
  'GET /api/billing/history': { body: [] },
  'POST /api/billing/sandbox/payment-methods': { status: 201, body: { id: 'pm_sbx_2' } },
  'POST /api/billing/create-subscription': {
    body: { success: true, subscription: { ...subscription, status: 'incomplete' }, payment: { requiresAction: true, clientSecret: 'pi_sbx_1_secret_x' } },
  },
};
