import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SandboxPortalPage from './SandboxPortalPage';
import { renderWithProviders, sampleUser, serveApi } from '../../testing/render';

vi.setConfig({ testTimeout: 20_000 });

const subscription = {
  id: 's1',
  status: 'active',
  plan: 'premium',
  currentPeriodStart: '2026-11-22T12:00:00.000Z',
  currentPeriodEnd: '2026-12-22T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  stripeSubscriptionId: 'sub_sbx_1',
};
const portal = (cancelAtPeriodEnd: boolean) => ({
  email: 'ada@example.com',
  subscription: { ...subscription, cancelAtPeriodEnd },
  card: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  returnUrl: '/dashboard/billing',
});

describe('SandboxPortalPage', () => {
  it('shows the card and cancels at period end, then resumes', async () => {
    const { calls } = serveApi({
      'GET /api/billing/sandbox/portal': { body: portal(false) },
      'POST /api/billing/sandbox/portal/cancel': { body: portal(true) },
      'POST /api/billing/sandbox/portal/resume': { body: portal(false) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SandboxPortalPage />, { me: { ...sampleUser, plan: 'premium' }, route: '/dashboard/billing/portal?session=abc123abc123' });
    expect(await screen.findByTestId('portal-card')).toHaveTextContent('VISA •••• 4242 · expires 12/2030');
    expect(screen.getByTestId('portal-renewal')).toHaveTextContent('Renews automatically on Dec 22, 2026.');
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText('Subscription Canceled')).toBeInTheDocument();
    expect(screen.getByTestId('portal-renewal')).toHaveTextContent('ends on Dec 22, 2026');
    expect(calls.find((c) => c.url.endsWith('/portal/cancel'))?.body).toEqual({ session: 'abc123abc123' });
    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Subscription Resumed')).toBeInTheDocument();
  });

  it('an invalid or missing session shows a clear message and the way back', async () => {
    serveApi({ 'GET /api/billing/sandbox/portal': { status: 403, body: { status: 403, code: 'invalid_portal_session' } } });
    renderWithProviders(<SandboxPortalPage />, { me: sampleUser, route: '/dashboard/billing/portal?session=expired' });
    expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/dashboard/billing');
  });
});
