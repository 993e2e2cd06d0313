import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { SandboxClock } from '../../../src/modules/billing/sandbox-clock.js';
import { PAYMENT_GATEWAY } from '../../../src/modules/billing/payment-gateway.js';
import type { SandboxGateway } from '../../../src/modules/billing/sandbox.gateway.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { waitFor } from '../../support/processes.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const CARD = { expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Lovelace' };

/** Without Stripe keys: the sandbox gateway behind the same routes, with Stripe's test cards. */
describe('billing in sandbox mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const planOf = async (userId: string) => (await t.orm.em.fork().findOneOrFail(User, userId)).plan;

  async function card(client: TestClient, number: string): Promise<string> {
    const res = await client.post('/api/billing/sandbox/payment-methods', { number, ...CARD });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function freeUser() {
    const user = await createUser(t);
    return { user, client: await signedInClient(t, user) };
  }

  it('says sandbox in the public config', async () => {
    expect((await t.client().get('/api/config')).body.billing).toEqual({ mode: 'sandbox', publishableKey: null });
  });

  it('upgrades with 4242 4242 4242 4242: plan, subscription details, paid history row', async () => {
    const { user, client } = await freeUser();
    const pm = await card(client, '4242 4242 4242 4242');
    expect(pm).toMatch(/^pm_sbx_/);
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm });
    expect(res.body).toMatchObject({
      success: true,
      payment: { requiresAction: false },
      subscription: { plan: 'premium', status: 'active', cancelAtPeriodEnd: false },
    });
    expect(await planOf(user.id)).toBe('premium');
    const sub = (await client.get('/api/billing/subscription')).body;
    expect(sub).toMatchObject({ plan: 'premium', status: 'active' });
    const history = (await client.get('/api/billing/history')).body;
    expect(history).toEqual([expect.objectContaining({ description: 'Premium plan (monthly)', amount: '5.00', currency: 'usd', status: 'paid' })]);
  });

  it('mails a receipt for a paid invoice', async () => {
    const { user, client } = await freeUser();
    await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    const dir = join(t.config.dataDir, 'mail');
    const receipt = await waitFor(
      'the receipt in the mailbox',
      async () => {
        for (const f of await readdir(dir).catch(() => [] as string[])) {
          if (!f.endsWith('.eml')) continue;
          const text = await readFile(join(dir, f), 'utf8');
          if (text.includes(user.email) && /Subject: Receipt/.test(text)) return text;
        }
        return undefined;
      },
      30_000,
    );
    expect(receipt).toContain('5.00 USD');
  });

  it('validates the card form: Luhn, expiry and cvc, field by field', async () => {
    const { client } = await freeUser();
    const bad = await client.post('/api/billing/sandbox/payment-methods', { number: '4242 4242 4242 4241', expMonth: 1, expYear: 2020, cvc: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_card');
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['number', 'expYear', 'cvc']);
    const month = await client.post('/api/billing/sandbox/payment-methods', { number: '4242424242424242', expMonth: 13, expYear: 2030, cvc: '123' });
    expect(month.status).toBe(400);
  });

  it('4000 0025 0000 3155 needs the 3-D Secure step, then complete-subscription gives the plan', async () => {
    const { user, client } = await freeUser();
    const pm = await card(client, '4000 0025 0000 3155');
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm });
    expect(res.body.success).toBe(true);
    expect(res.body.payment.requiresAction).toBe(true);
    expect(await planOf(user.id)).toBe('free');

    // Another user cannot approve this payment.
    const other = await freeUser();
    await card(other.client, '4242424242424242');
    expect((await other.client.post('/api/billing/sandbox/confirm', { clientSecret: res.body.payment.clientSecret })).status).toBe(404);

    expect((await client.post('/api/billing/sandbox/confirm', { clientSecret: res.body.payment.clientSecret })).body).toEqual({ ok: true });
    const done = await client.post('/api/billing/complete-subscription', { subscriptionId: res.body.subscription.id });
    expect(done.body).toMatchObject({ success: true, subscription: { plan: 'premium', status: 'active' } });
    expect(await planOf(user.id)).toBe('premium');
  });

  it('4000 0027 6000 3184 without confirmation stays free', async () => {
    const { user, client } = await freeUser();
    const pm = await card(client, '4000002760003184');
    const res = await client.post('/api/billing/create-subscription', { plan: 'enterprise', paymentMethodId: pm });
    expect(res.body.payment.requiresAction).toBe(true);
    const done = await client.post('/api/billing/complete-subscription', { subscriptionId: res.body.subscription.stripeSubscriptionId });
    expect(done.body.success).toBe(false);
    expect(await planOf(user.id)).toBe('free');
  });

  it('3-D Secure failed, then 4242 pays: one paid invoice in the history, no phantom pending one', async () => {
    const { user, client } = await freeUser();
    const secure = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4000 0025 0000 3155') });
    expect(secure.body.payment.requiresAction).toBe(true);
    // "Fail authentication": the step is not approved, and the page asks the server how it ended.
    expect((await client.post('/api/billing/complete-subscription', { subscriptionId: secure.body.subscription.id })).body).toMatchObject({ success: false });
    expect((await client.get('/api/billing/history')).body.map((h: { status: string }) => h.status)).toEqual(['pending']);

    const paid = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    expect(paid.body.success).toBe(true);
    expect(await planOf(user.id)).toBe('premium');
    const history = (await client.get('/api/billing/history')).body;
    expect(history).toEqual([expect.objectContaining({ description: 'Premium plan (monthly)', amount: '5.00', status: 'paid' })]);
    expect((await client.get('/api/billing/invoices?offset=0&limit=10')).body.total).toBe(1);
  });

  it('4000 0000 0000 0002 is declined and the user stays on free', async () => {
    const { user, client } = await freeUser();
    const pm = await card(client, '4000 0000 0000 0002');
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm });
    expect(res.body).toEqual({ success: false, error: 'Your card was declined.' });
    expect(await planOf(user.id)).toBe('free');
    expect((await client.get('/api/billing/subscription')).body).toBeNull();
  });

  it('premium to enterprise is charged prorated and changes the plan at once', async () => {
    const { user, client } = await freeUser();
    await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    const res = await client.post('/api/billing/update-plan', { plan: 'enterprise' });
    expect(res.body).toMatchObject({ success: true, subscription: { plan: 'enterprise' } });
    expect(await planOf(user.id)).toBe('enterprise');
    const history = (await client.get('/api/billing/history')).body;
    const row = history.find((h: { description: string }) => h.description === 'Prorated change to Enterprise plan');
    expect(row).toMatchObject({ status: 'paid', currency: 'usd' });
    expect(Number(row.amount)).toBeGreaterThan(40);
    expect(Number(row.amount)).toBeLessThanOrEqual(45);
    expect((await client.post('/api/billing/update-plan', { plan: 'premium' })).body.code).toBe('downgrade_not_supported');
  });

  it('the upgrade lifts the free quota at once: the 429 is gone right after', async () => {
    const { user, client } = await freeUser();
    const { key } = await createApiKey(t, user);
    const api = t.client().withHeaders({ 'x-api-key': key });
    let last = 0;
    for (let i = 0; i < 101; i++) last = (await api.get('/api/time/utc')).status;
    expect(last).toBe(429);
    await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    expect((await api.get('/api/time/utc')).status).toBe(200);
  });

  it('the sandbox portal cancels at period end; the plan goes back to free when the period ends', async () => {
    const { user, client } = await freeUser();
    const created = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    const portal = await client.post('/api/billing/portal-session');
    expect(portal.body.url).toMatch(new RegExp(`^${t.config.appUrl}/dashboard/billing/portal\\?session=[0-9a-f]{48}$`));
    const session = new URL(portal.body.url).searchParams.get('session')!;

    const view = await client.get(`/api/billing/sandbox/portal?session=${session}`);
    expect(view.body).toMatchObject({ email: user.email, card: { last4: '4242' }, subscription: { cancelAtPeriodEnd: false } });
    // Someone else's session is refused.
    const other = await freeUser();
    expect((await other.client.get(`/api/billing/sandbox/portal?session=${session}`)).status).toBe(403);

    const canceled = await client.post('/api/billing/sandbox/portal/cancel', { session });
    expect(canceled.body.subscription.cancelAtPeriodEnd).toBe(true);
    expect((await client.get('/api/billing/subscription')).body.cancelAtPeriodEnd).toBe(true);
    expect(await planOf(user.id)).toBe('premium');

    const resumed = await client.post('/api/billing/sandbox/portal/resume', { session });
    expect(resumed.body.subscription.cancelAtPeriodEnd).toBe(false);
    await client.post('/api/billing/sandbox/portal/cancel', { session });

    const sandbox = t.app.get<SandboxGateway>(PAYMENT_GATEWAY);
    await sandbox.setPeriodEnd(created.body.subscription.stripeSubscriptionId, new Date(Date.now() - 1000));
    await t.app.get(SandboxClock).tick();
    expect(await planOf(user.id)).toBe('free');
    expect((await client.get('/api/billing/subscription')).body).toBeNull();
  });

  it('a period end without cancellation renews: a new paid history row, plan kept', async () => {
    const { user, client } = await freeUser();
    const created = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    const sandbox = t.app.get<SandboxGateway>(PAYMENT_GATEWAY);
    await sandbox.setPeriodEnd(created.body.subscription.stripeSubscriptionId, new Date(Date.now() - 1000));
    await t.app.get(SandboxClock).tick();
    expect(await planOf(user.id)).toBe('premium');
    const history = (await client.get('/api/billing/history')).body;
    expect(history).toHaveLength(2);
    expect(new Date((await client.get('/api/billing/subscription')).body.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
  });

  it('the portal replaces the card; a declined card is refused there too', async () => {
    const { client } = await freeUser();
    await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: await card(client, '4242424242424242') });
    const session = new URL((await client.post('/api/billing/portal-session')).body.url).searchParams.get('session')!;
    const updated = await client.post('/api/billing/sandbox/portal/card', { session, number: '5555 5555 5555 4444', ...CARD });
    expect(updated.status).toBe(200);
    expect(updated.body.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const declined = await client.post('/api/billing/sandbox/portal/card', { session, number: '4000000000000002', ...CARD });
    expect(declined.status).toBe(400);
  });

  it('the webhook route refuses everything in sandbox mode', async () => {
    const res = await t
      .client()
      .request('POST', '/api/billing/webhook', { raw: '{"id":"evt_1"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' } });
    expect(res.status).toBe(400);
  });
});
