import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import type { TestClient } from '../../support/http.js';

const DAY_MS = 86_400_000;
// Noon (UTC) of today: every day this file writes to is a whole UTC day before it, whatever the hour of the run.
const NOW = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
const day = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS).toISOString().slice(0, 10);

/**
 * The console's user page, overview and closed accounts, on a database of its own: the overview's numbers (signups,
 * paid accounts, MRR, error rate) are the whole deployment's, so only this file's rows may be in it.
 */
describe('admin console: user page, overview, closed accounts', () => {
  let db: Awaited<ReturnType<typeof isolatedDatabase>>;
  let t: TestApp;
  let admin: TestClient;
  let customer: TestClient;
  const sql = (query: string, params: unknown[] = []) => t.orm.em.getConnection().execute(query, params);

  beforeAll(async () => {
    db = await isolatedDatabase();
    t = await createTestApp({ DATABASE_URL: db.url, REDIS_URL: undefined });
    // From here on the app's "now" is NOW: the overview's 24 hours and 30 days are NOW's.
    freezeClock(NOW);
    admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
    customer = await signedInClient(t, await createUser(t));
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
    await db?.drop();
  });

  describe('a closed account', () => {
    let closed: Awaited<ReturnType<typeof createUser>>;
    let keyOfOpenUser: string;

    beforeAll(async () => {
      closed = await createUser(t, { plan: 'free' });
      await createApiKey(t, closed);
      const self = await signedInClient(t, closed);
      expect((await self.post('/api/me/close', { email: closed.email, password: closed.password })).status).toBe(200);
      keyOfOpenUser = (await createApiKey(t, await createUser(t))).id;
    });

    it.each([
      ['block', 'POST', 'block', undefined],
      ['unblock', 'POST', 'unblock', undefined],
      ['change the plan of', 'POST', 'plan', { plan: 'premium' }],
      ['set limits on', 'PUT', 'limits', { hourlyQuota: 10, burstPerSecond: null }],
    ])('the console cannot %s it: 409 account_closed, nothing changes, no audit row', async (_what, method, action, body) => {
      const res = await admin.request(method, `/api/admin/users/${closed.id}/${action}`, { body });
      expect([res.status, res.headers.get('content-type')]).toEqual([409, expect.stringContaining('application/problem+json')]);
      expect(res.body).toMatchObject({
        status: 409,
        code: 'account_closed',
        title: 'Account closed',
        type: expect.stringMatching(/\/docs\/errors#account_closed$/),
      });
      const user = (await admin.get(`/api/admin/users/${closed.id}`)).body;
      expect(user).toMatchObject({ isBlocked: false, plan: 'free', planGranted: false, customLimits: { hourlyQuota: null, burstPerSecond: null } });
      const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetId: closed.id }))}`);
      expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['user.close']);
    });

    it('an open account is still blocked and its keys rotated as before', async () => {
      const open = await createUser(t);
      expect((await admin.post(`/api/admin/users/${open.id}/block`)).status).toBe(200);
      expect((await admin.post(`/api/admin/api-keys/${keyOfOpenUser}/rotate`)).status).toBe(200);
    });
  });

  describe("a user's page", () => {
    let owner: Awaited<ReturnType<typeof createUser>>;

    beforeAll(async () => {
      owner = await createUser(t, { plan: 'premium' });
      const key = await createApiKey(t, owner, { name: 'Production' });
      // Answers as the usage writer stores them: today 40 × 200, 3 × 404 and a 503 at 10:00 UTC; 7 × 200 five days ago,
      // 4 at 10:00 and 3 at 21:00 UTC (02:30 the next day in Kolkata); 99 × 200 thirty days ago (out of the window).
      const at = (daysAgo: number, hour: number) => Date.parse(`${day(daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`);
      const answers: [number, number, string][] = [
        ...Array.from({ length: 40 }, () => [200, at(0, 10), '/api/time/current'] as [number, number, string]),
        ...Array.from({ length: 3 }, () => [404, at(0, 10), '/api/time/current'] as [number, number, string]),
        [503, at(0, 10), '/api/time/current'],
        ...Array.from({ length: 7 }, (_, i) => [200, at(5, i < 4 ? 10 : 21), '/api/timezone/list'] as [number, number, string]),
        ...Array.from({ length: 99 }, () => [200, at(30, 10), '/api/time/current'] as [number, number, string]),
      ];
      await t.app.get(UsageRepository).write(
        answers.map(([statusCode, timestamp, endpoint], i) => ({
          timestamp: timestamp + i,
          userId: owner.id,
          keyId: key.id,
          endpoint,
          method: 'GET',
          statusCode,
          responseMs: 10,
          ipAddress: null,
        })),
      );
      await sql(
        `insert into invoices (id, user_id, provider_invoice_id, description, amount, currency, status, paid_at, created_at, plan) values
           (?, ?, 'in_adm_1', 'Premium plan (monthly)', 5, 'usd', 'paid', ?, ?, 'premium'),
           (?, ?, 'in_adm_2', 'Premium plan (monthly)', 5, 'usd', 'void', null, ?, 'premium'),
           (?, ?, 'in_adm_3', 'Premium plan (monthly)', 5, 'usd', 'failed', null, ?, 'premium')`,
        [
          randomUUID(),
          owner.id,
          new Date(NOW - 3 * DAY_MS),
          new Date(NOW - 3 * DAY_MS),
          randomUUID(),
          owner.id,
          new Date(NOW - 2 * DAY_MS),
          randomUUID(),
          owner.id,
          new Date(NOW - DAY_MS),
        ],
      );
    });

    it('shows the last 30 days of usage, per day, with 4xx and 5xx', async () => {
      const res = await admin.get(`/api/admin/users/${owner.id}/usage`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ from: day(29), to: day(0), timeZone: 'UTC', totalRequests: 51 });
      expect(res.body.days).toHaveLength(30);
      expect(res.body.days[29]).toEqual({ date: day(0), requests: 44, clientErrors: 3, serverErrors: 1 });
      expect(res.body.days[24]).toEqual({ date: day(5), requests: 7, clientErrors: 0, serverErrors: 0 });
      expect(res.body.days[0]).toEqual({ date: day(29), requests: 0, clientErrors: 0, serverErrors: 0 });
    });

    it("cuts the days in the viewer's zone (tz): Kolkata's day starts at 18:30 UTC", async () => {
      const res = await admin.get(`/api/admin/users/${owner.id}/usage?tz=Asia/Kolkata`);
      expect(res.status).toBe(200);
      // NOW is 12:00 UTC, 17:30 in Kolkata: the same date, so the same 30 dates.
      expect(res.body).toMatchObject({ from: day(29), to: day(0), timeZone: 'Asia/Kolkata', totalRequests: 51 });
      expect(res.body.days[29]).toEqual({ date: day(0), requests: 44, clientErrors: 3, serverErrors: 1 });
      expect(res.body.days[24]).toEqual({ date: day(5), requests: 4, clientErrors: 0, serverErrors: 0 });
      expect(res.body.days[25]).toEqual({ date: day(4), requests: 3, clientErrors: 0, serverErrors: 0 });
      const bad = await admin.get(`/api/admin/users/${owner.id}/usage?tz=Mars/Olympus`);
      expect([bad.status, bad.body.code, bad.body.field]).toEqual([400, 'invalid_timezone', 'tz']);
    });

    it('lists the invoices as the customer sees them, newest first, without abandoned ones', async () => {
      const res = await admin.get(`/api/admin/users/${owner.id}/invoices`);
      expect(res.status).toBe(200);
      expect(res.body.map((i: { number: string; status: string; amount: string }) => [i.number, i.status, i.amount])).toEqual([
        ['in_adm_3', 'failed', '5.00'],
        ['in_adm_1', 'paid', '5.00'],
      ]);
    });

    it('an account without usage or invoices answers empty lists', async () => {
      const fresh = await createUser(t);
      expect((await admin.get(`/api/admin/users/${fresh.id}/invoices`)).body).toEqual([]);
      const usage = (await admin.get(`/api/admin/users/${fresh.id}/usage`)).body;
      expect([usage.totalRequests, usage.days.every((d: { requests: number }) => d.requests === 0)]).toEqual([0, true]);
    });

    it('lists the keys of that user only, masked, through the api-keys filter', async () => {
      const res = await admin.get(`/api/admin/api-keys?filter=${encodeURIComponent(JSON.stringify({ userId: owner.id }))}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ name: 'Production', userId: owner.id, keyPrefix: expect.stringMatching(/^tzk_live_/) })]);
      expect(JSON.stringify(res.body)).not.toMatch(/tzk_live_[A-Za-z0-9]{20,}/);
    });

    it.each(['usage', 'invoices'])('%s: an unknown user is 404, a customer 403', async (what) => {
      const unknown = await admin.get(`/api/admin/users/${randomUUID()}/${what}`);
      expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
      expect((await admin.get(`/api/admin/users/not-a-uuid/${what}`)).status).toBe(404);
      const refused = await customer.get(`/api/admin/users/${owner.id}/${what}`);
      expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
      expect((await t.client().get(`/api/admin/users/${owner.id}/${what}`)).status).toBe(401);
    });
  });

  describe('the overview', () => {
    it('counts signups per day, paid accounts, MRR and the last 24 hours’ error rate', async () => {
      const before = (await admin.get('/api/admin/overview')).body;
      // Signups: 2 three days ago, 1 twenty-nine days ago (in), 1 thirty days ago (out).
      const made: string[] = [];
      for (const daysAgo of [3, 3, 29, 30]) {
        const u = await createUser(t);
        made.push(u.id);
        await sql(`update users set created_at = ? where id = ?`, [new Date(NOW - daysAgo * DAY_MS), u.id]);
      }
      // Subscriptions: 2 premium and 1 enterprise paying (one premium trialing), one premium past due, one canceled
      // enterprise: 2 × $5 + $50 = $60 from 3 accounts.
      const subs: [string, string, string][] = [
        [made[0], 'premium', 'active'],
        [made[1], 'premium', 'trialing'],
        [made[2], 'enterprise', 'active'],
        [made[3], 'premium', 'past_due'],
        [made[3], 'enterprise', 'canceled'],
      ];
      for (const [userId, plan, status] of subs) {
        await sql(
          `insert into subscriptions (id, user_id, provider, provider_subscription_id, provider_customer_id, plan, status) values (?, ?, 'sandbox', ?, 'cus_adm', ?, ?)`,
          [randomUUID(), userId, `sub_${randomUUID()}`, plan, status],
        );
      }
      // Requests in (NOW - 24 h, NOW]: 6 × 200 an hour ago written as rows before batches (not moved yet), 3 × 404 and
      // 1 × 500 in batches, and at the window's two ends, in partial quarter hours, a 404 a millisecond after its start
      // and a 200 at its end (12: 4 client errors, 1 server error). Out: a 200 at its start, 5 × 500 25 hours ago.
      for (let i = 0; i < 6; i++) {
        await sql(
          `insert into usage_records ("timestamp", user_id, key_id, endpoint, method, status_code, response_ms) values (?, ?, ?, '/api/time/current', 'GET', 200, 3)`,
          [new Date(NOW - 3_600_000), made[0], randomUUID()],
        );
      }
      const events: [number, number][] = [
        ...Array.from({ length: 3 }, () => [404, NOW - 2 * 3_600_000] as [number, number]),
        [500, NOW - 23 * 3_600_000],
        [404, NOW - DAY_MS + 1],
        [200, NOW],
        [200, NOW - DAY_MS],
        ...Array.from({ length: 5 }, () => [500, NOW - 25 * 3_600_000] as [number, number]),
      ];
      const keyId = randomUUID();
      await t.app.get(UsageRepository).write(
        events.map(([statusCode, timestamp]) => ({
          timestamp,
          userId: made[0],
          keyId,
          endpoint: '/api/time/current',
          method: 'GET',
          statusCode,
          responseMs: 3,
          ipAddress: null,
        })),
      );

      const res = await admin.get('/api/admin/overview');
      expect(res.status).toBe(200);
      const o = res.body;
      expect(o.signupsPerDay).toHaveLength(30);
      expect(o.signupsPerDay[0].date).toBe(day(29));
      expect(o.signupsPerDay[29].date).toBe(day(0));
      const count = (list: { date: string; count: number }[], d: string) => list.find((x) => x.date === d)?.count ?? 0;
      expect(count(o.signupsPerDay, day(3)) - count(before.signupsPerDay, day(3))).toBe(2);
      expect(count(o.signupsPerDay, day(29)) - count(before.signupsPerDay, day(29))).toBe(1);
      expect(o.signupsTotal - before.signupsTotal).toBe(3);
      expect(o.paidAccounts).toBe(3);
      expect(o.mrr).toEqual({
        amount: 60,
        currency: 'usd',
        perPlan: [
          { plan: 'premium', subscriptions: 2, amount: 10 },
          { plan: 'enterprise', subscriptions: 1, amount: 50 },
        ],
      });
      // With the 44 answers of today the user's page above wrote (3 × 404, 1 × 503): 56, 7 client and 2 server errors.
      expect(o.errorRate).toEqual({
        from: new Date(NOW - DAY_MS).toISOString(),
        to: new Date(NOW).toISOString(),
        requests: 56,
        clientErrors: 7,
        serverErrors: 2,
        clientErrorPercent: 12.5,
        serverErrorPercent: 3.57,
      });
    });

    it("counts signups per day of the viewer's zone (tz)", async () => {
      const count = (o: { signupsPerDay: { date: string; count: number }[] }, d: string) => o.signupsPerDay.find((x) => x.date === d)?.count ?? 0;
      const [utcBefore, kolkataBefore] = [(await admin.get('/api/admin/overview')).body, (await admin.get('/api/admin/overview?tz=Asia/Kolkata')).body];
      // 21:00 UTC three days ago: 02:30 the next morning in Kolkata.
      const late = await createUser(t);
      await sql(`update users set created_at = ? where id = ?`, [new Date(Date.parse(`${day(3)}T21:00:00.000Z`)), late.id]);
      const [utc, kolkata] = [(await admin.get('/api/admin/overview')).body, (await admin.get('/api/admin/overview?tz=Asia/Kolkata')).body];
      expect([utc.timeZone, kolkata.timeZone]).toEqual(['UTC', 'Asia/Kolkata']);
      expect([count(utc, day(3)) - count(utcBefore, day(3)), count(utc, day(2)) - count(utcBefore, day(2))]).toEqual([1, 0]);
      expect([count(kolkata, day(3)) - count(kolkataBefore, day(3)), count(kolkata, day(2)) - count(kolkataBefore, day(2))]).toEqual([0, 1]);
      expect(kolkata.signupsTotal - kolkataBefore.signupsTotal).toBe(1);
      const bad = await admin.get('/api/admin/overview?tz=Not/AZone');
      expect([bad.status, bad.body.code]).toEqual([400, 'invalid_timezone']);
    });

    it('is refused to a customer (403) and to a visitor (401)', async () => {
      expect((await customer.get('/api/admin/overview')).status).toBe(403);
      expect((await t.client().get('/api/admin/overview')).status).toBe(401);
    });
  });
});
