import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BillingPage from '../BillingPage';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

vi.setConfig({ testTimeout: 20_000 });

const stripe = {
  createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_stripe_1' } })),
  confirmCardPayment: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
};

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => ({ mounted: true }) }),
}));

const plans = [
  {
    id: 'free',
    name: 'Free',
    priceMonthly: 0,
    currency: 'usd',
    quota: { limit: 100, windowSeconds: 3600, label: '100 requests per hour' },
    burstPerSecond: null,
    sla: null,
    slaMonthlyDowntimeMinutes: null,
    features: [],
    highlighted: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    priceMonthly: 5,
    currency: 'usd',
    quota: null,
    burstPerSecond: 50,
    sla: '99.9',
    slaMonthlyDowntimeMinutes: 43.8,
    features: ['Unlimited requests'],
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceMonthly: 50,
    currency: 'usd',
    quota: null,
    burstPerSecond: 200,
    sla: '99.95',
    slaMonthlyDowntimeMinutes: 21.9,
    features: ['Unlimited requests'],
    highlighted: false,
  },
];

describe('checkout with Stripe', () => {
  it('uses Elements for the card and Stripe.js confirmCardPayment for 3-D Secure, then complete-subscription', async () => {
    const { calls } = serveApi({
      'GET /api/config': { body: { plans, billing: { mode: 'stripe', publishableKey: 'pk_test_123' } } },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/create-subscription': {
        body: { success: true, subscription: { id: 's1' }, payment: { requiresAction: true, clientSecret: 'pi_1_secret_2' } },
      },
      'POST /api/billing/complete-subscription': { body: { success: true, subscription: { id: 's1', plan: 'premium', status: 'active' } } },
      'GET /api/me': { body: { ...sampleUser, plan: 'premium' } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing?view=plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-banner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    expect(await screen.findByText('Subscription Created!')).toBeInTheDocument();
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith(expect.objectContaining({ type: 'card' }));
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2');
    expect(calls.find((c) => c.url.endsWith('/create-subscription'))?.body).toEqual({ plan: 'premium', paymentMethodId: 'pm_stripe_1' });
    expect(calls.find((c) => c.url.endsWith('/complete-subscription'))?.body).toEqual({ subscriptionId: 's1' });
  });

  it("a failed 3-D Secure shows Payment Failed beside the form with Stripe's message and what to do next", async () => {
    stripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'We are unable to authenticate your payment method.' } } as never);
    serveApi({
      'GET /api/config': { body: { plans, billing: { mode: 'stripe', publishableKey: 'pk_test_123' } } },
      'GET /api/billing/history': { body: [] },
      'POST /api/billing/create-subscription': {
        body: { success: true, subscription: { id: 's2' }, payment: { requiresAction: true, clientSecret: 'pi_2_secret_3' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BillingPage />, { me: sampleUser, route: '/dashboard/billing?view=plans' });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await screen.findByTestId('stripe-card-element');
    await user.click(screen.getByRole('button', { name: 'Pay 5.00 USD' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByTestId('payment-error')).toHaveTextContent(
      'Payment confirmation failed: We are unable to authenticate your payment method. Nothing was charged. Pay again to retry the confirmation, or use another card.',
    );
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
