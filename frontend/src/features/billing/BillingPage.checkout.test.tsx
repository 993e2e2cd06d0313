import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BillingPage from './BillingPage';
import { CONFIRMATION_FAILED } from './upgrade-flow';
import { checkoutWithHistory, config, fillCard, premiumUser, subscription, threeDsApi } from './billing-test-fixtures';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';

vi.setConfig({ testTimeout: 20_000 });

describe('BillingPage: checkout', () => {
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
