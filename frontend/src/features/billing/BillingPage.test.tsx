import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BillingPage from './BillingPage';
import { permissionsOf } from '@tzapi/shared/org-roles';
import { config, invoice, premiumUser, subscription } from './billing-test-fixtures';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';

vi.setConfig({ testTimeout: 20_000 });

describe('BillingPage: plans, subscription and the portal', () => {
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
});

describe('Billing page for a member who may only read billing', () => {
  it('a viewer sees the plan and subscription, but no Upgrade, View Plans or Manage Billing', async () => {
    serveApi({
      'GET /api/config': { body: config },
      'GET /api/billing/subscription': { body: subscription },
      'GET /api/billing/history': { body: [invoice(1)] },
    });
    const viewer = {
      ...premiumUser,
      organization: { id: 'org-acme', name: 'Acme', personal: false, role: 'viewer' as const },
      permissions: permissionsOf('viewer'),
    };
    renderWithProviders(<BillingPage />, { me: viewer });
    expect(await screen.findByText('Subscription Details')).toBeInTheDocument();
    for (const name of ['Upgrade to Enterprise', 'View Plans', 'Manage Billing']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
