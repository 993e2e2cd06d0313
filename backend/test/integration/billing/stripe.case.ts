import Stripe from 'stripe';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { Invoice } from '../../../src/modules/billing/invoice.entity.js';
import { Subscription } from '../../../src/modules/billing/subscription.entity.js';
import { createUser, signedInClient } from '../../factories/index.js';
import type { FakeStripe } from '../../support/fake-stripe.js';
import { appWithStripe } from '../../support/fixtures.js';
import { billingEventRows, planOfUser, subscribedUser } from './stripe-subscriber.js';
import type { AppWithStripe } from '../../support/fixtures.js';
import type { TestClient } from '../../support/http.js';
import type { TestApp } from '../../support/test-app.js';

/** The Stripe path: the real `stripe` SDK pointed at a local server speaking Stripe's wire format. */
describe('billing with Stripe', () => {
  let stripe: AppWithStripe;
  let fake: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await appWithStripe();
    ({ fake, t } = stripe);
  });
  afterAll(() => stripe?.close());

  const planOf = (userId: string) => planOfUser(t, userId);
  const eventRows = (eventId: string) => billingEventRows(t, eventId);
  const subscribed = (paymentMethodId?: string, plan?: string) => subscribedUser(t, paymentMethodId, plan);

  it('tells the browser Stripe is on, with the publishable key', async () => {
    const res = await t.client().get('/api/config');
    expect(res.body.billing).toEqual({ mode: 'stripe', publishableKey: fake.publishableKey });
  });

  it('upgrades a free user to premium with the 4242 card: plan, subscription details and a paid history row', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    expect((await client.get('/api/billing/subscription')).body).toBeNull();

    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_visa' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.payment).toEqual({ requiresAction: false, clientSecret: null });
    expect(res.body.subscription).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false });
    expect(res.body.subscription.stripeSubscriptionId).toMatch(/^sub_/);
    expect(await planOf(user.id)).toBe('premium');

    const sub = await client.get('/api/billing/subscription');
    expect(sub.body).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false });
    expect(new Date(sub.body.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());

    const history = await client.get('/api/billing/history');
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ amount: '5.00', currency: 'usd', status: 'paid' });
    expect(history.body[0].paidAt).not.toBeNull();
    // The receipt is Stripe's hosted invoice, with Stripe's number, plan and period.
    expect(history.body[0]).toMatchObject({
      number: expect.stringMatching(/^FAKE-\d{4}$/),
      plan: 'premium',
      receiptUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\/i\/acct_fake\/in_/),
    });
    expect(history.body[0].periodEnd).toBe(sub.body.currentPeriodEnd);

    // The Stripe calls carried the plan's price and a card attached to the user's one customer.
    const create = fake.requestsTo('POST', '/v1/subscriptions').at(-1)!;
    expect(create.params.items[0].price).toBe('price_fake_premium');
    expect(create.params.customer).toMatch(/^cus_/);
  });

  it('closing the account cancels the subscription at Stripe at once; the invoice stays', async () => {
    const { user, client } = await subscribed();
    const res = await client.post('/api/me/close', { email: user.email, password: (user as User & { password: string }).password });
    expect(res.status).toBe(200);
    const subscriptionId = (await t.orm.em.fork().findOneOrFail(Subscription, { user: user.id })).providerSubscriptionId;
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect((await t.orm.em.fork().findOneOrFail(Subscription, { user: user.id }, { refresh: true })).status).toBe('canceled');
    expect(await planOf(user.id)).toBe('free');
    expect(await t.orm.em.fork().count(Invoice, { user: user.id })).toBe(1);
  });

  it('while Stripe cannot cancel the subscription, the account is not closed (502) and keeps working', async () => {
    const { user, client } = await subscribed();
    fake.unavailable = /^DELETE \/v1\/subscriptions\//;
    try {
      const res = await client.post('/api/me/close', { email: user.email, password: (user as User & { password: string }).password });
      expect([res.status, res.body.code]).toEqual([502, 'payment_provider_unavailable']);
    } finally {
      fake.unavailable = null;
    }
    expect((await client.get('/api/me')).body).toMatchObject({ email: user.email, closedAt: null, plan: 'premium' });
  });

  it('creates the Stripe customer once per user', async () => {
    const { client } = await subscribed();
    const before = fake.requestsTo('POST', '/v1/customers').filter((r) => r.path === '/v1/customers').length;
    await client.post('/api/billing/portal-session');
    await client.post('/api/billing/update-plan', { plan: 'enterprise' });
    expect(fake.requestsTo('POST', '/v1/customers').filter((r) => r.path === '/v1/customers').length).toBe(before);
  });

  it('a card needing 3-D Secure: requiresAction, then confirm, then complete-subscription gives the plan', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_authenticationRequired' });
    expect(res.body.success).toBe(true);
    expect(res.body.payment.requiresAction).toBe(true);
    expect(res.body.payment.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(await planOf(user.id)).toBe('free');

    fake.confirmCardPayment(res.body.payment.clientSecret); // what Stripe.js confirmCardPayment does in the browser
    const done = await client.post('/api/billing/complete-subscription', { subscriptionId: res.body.subscription.stripeSubscriptionId });
    expect(done.body.success).toBe(true);
    expect(done.body.subscription).toMatchObject({ plan: 'premium', status: 'active' });
    expect(await planOf(user.id)).toBe('premium');
    expect((await client.get('/api/billing/history')).body[0].status).toBe('paid');
  });

  it('complete-subscription without the 3-D Secure step leaves the user on free', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const res = await client.post('/api/billing/create-subscription', { plan: 'enterprise', paymentMethodId: 'pm_card_threeDSecure2Required' });
    expect(res.body.payment.requiresAction).toBe(true);
    const done = await client.post('/api/billing/complete-subscription', { subscriptionId: res.body.subscription.id });
    expect(done.body).toMatchObject({ success: false, error: 'Payment confirmation failed' });
    expect(await planOf(user.id)).toBe('free');
  });

  it('a declined card leaves the user on free with the decline reason', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_chargeDeclined' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, error: 'Your card was declined.' });
    expect(await planOf(user.id)).toBe('free');
    expect((await client.get('/api/billing/subscription')).body).toBeNull();
  });

  it('a card that attaches but fails the charge leaves free, cancels the attempt and shows a failed history row', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_chargeCustomerFail' });
    expect(res.body).toMatchObject({ success: false, error: 'Your card was declined.' });
    expect(await planOf(user.id)).toBe('free');
    const history = await client.get('/api/billing/history');
    expect(history.body.map((h: { status: string }) => h.status)).toEqual(['failed']);
    expect(fake.requestsTo('DELETE', '/v1/subscriptions/').length).toBeGreaterThan(0);
  });

  it('premium to enterprise is prorated immediately (always_invoice) and the limits follow', async () => {
    const { user, client, stripeSubscriptionId } = await subscribed();
    const res = await client.post('/api/billing/update-plan', { plan: 'enterprise' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.subscription.plan).toBe('enterprise');
    expect(await planOf(user.id)).toBe('enterprise');

    const update = fake.requestsTo('POST', `/v1/subscriptions/${stripeSubscriptionId}`).at(-1)!;
    expect(update.params.proration_behavior).toBe('always_invoice');
    expect(update.params.items[0].price).toBe('price_fake_enterprise');
    const history = (await client.get('/api/billing/history')).body as { amount: string; status: string; description: string }[];
    expect(history).toHaveLength(2);
    const row = history.find((h) => h.description === 'Prorated plan change')!;
    const proration = Number(row.amount);
    expect(proration).toBeGreaterThan(0);
    expect(proration).toBeLessThanOrEqual(45);
    expect(row.status).toBe('paid');
  });

  it('upgrading a subscription that was set to cancel at period end keeps it renewing', async () => {
    const { client, stripeSubscriptionId } = await subscribed();
    const sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    await sdk.subscriptions.update(stripeSubscriptionId, { cancel_at_period_end: true });
    await fake.sendEvent('customer.subscription.updated', fake.subscriptionSnapshot(stripeSubscriptionId));
    expect((await client.get('/api/billing/subscription')).body.cancelAtPeriodEnd).toBe(true);
    const res = await client.post('/api/billing/update-plan', { plan: 'enterprise' });
    expect(res.body).toMatchObject({ success: true, subscription: { plan: 'enterprise', cancelAtPeriodEnd: false } });
    expect(fake.subscriptionSnapshot(stripeSubscriptionId).cancel_at_period_end).toBe(false);
  });

  it('a declined proration leaves the user on premium, also when its payment_failed webhook arrives', async () => {
    const { user, client, stripeSubscriptionId } = await subscribed();
    fake.breakCard(stripeSubscriptionId);
    const res = await client.post('/api/billing/update-plan', { plan: 'enterprise' });
    expect(res.body).toMatchObject({ success: false, error: 'Your card was declined.' });
    expect(await planOf(user.id)).toBe('premium');
    expect(fake.subscriptionSnapshot(stripeSubscriptionId).pending_update).not.toBeNull();
    const failed = fake.subscriptionSnapshot(stripeSubscriptionId).latest_invoice as string;
    expect((await fake.sendEvent('invoice.payment_failed', fake.invoiceSnapshot(failed))).status).toBe(200);
    expect(await planOf(user.id)).toBe('premium');
    expect((await client.get('/api/billing/subscription')).body.plan).toBe('premium');
  });

  describe("the console's plan change on a Stripe subscriber", () => {
    let admin: TestClient;
    beforeAll(async () => {
      admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
    });

    it('swaps the price prorated (always_invoice) and the user follows', async () => {
      const { user, client, stripeSubscriptionId } = await subscribed();
      const res = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'enterprise' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ plan: 'enterprise', planGranted: false });
      const update = fake.requestsTo('POST', `/v1/subscriptions/${stripeSubscriptionId}`).at(-1)!;
      expect(update.params).toMatchObject({ proration_behavior: 'always_invoice', items: [expect.objectContaining({ price: 'price_fake_enterprise' })] });
      expect((await client.get('/api/billing/history')).body.find((h: { description: string }) => h.description === 'Prorated plan change')).toMatchObject({
        status: 'paid',
      });
    });

    it('a declined proration is a 402 problem and the plan stays', async () => {
      const { user, stripeSubscriptionId } = await subscribed();
      fake.breakCard(stripeSubscriptionId);
      const res = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'enterprise' });
      expect(res.status).toBe(402);
      expect(res.body.code).toBe('plan_change_not_paid');
      expect(await planOf(user.id)).toBe('premium');
    });

    it('free cancels the subscription at Stripe at once', async () => {
      const { user, client, stripeSubscriptionId } = await subscribed();
      const res = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'free' });
      expect(res.body).toMatchObject({ plan: 'free', planGranted: false });
      expect(fake.requestsTo('DELETE', `/v1/subscriptions/${stripeSubscriptionId}`)).toHaveLength(1);
      expect(fake.subscriptionSnapshot(stripeSubscriptionId).status).toBe('canceled');
      expect((await client.get('/api/billing/subscription')).body).toBeNull();
    });
  });

  it('refuses a downgrade and the same plan with clear codes', async () => {
    const { client } = await subscribed('pm_card_visa', 'enterprise');
    const down = await client.post('/api/billing/update-plan', { plan: 'premium' });
    expect(down.status).toBe(400);
    expect(down.body.code).toBe('downgrade_not_supported');
    const same = await client.post('/api/billing/update-plan', { plan: 'enterprise' });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('same_plan');
    const free = await client.post('/api/billing/update-plan', { plan: 'free' });
    expect(free.body.code).toBe('downgrade_not_supported');
  });

  it('a free user cannot update-plan, and a paid one cannot subscribe twice', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    expect((await client.post('/api/billing/update-plan', { plan: 'enterprise' })).body.code).toBe('no_subscription');
    const { client: paid } = await subscribed();
    const again = await paid.post('/api/billing/create-subscription', { plan: 'enterprise', paymentMethodId: 'pm_card_visa' });
    expect(again.status).toBe(409);
  });

  it('two upgrades at once (double click, two tabs) charge once', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const before = fake.requestsTo('POST', '/v1/subscriptions').filter((r) => r.path === '/v1/subscriptions').length;
    const results = await Promise.all([
      client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_visa' }),
      client.post('/api/billing/create-subscription', { plan: 'enterprise', paymentMethodId: 'pm_card_visa' }),
    ]);
    expect(results.filter((r) => r.status === 200 && r.body.success)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
    expect(fake.requestsTo('POST', '/v1/subscriptions').filter((r) => r.path === '/v1/subscriptions').length).toBe(before + 1);
  });

  it('a new attempt cancels an earlier one still waiting for 3-D Secure', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const first = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_threeDSecure2Required' });
    expect(first.body.payment.requiresAction).toBe(true);
    const second = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_visa' });
    expect(second.body.success).toBe(true);
    expect(fake.subscriptionSnapshot(first.body.subscription.stripeSubscriptionId).status).toBe('incomplete_expired');
    expect(await planOf(user.id)).toBe('premium');
    // The abandoned attempt's invoice is voided at Stripe and is no bill here: one paid invoice, no pending one.
    const abandoned = fake.subscriptionSnapshot(first.body.subscription.stripeSubscriptionId).latest_invoice as string;
    expect(fake.invoiceSnapshot(abandoned).status).toBe('void');
    expect((await client.get('/api/billing/history')).body.map((h: { status: string }) => h.status)).toEqual(['paid']);
  });

  it('invoice.paid adds a history row', async () => {
    const { client, stripeSubscriptionId } = await subscribed();
    const invoice = fake.renew(stripeSubscriptionId);
    const res = await fake.sendEvent('invoice.paid', fake.invoiceSnapshot(invoice.id));
    expect(res.status).toBe(200);
    const history = (await client.get('/api/billing/history')).body;
    expect(history).toHaveLength(2);
    expect(history.every((h: { status: string }) => h.status === 'paid')).toBe(true);
  });

  it('invoice.payment_failed on a renewal takes the plan back to free; a later invoice.paid restores it', async () => {
    const { user, client, stripeSubscriptionId } = await subscribed();
    const failed = fake.renew(stripeSubscriptionId, { fail: true });
    expect((await fake.sendEvent('invoice.payment_failed', fake.invoiceSnapshot(failed.id))).status).toBe(200);
    expect(await planOf(user.id)).toBe('free');
    const history = (await client.get('/api/billing/history')).body;
    expect(history.map((h: { status: string }) => h.status).sort()).toEqual(['failed', 'paid']);

    const retried = fake.renew(stripeSubscriptionId);
    await fake.sendEvent('invoice.paid', fake.invoiceSnapshot(retried.id));
    expect(await planOf(user.id)).toBe('premium');
  });

  it('customer.subscription.deleted takes the plan back to free', async () => {
    const { user, client, stripeSubscriptionId } = await subscribed();
    fake.endSubscription(stripeSubscriptionId);
    // The payload claims the subscription is still active: the app re-reads Stripe instead of trusting it.
    const stale = { ...fake.subscriptionSnapshot(stripeSubscriptionId), status: 'active' };
    expect((await fake.sendEvent('customer.subscription.deleted', stale)).status).toBe(200);
    expect(await planOf(user.id)).toBe('free');
    expect((await client.get('/api/billing/subscription')).body).toBeNull();
  });

  it('applies the same event delivered 5 times in parallel exactly once', async () => {
    const { client, stripeSubscriptionId } = await subscribed();
    const invoice = fake.renew(stripeSubscriptionId);
    const payload = fake.event('invoice.paid', fake.invoiceSnapshot(invoice.id), `evt_parallel_${invoice.id}`);
    const results = await Promise.all(Array.from({ length: 5 }, () => fake.deliver(payload)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate).length).toBe(4);
    expect(await eventRows(`evt_parallel_${invoice.id}`)).toEqual([{ outcome: 'applied' }]);
    const history = (await client.get('/api/billing/history')).body;
    expect(history.filter((h: { status: string }) => h.status === 'paid')).toHaveLength(2);
  });

  it('refuses a tampered body, a wrong secret and a 6-minute-old signature with 400, storing nothing', async () => {
    const { stripeSubscriptionId } = await subscribed();
    const snapshot = fake.subscriptionSnapshot(stripeSubscriptionId);
    const tampered = fake.event('customer.subscription.updated', snapshot, 'evt_tampered');
    const r1 = await fake.deliver(tampered, { tamper: true });
    expect(r1.status).toBe(400);
    expect(r1.body.code).toBe('invalid_signature');

    const old = fake.event('customer.subscription.updated', snapshot, 'evt_old');
    const r2 = await fake.deliver(old, { timestamp: Math.floor(Date.now() / 1000) - 360 });
    expect(r2.status).toBe(400);

    const r3 = await fake.deliver(fake.event('customer.subscription.updated', snapshot, 'evt_wrong_secret'), { secret: 'whsec_not_ours' });
    expect(r3.status).toBe(400);

    const r4 = await t.client().request('POST', '/api/billing/webhook', { raw: old, headers: { 'content-type': 'application/json' } });
    expect(r4.status).toBe(400);

    for (const id of ['evt_tampered', 'evt_old', 'evt_wrong_secret']) expect(await eventRows(id)).toEqual([]);
  });

  it('a webhook for a subscription it does not know yet is stored and acknowledged, and breaks nothing', async () => {
    // A customer and subscription made straight at "Stripe", not through the app (or before the app stored it).
    const sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const customer = await sdk.customers.create({ email: 'stranger@example.com' });
    await sdk.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await sdk.subscriptions.create({ customer: customer.id, items: [{ price: 'price_fake_premium' }], default_payment_method: 'pm_card_visa' });

    const r1 = await fake.sendEvent('customer.subscription.created', fake.subscriptionSnapshot(sub.id), 'evt_unknown_sub');
    expect(r1.status).toBe(200);
    expect(await eventRows('evt_unknown_sub')).toEqual([{ outcome: 'unknown_subscription' }]);

    const r2 = await fake.sendEvent('invoice.paid', fake.invoiceSnapshot(sub.latest_invoice as string), 'evt_unknown_customer');
    expect(r2.status).toBe(200);

    const r3 = await fake.sendEvent('customer.subscription.updated', { id: 'sub_never_existed', object: 'subscription' }, 'evt_missing');
    expect(r3.status).toBe(200);
    expect(await eventRows('evt_missing')).toEqual([{ outcome: 'unknown_subscription' }]);

    const r4 = await fake.sendEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(r4.status).toBe(200);

    // And the product still works afterwards.
    await subscribed();
  });

  it('opens the Stripe Customer Portal for a paying user; a user without billing account gets a clear 400', async () => {
    const { client } = await subscribed();
    const res = await client.post('/api/billing/portal-session');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params.return_url).toBe(`${t.config.appUrl}/dashboard/billing`);

    const free = await signedInClient(t, await createUser(t));
    const none = await free.post('/api/billing/portal-session');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('no_billing_account');
  });

  it('needs a session for every account route, validates input, and hides sandbox routes', async () => {
    const anon = t.client();
    for (const path of ['/api/billing/subscription', '/api/billing/history']) expect((await anon.get(path)).status).toBe(401);
    expect((await anon.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_visa' })).status).toBe(401);

    const client = await signedInClient(t, await createUser(t));
    const bad = await client.post('/api/billing/create-subscription', { plan: 'gold', paymentMethodId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect((await client.post('/api/billing/sandbox/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' })).status).toBe(
      404,
    );
  });
});
