import { randomUUID } from 'node:crypto';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { q } from '../../support/list-query.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import type { TestClient } from '../../support/http.js';

/** A metered public endpoint (behind the API key guard). */
const PUBLIC_ENDPOINT = '/api/time/current?timezone=Europe/Paris';

describe('admin API', () => {
  let t: TestApp;
  let admin: TestClient;
  let superAdmin: Awaited<ReturnType<typeof createUser>>;
  // Every user this file creates has this marker in the e-mail, so list assertions ignore other files' rows.
  const run = randomUUID().slice(0, 8);
  const email = (name: string) => `adm${run}-${name}@example.com`;

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await createUser(t, { email: email('root'), role: 'super_admin', firstName: 'Root', lastName: 'Admin' });
    admin = await signedInClient(t, superAdmin);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('access', () => {
    const someId = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${someId}`],
      ['GET', `/api/admin/users/${someId}/usage`],
      ['GET', `/api/admin/users/${someId}/invoices`],
      ['GET', '/api/admin/overview'],
      ['POST', `/api/admin/users/${someId}/block`],
      ['POST', `/api/admin/users/${someId}/unblock`],
      ['POST', `/api/admin/users/${someId}/plan`, { plan: 'premium' }],
      ['GET', '/api/admin/api-keys'],
      ['GET', `/api/admin/api-keys/${someId}`],
      ['POST', `/api/admin/api-keys/${someId}/rotate`],
      ['GET', '/api/admin/support-messages'],
      ['GET', `/api/admin/support-messages/${someId}`],
      ['GET', '/api/admin/audit-log'],
      ['GET', `/api/admin/audit-log/${someId}`],
    ];

    it('refuses anonymous visitors with 401 on every route', async () => {
      for (const [method, path, body] of routes) {
        const res = await t.client().request(method, path, { body });
        expect([method, path, res.status, res.body.code]).toEqual([method, path, 401, 'unauthenticated']);
      }
    });

    it('refuses a user session and an admin-role session with 403 on every route', async () => {
      for (const role of ['user', 'admin'] as const) {
        const user = await createUser(t, { email: email(`${role}-access`), role });
        const client = await signedInClient(t, user);
        for (const [method, path, body] of routes) {
          const res = await client.request(method, path, { body });
          expect([role, method, path, res.status, res.body.detail]).toEqual([role, method, path, 403, 'Super admin access required']);
        }
      }
    });

    it('refuses an API key: the admin API takes only a session', async () => {
      const user = await createUser(t, { email: email('key-access'), role: 'super_admin' });
      const key = createApiKey ? (await createApiKey(t, user)).key : 'tzk_live_0123456789abcdefghijklmnopqrstuv';
      for (const [method, path, body] of routes) {
        for (const headers of [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
          const res = await t.client().request(method, path, { body, headers });
          expect([method, path, res.status]).toEqual([method, path, 401]);
        }
      }
    });

    it('counts requests from the daily usage roll-ups and only active keys', async () => {
      const before = (await admin.get('/api/admin/stats')).body;
      const owner = await createUser(t, { email: email('stats') });
      await t.orm.em
        .getConnection()
        .execute(
          `insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms) values (current_date, ?, ?, '/api/time/current', 200, 7, 70)`,
          [owner.id, randomUUID()],
        );
      const after = (await admin.get('/api/admin/stats')).body;
      expect(after.totalRequests - before.totalRequests).toBeGreaterThanOrEqual(7);
      expect(after.totalUsers - before.totalUsers).toBeGreaterThanOrEqual(1);
    });

    it('answers the super admin', async () => {
      const res = await admin.get('/api/admin/stats');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totalUsers: expect.any(Number), totalRequests: expect.any(Number), totalApiKeys: expect.any(Number) });
      expect(res.body.totalUsers).toBeGreaterThanOrEqual(1);
    });
  });

  describe('users list (ra-data-simple-rest)', () => {
    const marker = `adm${run}-list`;
    beforeAll(async () => {
      // 12 users: 4 premium, 2 enterprise, 6 free; 3 blocked; 2 admins; one unverified; names spelled for search.
      for (let i = 0; i < 12; i++) {
        await createUser(t, {
          email: `${marker}-${String(i).padStart(2, '0')}@example.com`,
          firstName: i === 7 ? 'Grace' : 'Person',
          lastName: i === 7 ? `Hopper${run}` : `N${i}`,
          plan: i < 4 ? 'premium' : i < 6 ? 'enterprise' : 'free',
          isBlocked: i % 4 === 3,
          role: i === 1 || i === 2 ? 'admin' : 'user',
          emailVerified: i !== 5,
        });
      }
    });

    it('pages with range and answers Content-Range with the total', async () => {
      const first = await admin.get(`/api/admin/users${q({ range: [0, 4], sort: ['email', 'ASC'], filter: { q: marker } })}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-range')).toBe('users 0-4/12');
      expect(first.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(first.body.map((u: { email: string }) => u.email)).toEqual([0, 1, 2, 3, 4].map((i) => `${marker}-0${i}@example.com`));
      const last = await admin.get(`/api/admin/users${q({ range: [10, 14], sort: ['email', 'ASC'], filter: { q: marker } })}`);
      expect(last.headers.get('content-range')).toBe('users 10-11/12');
      expect(last.body.map((u: { email: string }) => u.email)).toEqual([`${marker}-10@example.com`, `${marker}-11@example.com`]);
      const beyond = await admin.get(`/api/admin/users${q({ range: [20, 24], filter: { q: marker } })}`);
      expect(beyond.body).toEqual([]);
      expect(beyond.headers.get('content-range')).toBe('users */12');
    });

    it('answers the fields the console shows, never secrets', async () => {
      const res = await admin.get(`/api/admin/users${q({ range: [0, 0], sort: ['email', 'ASC'], filter: { q: marker } })}`);
      expect(Object.keys(res.body[0]).sort()).toEqual(
        [
          'closedAt',
          'createdAt',
          'customLimits',
          'email',
          'emailVerified',
          'firstName',
          'id',
          'isBlocked',
          'lastName',
          'limits',
          'plan',
          'planGranted',
          'profileImageUrl',
          'role',
        ].sort(),
      );
      expect(res.text).not.toContain('argon2');
    });

    it('sorts both ways', async () => {
      const desc = await admin.get(`/api/admin/users${q({ range: [0, 2], sort: ['email', 'DESC'], filter: { q: marker } })}`);
      expect(desc.body.map((u: { email: string }) => u.email)).toEqual([11, 10, 9].map((i) => `${marker}-${String(i).padStart(2, '0')}@example.com`));
      const byPlan = await admin.get(`/api/admin/users${q({ range: [0, 11], sort: ['plan', 'ASC'], filter: { q: marker } })}`);
      const plans = byPlan.body.map((u: { plan: string }) => u.plan);
      expect(plans).toEqual([...plans].sort());
    });

    it('filters by plan, role, blocked and combinations', async () => {
      const premium = await admin.get(`/api/admin/users${q({ filter: { q: marker, plan: 'premium' } })}`);
      expect(premium.headers.get('content-range')).toBe('users 0-3/4');
      expect(premium.body.every((u: { plan: string }) => u.plan === 'premium')).toBe(true);
      const blocked = await admin.get(`/api/admin/users${q({ filter: { q: marker, isBlocked: true } })}`);
      expect(blocked.body.map((u: { email: string }) => u.email).sort()).toEqual([3, 7, 11].map((i) => `${marker}-${String(i).padStart(2, '0')}@example.com`));
      const admins = await admin.get(`/api/admin/users${q({ filter: { q: marker, role: 'admin' } })}`);
      expect(admins.body).toHaveLength(2);
      const both = await admin.get(`/api/admin/users${q({ filter: { q: marker, plan: 'premium', isBlocked: true } })}`);
      expect(both.body.map((u: { email: string }) => u.email)).toEqual([`${marker}-03@example.com`]);
      const unverified = await admin.get(`/api/admin/users${q({ filter: { q: marker, emailVerified: false } })}`);
      expect(unverified.body.map((u: { email: string }) => u.email)).toEqual([`${marker}-05@example.com`]);
    });

    it('searches by e-mail or by name, case-insensitively', async () => {
      const byEmail = await admin.get(`/api/admin/users${q({ filter: { q: `${marker}-07@EXAMPLE.com` } })}`);
      expect(byEmail.body.map((u: { email: string }) => u.email)).toEqual([`${marker}-07@example.com`]);
      const byName = await admin.get(`/api/admin/users${q({ filter: { q: `grace hopper${run}` } })}`);
      expect(byName.body.map((u: { email: string }) => u.email)).toEqual([`${marker}-07@example.com`]);
      const wildcard = await admin.get(`/api/admin/users${q({ filter: { q: `adm${run}%` } })}`);
      expect(wildcard.body).toEqual([]);
    });

    it('gets many by id (react-admin getMany) and one by id', async () => {
      const list = await admin.get(`/api/admin/users${q({ range: [0, 1], sort: ['email', 'ASC'], filter: { q: marker } })}`);
      const ids = list.body.map((u: { id: string }) => u.id);
      const many = await admin.get(`/api/admin/users${q({ filter: { id: ids } })}`);
      expect(many.body.map((u: { id: string }) => u.id).sort()).toEqual([...ids].sort());
      const one = await admin.get(`/api/admin/users/${ids[0]}`);
      expect(one.status).toBe(200);
      expect(one.body.email).toBe(`${marker}-00@example.com`);
      expect((await admin.get(`/api/admin/users/${randomUUID()}`)).status).toBe(404);
      expect((await admin.get('/api/admin/users/not-a-uuid')).status).toBe(404);
    });

    it('refuses malformed list parameters with a 400 problem, never a 500', async () => {
      const bad: [string, string][] = [
        ['range=[0,', 'range'],
        ['range=[5,2]', 'range'],
        ['range=[0,100000]', 'range'],
        ['range={"a":1}', 'range'],
        ['sort=nope', 'sort'],
        ['sort=["password_hash","ASC"]', 'sort'],
        ['sort=["email","SIDEWAYS"]', 'sort'],
        ['filter={bad', 'filter'],
        ['filter=[1,2]', 'filter'],
        ['filter={"passwordHash":"x"}', 'filter.passwordHash'],
        ['filter={"plan":"gold"}', 'filter.plan'],
        ['filter={"isBlocked":"maybe"}', 'filter.isBlocked'],
        ['filter={"id":["not-a-uuid"]}', 'filter.id'],
        ['page=2', 'page'],
      ];
      for (const [query, field] of bad) {
        const res = await admin.get(`/api/admin/users?${query.replace(/[[\]{}"]/g, encodeURIComponent)}`);
        expect([query, res.status, res.body.code, res.body.field]).toEqual([query, 400, 'invalid_query', field]);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
      }
    });
  });

  describe('actions', () => {
    it("block ends the user's sessions, unblock lets them sign in again, each leaves an audit row", async () => {
      const user = await createUser(t, { email: email('block') });
      const session = await signedInClient(t, user);
      expect((await session.get('/api/me')).status).toBe(200);

      const blocked = await admin.post(`/api/admin/users/${user.id}/block`);
      expect(blocked.status).toBe(200);
      expect(blocked.body).toMatchObject({ id: user.id, isBlocked: true });
      // The browser still holding the session is told why, on every reload, not just "signed out".
      for (let i = 0; i < 2; i++) expect(await session.get('/api/me')).toMatchObject({ status: 403, body: { code: 'account_blocked' } });
      expect((await admin.get(`/api/admin/users/${user.id}`)).body.isBlocked).toBe(true);

      const unblocked = await admin.post(`/api/admin/users/${user.id}/unblock`);
      expect(unblocked.status).toBe(200);
      expect(unblocked.body.isBlocked).toBe(false);
      // An unblock does not revive the ended session: it has expired, and says so once.
      expect(await session.get('/api/me')).toMatchObject({ status: 401, body: { code: 'session_expired' } });

      const audit = await admin.get(`/api/admin/audit-log${q({ sort: ['createdAt', 'ASC'], filter: { targetId: user.id } })}`);
      expect(audit.headers.get('content-range')).toBe('audit-log 0-1/2');
      expect(audit.body.map((a: { action: string }) => a.action).sort()).toEqual(['user.block', 'user.unblock']);
      const block = audit.body.find((a: { action: string }) => a.action === 'user.block');
      expect(block).toMatchObject({
        actorId: superAdmin.id,
        actorEmail: superAdmin.email,
        targetType: 'user',
        targetId: user.id,
        before: { isBlocked: false, email: user.email },
        after: { isBlocked: true, email: user.email },
        ipAddress: expect.any(String),
      });
      const one = await admin.get(`/api/admin/audit-log/${block.id}`);
      expect(one.body).toEqual(block);
    });

    it('refuses to let the super admin block their own account', async () => {
      const res = await admin.post(`/api/admin/users/${superAdmin.id}/block`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_block_self');
      expect((await admin.get('/api/me')).status).toBe(200);
    });

    it('changes a plan, validates it, and records the change', async () => {
      const user = await createUser(t, { email: email('plan') });
      const bad = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'gold' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
      const res = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'enterprise' });
      expect(res.status).toBe(200);
      expect(res.body.plan).toBe('enterprise');
      const me = await (await signedInClient(t, user)).get('/api/me');
      expect(me.body.plan).toBe('enterprise');
      const audit = await admin.get(`/api/admin/audit-log${q({ filter: { targetId: user.id, action: 'user.plan_change' } })}`);
      expect(audit.body).toHaveLength(1);
      expect(audit.body[0]).toMatchObject({ before: { plan: 'free' }, after: { plan: 'enterprise' } });
      expect((await admin.post(`/api/admin/users/${randomUUID()}/plan`, { plan: 'free' })).status).toBe(404);
    });

    /** A customer who subscribed to premium themselves, through the sandbox gateway with 4242 4242 4242 4242. */
    async function subscriber(name: string) {
      const user = await createUser(t, { email: email(name) });
      const client = await signedInClient(t, user);
      const pm = await client.post('/api/billing/sandbox/payment-methods', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        name: 'Ada',
      });
      const created = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm.body.id });
      expect(created.body).toMatchObject({ success: true, subscription: { plan: 'premium', status: 'active' } });
      return { user, client };
    }

    it("changes a paying subscriber's plan through the payment gateway: prorated up, down, and to free cancels", async () => {
      const { user, client } = await subscriber('subscriber');
      const up = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'enterprise' });
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ plan: 'enterprise', planGranted: false });
      expect((await client.get('/api/billing/subscription')).body).toMatchObject({ plan: 'enterprise', status: 'active' });
      const history = (await client.get('/api/billing/history')).body as { description: string; amount: string; status: string }[];
      const prorated = history.find((h) => h.description === 'Prorated change to Enterprise plan');
      expect(prorated).toMatchObject({ status: 'paid' });
      expect(Number(prorated!.amount)).toBeGreaterThan(40);

      const down = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'premium' });
      expect(down.status).toBe(200);
      expect((await client.get('/api/billing/subscription')).body).toMatchObject({ plan: 'premium', status: 'active' });

      const free = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'free' });
      expect(free.status).toBe(200);
      expect(free.body).toMatchObject({ plan: 'free', planGranted: false });
      expect((await client.get('/api/billing/subscription')).body).toBeNull();
      const [row] = await t.orm.em.getConnection().execute(`select status from subscriptions where user_id = ? order by created_at desc limit 1`, [user.id]);
      expect(row.status).toBe('canceled');

      const audit = await admin.get(`/api/admin/audit-log${q({ filter: { targetId: user.id, action: 'user.plan_change' } })}`);
      expect(audit.body.map((a: { after: { plan: string; via: string } }) => [a.after.plan, a.after.via])).toEqual([
        ['free', 'cancellation'],
        ['premium', 'subscription'],
        ['enterprise', 'subscription'],
      ]);
    });

    it('grants a plan to an account without a subscription; the customer can start paying for it', async () => {
      const user = await createUser(t, { email: email('grant') });
      const client = await signedInClient(t, user);
      const granted = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'premium' });
      expect(granted.body).toMatchObject({ plan: 'premium', planGranted: true });
      expect((await client.get('/api/me')).body).toMatchObject({ plan: 'premium', planGranted: true });
      const audit = await admin.get(`/api/admin/audit-log${q({ filter: { targetId: user.id, action: 'user.plan_change' } })}`);
      expect(audit.body[0].after).toMatchObject({ plan: 'premium', planGranted: true, via: 'grant' });
      // No billing account yet: the portal says so with its own code.
      expect((await client.post('/api/billing/portal-session')).body.code).toBe('no_billing_account');

      // Checkout on the granted plan's upgrade: the subscription replaces the grant.
      const pm = await client.post('/api/billing/sandbox/payment-methods', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        name: 'Ada',
      });
      const paid = await client.post('/api/billing/create-subscription', { plan: 'enterprise', paymentMethodId: pm.body.id });
      expect(paid.body).toMatchObject({ success: true, subscription: { plan: 'enterprise' } });
      expect((await client.get('/api/me')).body).toMatchObject({ plan: 'enterprise', planGranted: false });
      expect((await client.post('/api/billing/portal-session')).status).toBe(200);
    });

    it('a declined card on a granted plan keeps the grant', async () => {
      const user = await createUser(t, { email: email('grant-declined') });
      const client = await signedInClient(t, user);
      await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'premium' });
      const pm = await client.post('/api/billing/sandbox/payment-methods', {
        number: '4000000000000002',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        name: 'Ada',
      });
      const res = await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm.body.id });
      expect(res.body).toMatchObject({ success: false });
      expect((await client.get('/api/me')).body).toMatchObject({ plan: 'premium', planGranted: true });
      const free = await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'free' });
      expect(free.body).toMatchObject({ plan: 'free', planGranted: false });
    });

    it("block refuses the user's API key on the very next request; unblock lets it through again", async () => {
      const user = await createUser(t, { email: email('block-key') });
      const { key } = await createApiKey(t, user);
      expect((await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key })).status).toBe(200);
      await admin.post(`/api/admin/users/${user.id}/block`);
      const refused = await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('account_blocked');
      await admin.post(`/api/admin/users/${user.id}/unblock`);
      expect((await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key })).status).toBe(200);
    });

    it('a plan change applies to the next request: a free account at its hourly limit gets through after an upgrade', async () => {
      const user = await createUser(t, { email: email('limits') });
      const { key } = await createApiKey(t, user);
      let last = 0;
      for (let i = 0; i < 101; i++) last = (await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key })).status;
      expect(last).toBe(429);
      await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'premium' });
      const after = await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key });
      expect(after.status).toBe(200);
      await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'free' });
      expect((await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key })).status).toBe(429);
    });
  });
});
