import { AccountChanges } from '../../../src/modules/accounts/account-changes.js';
import type { AccountChange } from '../../../src/modules/accounts/account-changes.js';
import { AccountCommands } from '../../../src/modules/accounts/account-commands.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { FakeStripe } from '../../support/fake-stripe.js';
import { appWithStripe } from '../../support/fixtures.js';
import type { AppWithStripe } from '../../support/fixtures.js';
import { waitFor } from '../../support/processes.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../../support/redis.js';

const REDIS_URL = SHARED_REDIS_URL;

const ENDPOINT = '/api/time/current?timezone=Europe/Paris';
const FREE_POLICY = '"hour";q=100;w=3600';
const PREMIUM_POLICY = '"burst";q=50;w=1';
const CARD = { expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Lovelace' };

/**
 * A plan or block change made through billing or the console reaches the key cache on the very next API request:
 * accounts announces it after the commit, the key cache listens (and tells the other instances through Redis).
 */
describeWithRedis('account-changes.spec')('account changes reach the key cache on the next request', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    b = await createTestApp({ REDIS_URL });
    admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const get = (app: TestApp, key: string) => app.client().get(ENDPOINT, { 'x-api-key': key });
  /** Instance b learns through Redis pub/sub: its answer is awaited as a state (within 2 s), never a fixed sleep. */
  const answerOfB = (key: string, status: number) =>
    waitFor(
      `instance b to answer ${status}`,
      async () => {
        const res = await get(b, key);
        return res.status === status ? res : undefined;
      },
      2000,
      10,
    );

  async function atFreeQuota() {
    const user = await createUser(a);
    const { key } = await createApiKey(a, user);
    for (let i = 0; i < 100; i++) expect((await get(i % 2 ? a : b, key)).status).toBe(200);
    expect((await get(a, key)).status).toBe(429);
    expect((await get(b, key)).status).toBe(429);
    return { user, key };
  }

  it('a free account at its 100/h quota upgraded through billing (sandbox) passes on the next request, on both instances', async () => {
    const { user, key } = await atFreeQuota();
    const client = await signedInClient(a, user);
    const card = await client.post('/api/billing/sandbox/payment-methods', { number: '4242 4242 4242 4242', ...CARD });
    const paid = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: card.body.id });
    expect(paid.body).toMatchObject({ success: true });
    const next = await get(a, key);
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-policy')).toBe(PREMIUM_POLICY);
    expect((await answerOfB(key, 200)).status).toBe(200);
  });

  it('a free account at its quota upgraded in the console passes on the next request, on both instances', async () => {
    const { user, key } = await atFreeQuota();
    expect((await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'premium' })).status).toBe(200);
    expect((await get(a, key)).status).toBe(200);
    expect((await answerOfB(key, 200)).status).toBe(200);
  });

  it('an account blocked in the console gets 403 on the next request, and on the other instance; unblocked, it passes again', async () => {
    const user = await createUser(a, { plan: 'premium' });
    const { key } = await createApiKey(a, user);
    expect((await get(a, key)).status).toBe(200);
    expect((await get(b, key)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/block`)).status).toBe(200);
    const next = await get(a, key);
    expect(next.status).toBe(403);
    expect(next.body.code).toBe('account_blocked');
    const other = await answerOfB(key, 403);
    expect(other.body.code).toBe('account_blocked');
    expect((await admin.post(`/api/admin/users/${user.id}/unblock`)).status).toBe(200);
    expect((await get(a, key)).status).toBe(200);
    expect((await answerOfB(key, 200)).status).toBe(200);
  });

  it("a block refuses the account's sessions at once, saying why (the sessions listen too)", async () => {
    const user = await createUser(a);
    const session = await signedInClient(a, user);
    expect((await session.get('/api/me')).status).toBe(200);
    await a.app.get(AccountCommands).setBlocked(user.id, true, { by: 'test' });
    // Refused at once, and told why (the sign-in page shows it): 403 account_blocked.
    const blocked = await session.get('/api/me');
    expect({ status: blocked.status, code: blocked.body.code }).toEqual({ status: 403, code: 'account_blocked' });
  });

  describe('announcement after the outermost commit', () => {
    let heard: AccountChange[];
    beforeAll(() => {
      a.app.get(AccountChanges).listen((change) => {
        heard.push(change);
      });
    });
    beforeEach(() => {
      heard = [];
    });

    it('a change inside nested transactions is announced once, after the outer COMMIT, and the cache follows', async () => {
      const user = await createUser(a);
      const { key } = await createApiKey(a, user);
      expect((await get(a, key)).headers.get('ratelimit-policy')).toBe(FREE_POLICY);
      const commands = a.app.get(AccountCommands);
      await a.orm.em.fork().transactional(async (outer) => {
        await outer.transactional(async (inner) => {
          await commands.changePlan(user.id, 'premium', { by: 'test', em: inner });
        });
        // The savepoint is released, the transaction is still open: nothing is announced, the cache still says free.
        expect(heard.filter((c) => c.userId === user.id)).toEqual([]);
        expect((await get(a, key)).headers.get('ratelimit-policy')).toBe(FREE_POLICY);
      });
      expect(heard.filter((c) => c.userId === user.id)).toEqual([expect.objectContaining({ userId: user.id, fields: expect.arrayContaining(['plan']) })]);
      expect((await get(a, key)).headers.get('ratelimit-policy')).toBe(PREMIUM_POLICY);
    });

    it('a rolled-back change is never announced', async () => {
      const user = await createUser(a);
      const commands = a.app.get(AccountCommands);
      await expect(
        a.orm.em.fork().transactional(async (tx) => {
          await commands.setBlocked(user.id, true, { by: 'test', em: tx });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(heard.filter((c) => c.userId === user.id)).toEqual([]);
    });
  });
});

describe('account changes through the Stripe webhook', () => {
  let stripe: AppWithStripe;
  let fake: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await appWithStripe();
    ({ fake, t } = stripe);
  });
  afterAll(() => stripe?.close());

  it('a renewal that fails (webhook) takes the plan back to free on the next request; the paid retry restores it', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: 'pm_card_visa' });
    expect(res.body.success).toBe(true);
    const subscriptionId: string = res.body.subscription.stripeSubscriptionId;
    const { key } = await createApiKey(t, user);
    const policy = async () => (await t.client().get(ENDPOINT, { 'x-api-key': key })).headers.get('ratelimit-policy');
    expect(await policy()).toBe(PREMIUM_POLICY);

    const failed = fake.renew(subscriptionId, { fail: true });
    expect((await fake.sendEvent('invoice.payment_failed', fake.invoiceSnapshot(failed.id))).status).toBe(200);
    expect(await policy()).toBe(FREE_POLICY);

    const retried = fake.renew(subscriptionId);
    expect((await fake.sendEvent('invoice.paid', fake.invoiceSnapshot(retried.id))).status).toBe(200);
    expect(await policy()).toBe(PREMIUM_POLICY);
  });
});
