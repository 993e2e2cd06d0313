import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import BillingPage from './BillingPage';
import { CONFIRMATION_FAILED } from './upgrade-flow';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';
import type { PublicPlan } from '../../config/publicConfig';
import type { User } from '../../lib/auth';

vi.setConfig({ testTimeout: 20_000 });

const plan = (id: PublicPlan['id'], name: string, priceMonthly: number): PublicPlan => ({
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
const config = {
  plans: [plan('free', 'Free', 0), plan('premium', 'Premium', 5), plan('enterprise', 'Enterprise', 50)],
  billing: { mode: 'sandbox', publishableKey: null },
};
const premiumUser: User = { ...sampleUser, plan: 'premium' };
const subscription = {
  id: 's1',
  status: 'active',
  plan: 'premium',
  currentPeriodStart: '2026-11-22T12:00:00.000Z',
  currentPeriodEnd: '2026-12-22T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  stripeSubscriptionId: 'sub_sbx_1',
};
const invoice = (n: number, status = 'paid') => ({
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

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByTestId('card-number'), number);
  await user.type(screen.getByTestId('card-expiry'), '1230');
  await user.type(screen.getByTestId('card-cvc'), '123');
}

/** The browser's Back and Forward buttons, for the router the page runs in. */
function HistoryButtons() {
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

const checkoutWithHistory = () => (
  <>
    <BillingPage />
    <HistoryButtons />
  </>
);

const threeDsApi = {
  'GET /api/config': { body: config },
  'GET /api/billing/history': { body: [] },
  'POST /api/billing/sandbox/payment-methods': { status: 201, body: { id: 'pm_sbx_2' } },
  'POST /api/billing/create-subscription': {
    body: { success: true, subscription: { ...subscription, status: 'incomplete' }, payment: { requiresAction: true, clientSecret: 'pi_sbx_1_secret_x' } },
  },
};

describe('BillingPage', () => {
  it('a free user upgrades with 4242 in the sandbox: plans, payment, success toast, back on the dashboard', async () => {
    const { calls } = serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/sandbox/payment-methods': { status: 201, body: { id: 'pm_sbx_1', brand: 'visa', last4: '4242' } },
      'POST /api/billing/create-subscription': { body: { success: true, subscription, payment: { requiresAction: false, clientSecret: null } } },
      'GET /api/me': { body: premiumUser },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: sampleUser });
    expect(await screen.findByText('No billing history yet.')).toBeInTheDocument();
    expect(screen.getByTestId('billing-plan-badge')).toHaveTextContent('Free');
    expect(screen.queryByText('Subscription Details')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-card-premium')).getByText('Recommended')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByRole('heading', { name: 'Complete Your Upgrade' })).toBeInTheDocument();
    expect(screen.getByText(/upgrading to the Premium plan/)).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-banner')).toHaveTextContent('Sandbox: no real charges');

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    expect(await screen.findByText('Subscription Created!')).toBeInTheDocument();
    expect(screen.getByText('Successfully upgraded to the Premium plan')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Billing & Subscription' })).toBeInTheDocument());
    expect(calls.find((c) => c.url.endsWith('/sandbox/payment-methods'))?.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: '',
    });
    expect(calls.find((c) => c.url.endsWith('/create-subscription'))?.body).toEqual({ plan: 'premium', paymentMethodId: 'pm_sbx_1' });
  });

  it('checks the card before sending it', async () => {
    const { calls } = serveApi({ 'GET /api/config': { body: config }, 'GET /api/billing/history': { body: [] } });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing?view=plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Enterprise' }));
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay 50.00 USD' }));
    expect(screen.getByText('Your card number is invalid.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a card needing 3-D Secure shows the confirmation step, then completes', async () => {
    const { calls } = serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/sandbox/payment-methods': { status: 201, body: { id: 'pm_sbx_2' } },
      'POST /api/billing/create-subscription': {
        body: { success: true, subscription: { ...subscription, status: 'incomplete' }, payment: { requiresAction: true, clientSecret: 'pi_sbx_1_secret_x' } },
      },
      'POST /api/billing/sandbox/confirm': { body: { ok: true } },
      'POST /api/billing/complete-subscription': { body: { success: true, subscription } },
      'GET /api/me': { body: premiumUser },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing?view=plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your payment' })).toBeInTheDocument();
    expect(screen.getByTestId('processing-alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText('Subscription Created!')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/sandbox/confirm'))?.body).toEqual({ clientSecret: 'pi_sbx_1_secret_x' });
    expect(calls.find((c) => c.url.endsWith('/complete-subscription'))?.body).toEqual({ subscriptionId: 's1' });
  });

  it('a declined card shows Payment Failed with the reason and stays on the payment view', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/sandbox/payment-methods': { status: 201, body: { id: 'pm_sbx_3' } },
      'POST /api/billing/create-subscription': { body: { success: false, error: 'Your card was declined.' } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing?view=plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(/Payment Failed\s*Your card was declined\./);
    // Said once, beside the form: no toast repeats it.
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(screen.getAllByText('Payment Failed')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Complete Your Upgrade' })).toBeInTheDocument();
    // Cancelling returns a free user to the plans view.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
  });

  it('a paid user sees Subscription Details, Auto Renewal, 5 history rows with View All History', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: { ...subscription, cancelAtPeriodEnd: true, status: 'past_due' } },
      'GET /api/billing/history': { body: [invoice(1), invoice(2, 'pending'), invoice(3, 'failed'), invoice(4), invoice(5), invoice(6), invoice(7)] },
      'GET /api/billing/invoices': () => ({
        body: {
          items: [invoice(1), invoice(2, 'pending'), invoice(3, 'failed'), invoice(4), invoice(5), invoice(6), invoice(7)],
          total: 7,
          offset: 0,
          limit: 10,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: premiumUser });
    expect(await screen.findByText('Subscription Details')).toBeInTheDocument();
    expect(await screen.findByTestId('auto-renewal')).toHaveTextContent('Disabled (Canceling)');
    expect(screen.getAllByTestId('subscription-status')[0]).toHaveTextContent('Past due');
    expect(screen.getByText('Dec 22, 2026')).toBeInTheDocument();
    expect(screen.getAllByTestId('billing-history-row')).toHaveLength(5);
    expect(screen.getAllByText('5.00 USD').length).toBeGreaterThan(0);
    expect(screen.getByText('Invoice 2').parentElement?.textContent).toContain('Invalid date');
    // Paid invoices link their receipt: the server's PDF, or Stripe's hosted invoice when there is one.
    expect(screen.getByRole('link', { name: 'Receipt in_1 (PDF)' })).toHaveAttribute('href', '/api/billing/invoices/i1/receipt.pdf');
    expect(screen.getByRole('link', { name: 'Invoice in_4 (opens Stripe)' })).toHaveAttribute('href', 'https://invoice.stripe.com/i/acct_1/in_4');
    expect(screen.queryByRole('link', { name: 'Receipt in_2 (PDF)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View All History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing History' });
    await waitFor(() => expect(within(dialog).getAllByTestId('billing-history-row')).toHaveLength(7));
    expect(within(dialog).getByText('1–7 of 7')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  });

  it('premium → enterprise goes through Confirm Plan Change and toasts Plan Updated!', async () => {
    const { calls } = serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: subscription },
      'GET /api/billing/history': { body: [invoice(1)] },
      'POST /api/billing/update-plan': { body: { success: true, subscription: { ...subscription, plan: 'enterprise' } } },
      'GET /api/me': { body: { ...premiumUser, plan: 'enterprise' } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: premiumUser });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Enterprise' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Plan Change' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText('Plan Updated!')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/update-plan'))?.body).toEqual({ plan: 'enterprise' });
  });

  it('an enterprise user sees Current Plan and a disabled Downgrade in the plans view', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: { ...subscription, plan: 'enterprise' } },
      'GET /api/billing/history': { body: [] },
    });
    renderWithProviders(<BillingPage />, { me: { ...premiumUser, plan: 'enterprise' }, route: '/dashboard/billing?view=plans' });
    expect(await screen.findByRole('button', { name: 'Downgrade' })).toBeDisabled();
    expect(within(screen.getByTestId('plan-card-enterprise')).getByText('Current Plan', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it('a refused plan change toasts Update Failed with the server message', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: subscription },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/update-plan': { body: { success: false, error: 'Your card was declined.' } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: premiumUser });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Enterprise' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm Plan Change' })).getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
  });

  it('Manage Billing: a server error and a missing url both say Billing Portal Unavailable', async () => {
    let answer: { status?: number; body?: unknown } = { status: 400, body: { status: 400, title: 'Bad Request', detail: 'There is no billing account yet.' } };
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: subscription },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/portal-session': () => answer,
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: premiumUser });
    await user.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Billing Portal Unavailable')).toBeInTheDocument();
    expect(screen.getByText('There is no billing account yet.')).toBeInTheDocument();
    answer = { body: {} };
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('No portal URL received')).toBeInTheDocument();
  });

  it('a paid user reaches the plans view from the billing page: Current Plan and a disabled Downgrade', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: { ...subscription, plan: 'enterprise' } },
      'GET /api/billing/history': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: { ...premiumUser, plan: 'enterprise' } });
    await user.click(await screen.findByRole('button', { name: 'View Plans' }));
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Downgrade' })).toBeDisabled();
    expect(within(screen.getByTestId('plan-card-enterprise')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });

  it('a granted plan says so, and Upgrade to Enterprise starts a checkout instead of a plan change', async () => {
    const { calls } = serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: null },
      'GET /api/billing/history': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: { ...premiumUser, planGranted: true } });
    expect(await screen.findByTestId('plan-granted')).toHaveTextContent('Plan granted by TimeZone API');
    expect(await screen.findByRole('button', { name: 'Start Subscription' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm Plan Change' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Complete Your Upgrade' })).toBeInTheDocument();
    expect(screen.getByText(/upgrading to the Enterprise plan/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/update-plan'))).toBe(false);
  });

  it("limits set for this account replace the plan's 'unlimited' in the plan text, in the dashboard's words", async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: { ...subscription, plan: 'enterprise' } },
      'GET /api/billing/history': { body: [] },
    });
    renderWithProviders(<BillingPage />, {
      me: { ...sampleUser, plan: 'enterprise', limits: { hourlyQuota: 5, burstPerSecond: 200, custom: true } },
    });
    const text = await screen.findByTestId('plan-description');
    expect(text).toHaveTextContent('$50/month: 5 requests per hour, up to 200 per second (set for this account), 99.9% uptime SLA');
    expect(text).not.toHaveTextContent(/unlimited/i);
  });

  it('Manage Billing without a billing account explains it and leads to the plans', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: null },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/portal-session': {
        status: 400,
        body: { status: 400, code: 'no_billing_account', title: 'Bad Request', detail: 'There is no billing account yet.' },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: { ...premiumUser, planGranted: true } });
    await user.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'No Billing Account Yet' });
    expect(screen.queryByText('Billing Portal Unavailable')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Choose a Plan' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-card-premium')).getByRole('button', { name: 'Start Subscription' })).toBeEnabled();
  });

  it('each view and checkout step has its own address: Back from the card form returns to the plans, Forward to the same plan', async () => {
    const { calls } = serveApi({ 'GET /api/config': { body: config }, 'GET /api/billing/history': { body: [] } });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(checkoutWithHistory(), { me: sampleUser, route: '/dashboard/billing' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/billing/plans');
    await user.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/billing/checkout/enterprise');
    await fillCard(user, '4242424242424242');

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/billing/plans');

    await user.click(screen.getByRole('button', { name: 'Browser Forward' }));
    expect(await screen.findByRole('heading', { name: 'Complete Your Upgrade' })).toBeInTheDocument();
    expect(screen.getByText(/upgrading to the Enterprise plan/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay 50.00 USD' })).toBeInTheDocument();
    // The card is never kept (not in the address, not in storage): it is typed again.
    expect(screen.getByTestId('card-number')).toHaveValue('');
    expect(screen.getByTestId('location')).not.toHaveTextContent('4242');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('4242');

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    await user.click(await screen.findByRole('button', { name: 'Browser Back' }));
    expect(await screen.findByRole('heading', { name: 'Billing & Subscription' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a checkout address opened directly shows that plan’s card form; one that no longer applies shows the billing page', async () => {
    serveApi({ 'GET /api/config': { body: config }, 'GET /api/billing/history': { body: [] }, 'GET /api/billing/subscription': { body: subscription } });
    const first = renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing/checkout/premium' });
    expect(await screen.findByRole('heading', { name: 'Complete Your Upgrade' })).toBeInTheDocument();
    expect(screen.getByText(/upgrading to the Premium plan/)).toBeInTheDocument();
    first.unmount();
    // The 3-D Secure step with no payment waiting for it (a reload, or Forward after it settled): the card form.
    const second = renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing/checkout/premium/confirm' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/billing\/checkout\/premium$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();
    // Already on Premium, paid by card: nothing to check out.
    renderWithProviders(<BillingPage />, { me: premiumUser, route: '/dashboard/billing/checkout/premium' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/billing$/));
    expect(await screen.findByText('Subscription Details')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete Your Upgrade' })).not.toBeInTheDocument();
  });

  it('3-D Secure has its own address; failing it is said once, beside the form, with what to do next', async () => {
    const { calls } = serveApi(threeDsApi);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(checkoutWithHistory(), { me: sampleUser, route: '/dashboard/billing/plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/billing/checkout/premium/confirm'));
    await user.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(CONFIRMATION_FAILED);
    expect(CONFIRMATION_FAILED).toMatch(/^Payment confirmation failed: .*\. Nothing was charged\. Pay again .* or use another card\.$/);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/billing\/checkout\/premium$/));
    expect(calls.some((c) => c.url.endsWith('/sandbox/confirm'))).toBe(false);
    // The step left the history as it came: Back goes to the plans.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
  });

  it('Back during 3-D Secure leaves the confirmation unanswered: the card form says it failed and what to do', async () => {
    const { calls } = serveApi(threeDsApi);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(checkoutWithHistory(), { me: sampleUser, route: '/dashboard/billing/plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/billing/checkout/premium/confirm'));
    await user.click(screen.getByRole('button', { name: 'Browser Back', hidden: true }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(CONFIRMATION_FAILED);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/billing\/checkout\/premium$/);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/sandbox/confirm'))).toBe(false);
  });
});
