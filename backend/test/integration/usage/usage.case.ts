import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { UsageRetention } from '../../../src/modules/usage/usage-retention.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import { MikroORM } from '@mikro-orm/postgresql';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';
import { openUsagePool } from '../../../src/database/usage-pool.js';
import { UsageBatchCounts } from '../../../src/modules/usage/usage-batch-counts.repository.js';
import { UsageBatchRepository } from '../../../src/modules/usage/usage-batch.repository.js';
import { countUsageEvents, USAGE_EVENTS } from '../../support/usage-events.js';
import { insertLegacyRows } from '../../support/usage-log.js';

/** One answered GET /api/time/utc as the recorder hands it to the writer. */
const timeCall = (userId: string, timestamp: number): UsageRow => ({
  timestamp,
  userId,
  keyId: randomUUID(),
  endpoint: '/api/time/utc',
  method: 'GET',
  statusCode: 200,
  responseMs: 1,
  ipAddress: null,
});

describe('usage metering and the usage pages', () => {
  let t: TestApp;
  let db: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const flush = () => t.app.get(UsageRecorder).flush();
  const today = () => new Date().toISOString();

  it('every metered request becomes a usage event (2xx, 4xx, 403, 429), and lastUsedAt is set', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const a = await createApiKey(t, user, { name: 'Alpha' });
    const b = await createApiKey(t, user, { name: 'Beta', ipRestrictions: ['203.0.113.0/24'] });
    const calls: [string, Record<string, string>, number][] = [
      ['/api/time/utc', { 'x-api-key': a.key }, 200],
      ['/api/time/utc', { 'x-api-key': a.key }, 200],
      ['/api/time/current?timezone=Europe/Paris', { 'x-api-key': a.key }, 200],
      ['/api/time/current?timezone=Not/AZone', { 'x-api-key': a.key }, 400],
      ['/api/time/utc', { 'x-api-key': b.key }, 403],
      ['/api/time/utc', {}, 401], // no key: nobody to attribute it to, not recorded
    ];
    for (const [path, headers, status] of calls) expect((await t.client().get(path, headers)).status).toBe(status);
    // Refused before the guard runs (body that is not JSON): still metered, by its key.
    const unparsable = await t
      .client()
      .request('POST', '/api/conversion/timezone', { raw: '{"from', headers: { 'x-api-key': a.key, 'content-type': 'application/json' } });
    expect(unparsable.status).toBe(400);
    await flush();
    const { rows } = await db.query(
      `select endpoint, method, status_code, key_id, ip_address, response_ms from ${USAGE_EVENTS} where user_id = $1 order by "timestamp", seq`,
      [user.id],
    );
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r.endpoint, r.status_code])).toEqual([
      ['/api/time/utc', 200],
      ['/api/time/utc', 200],
      ['/api/time/current', 200],
      ['/api/time/current', 400],
      ['/api/time/utc', 403],
      ['/api/conversion/timezone', 400],
    ]);
    expect(rows[4].key_id).toBe(b.id);
    expect(rows[0]).toMatchObject({ method: 'GET', ip_address: '127.0.0.1' });
    expect(rows.every((r) => r.response_ms >= 0)).toBe(true);

    const keys = await (await signedInClient(t, user)).get('/api/api-keys');
    const alpha = keys.body.find((k: { id: string }) => k.id === a.id);
    expect(alpha.lastUsedAt).not.toBeNull();
  });

  it('usage events equal the requests made, and the summary equals what the events say', async () => {
    const user = await createUser(t, { plan: 'enterprise' });
    const one = await createApiKey(t, user, { name: 'one' });
    const two = await createApiKey(t, user, { name: 'two' });
    const paths = ['/api/time/utc', '/api/time/current?timezone=Asia/Tokyo', '/api/timezone/list', '/api/time/current?timezone=Bad/Zone', '/api/time/current'];
    let made = 0;
    for (let i = 0; i < 60; i++) {
      await t.client().get(paths[i % paths.length], { 'x-api-key': i % 3 ? one.key : two.key });
      made++;
    }
    await flush();
    const raw = await db.query(
      `select count(*)::int as total, count(*) filter (where status_code < 400)::int as ok, avg(response_ms)::float8 as mean from ${USAGE_EVENTS} where user_id = $1`,
      [user.id],
    );
    expect(raw.rows[0].total).toBe(made);

    const client = await signedInClient(t, user);
    const summary = await client.get(`/api/usage/summary?startDate=${today()}&endDate=${today()}`);
    expect(summary.status).toBe(200);
    expect(summary.body.totalRequests).toBe(made);
    expect(summary.body.todayRequests).toBe(made);
    expect(summary.body.successRate).toBeCloseTo((raw.rows[0].ok / made) * 100, 1);
    expect(summary.body.averageResponseTime).toBeCloseTo(raw.rows[0].mean, 1);
    expect(summary.body.perDay).toEqual([{ date: today().slice(0, 10), start: `${today().slice(0, 10)}T00:00:00.000Z`, count: made }]);
    // The one spelling of the range, from/to; startDate/endDate above is its documented alias.
    expect((await client.get(`/api/usage/summary?from=${today()}&to=${today()}`)).body).toEqual(summary.body);

    const byStatus = await db.query(`select status_code, count(*)::int as count from ${USAGE_EVENTS} where user_id = $1 group by 1 order by 1`, [user.id]);
    expect(summary.body.statusCodes).toEqual(byStatus.rows.map((r) => ({ statusCode: r.status_code, count: r.count })));
    const byEndpoint = await db.query(`select endpoint, count(*)::int as count from ${USAGE_EVENTS} where user_id = $1 group by 1 order by 2 desc, 1 limit 5`, [
      user.id,
    ]);
    expect(summary.body.topEndpoints).toEqual(byEndpoint.rows);
    expect(summary.body.endpoints).toEqual(['/api/time/current', '/api/time/utc', '/api/timezone/list']);
    expect(summary.body.recent).toHaveLength(10);
    // The request log names its events its own way: the newest ten are compared by time.
    const newest = await db.query(`select "timestamp" from ${USAGE_EVENTS} where user_id = $1 order by "timestamp" desc limit 10`, [user.id]);
    expect(summary.body.recent.map((r: { timestamp: string }) => r.timestamp)).toEqual(newest.rows.map((r) => r.timestamp.toISOString()));
    expect(summary.body.recent[0]).toEqual(
      expect.objectContaining({
        method: 'GET',
        ipAddress: '127.0.0.1',
        keyName: expect.any(String),
        keyId: expect.any(String),
        statusCode: expect.any(Number),
      }),
    );

    const filtered = await client.get(`/api/usage/summary?startDate=${today()}&endDate=${today()}&endpoint=/api/time/current`);
    const current = byEndpoint.rows.find((r) => r.endpoint === '/api/time/current')!.count;
    expect(filtered.body.totalRequests).toBe(current);
    expect(filtered.body.recent.every((r: { endpoint: string }) => r.endpoint === '/api/time/current')).toBe(true);
    expect(filtered.body.endpoints).toHaveLength(3);

    const stats = await client.get('/api/dashboard/stats');
    expect(stats.body).toEqual({
      plan: 'enterprise',
      todayRequests: made,
      totalRequests: made,
      activeKeys: 2,
      totalKeys: 2,
      hourlyLimit: null,
      hourlyRemaining: null,
      hourlyResetSeconds: null,
      limits: { hourlyQuota: null, burstPerSecond: 200, custom: false },
      firstRequestAt: expect.any(String),
      usageSeenAt: expect.any(String),
    });

    // Paging through everything with the cursor yields each row once, newest first.
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { id: string; timestamp: string }[]; nextCursor: string | null } } = await client.get(
        `/api/usage?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.body.items.map((i) => i.id));
      times.push(...page.body.items.map((i) => i.timestamp));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(made);
    expect(new Set(seen).size).toBe(made);
    const all = await db.query(`select "timestamp" from ${USAGE_EVENTS} where user_id = $1 order by "timestamp" desc`, [user.id]);
    expect(times).toEqual(all.rows.map((r) => r.timestamp.toISOString()));
  });

  it('the dashboard stats tell the Quick Start when the first call came and when the Usage page was first opened', async () => {
    const user = await createUser(t);
    const key = await createApiKey(t, user);
    const client = await signedInClient(t, user);
    const before = await client.get('/api/dashboard/stats');
    expect(before.body).toMatchObject({ totalKeys: 1, firstRequestAt: null, usageSeenAt: null });

    expect((await t.client().get('/api/time/utc', { 'x-api-key': key.key })).status).toBe(200);
    await flush();
    const first = await db.query(`select min("timestamp") as at from ${USAGE_EVENTS} where user_id = $1`, [user.id]);
    const called = await client.get('/api/dashboard/stats');
    expect(called.body).toMatchObject({ firstRequestAt: first.rows[0].at.toISOString(), usageSeenAt: null });
    // A later call leaves the first one's time as it was.
    expect((await t.client().get('/api/time/utc', { 'x-api-key': key.key })).status).toBe(200);
    await flush();
    expect((await client.get('/api/dashboard/stats')).body.firstRequestAt).toBe(first.rows[0].at.toISOString());

    expect((await client.get('/api/usage/summary')).status).toBe(200);
    const seen = (await client.get('/api/dashboard/stats')).body.usageSeenAt;
    expect(seen).toEqual(expect.any(String));
    expect((await client.get('/api/usage/summary')).status).toBe(200);
    expect((await client.get('/api/dashboard/stats')).body.usageSeenAt).toBe(seen);
    // Another account's visit and calls are its own.
    const other = await signedInClient(t, await createUser(t));
    expect((await other.get('/api/dashboard/stats')).body).toMatchObject({ firstRequestAt: null, usageSeenAt: null });
  });

  it("a user never sees another user's usage", async () => {
    const owner = await createUser(t, { plan: 'premium' });
    const key = await createApiKey(t, owner);
    for (let i = 0; i < 3; i++) await t.client().get('/api/time/utc', { 'x-api-key': key.key });
    await flush();
    const stranger = await signedInClient(t, await createUser(t));
    const list = await stranger.get('/api/usage?limit=1000');
    expect(list.body).toEqual({ items: [], nextCursor: null });
    const summary = await stranger.get('/api/usage/summary');
    expect(summary.body.totalRequests).toBe(0);
    expect(summary.body.recent).toEqual([]);
    expect(summary.body.endpoints).toEqual([]);
    expect(summary.body.perDay).toHaveLength(7);
    const stats = await stranger.get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({ todayRequests: 0, totalRequests: 0, activeKeys: 0, totalKeys: 0, hourlyLimit: 100, hourlyRemaining: 100 });
  });

  it("the Last Day range answers requests per hour: every hour of the range, counted from batches and rows alike; longer ranges don't", async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 30 * 60_000); // half past the current hour
    const start = new Date(end.getTime() - 24 * 3_600_000);
    const at = (hoursAgo: number, minute: number) => new Date(end.getTime() - 30 * 60_000 - hoursAgo * 3_600_000 + minute * 60_000);
    const rows = [at(0, 5), at(0, 20), at(3, 59), at(23, 45), at(25, 0)]; // the last is before the range
    // Events in batches and rows written before batches (not moved yet, their daily roll-ups with them) count alike.
    await t.app.get(UsageRepository).write([rows[0], rows[2], rows[4]].map((ts) => timeCall(user.id, ts.getTime())));
    await insertLegacyRows(
      db,
      [rows[1], rows[3]].map((ts) => timeCall(user.id, ts.getTime())),
    );
    const day = await client.get(`/api/usage/summary?startDate=${start.toISOString()}&endDate=${end.toISOString()}`);
    expect(day.status).toBe(200);
    const perHour: { hour: string; count: number }[] = day.body.perHour;
    // From the hour the range starts in to the hour it ends in: 25 buckets, on the hour, in order.
    expect(perHour).toHaveLength(25);
    expect(perHour[0].hour).toBe(new Date(start.getTime() - 30 * 60_000).toISOString());
    expect(perHour.at(-1)!.hour).toBe(new Date(end.getTime() - 30 * 60_000).toISOString());
    const counted = Object.fromEntries(perHour.filter((h) => h.count > 0).map((h) => [h.hour, h.count]));
    const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(counted).toEqual({ [hourOf(at(23, 45))]: 1, [hourOf(at(3, 59))]: 1, [hourOf(at(0, 5))]: 2 });

    const week = await client.get(`/api/usage/summary?startDate=${new Date(end.getTime() - 7 * 86_400_000).toISOString()}&endDate=${end.toISOString()}`);
    expect(week.body.perHour).toEqual([]);
  });

  it('refuses bad paging and ranges with a problem, never a 500', async () => {
    const client = await signedInClient(t, await createUser(t));
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=abc',
      'cursor=garbage',
      'startDate=yesterday',
      `cursor=${Buffer.from('["x","1"]').toString('base64url')}`,
    ]) {
      const res = await client.get(`/api/usage?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const backwards = await client.get('/api/usage/summary?startDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z');
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe('invalid_range');
    expect((await t.client().get('/api/usage')).status).toBe(401);
  });

  it('keeps rows while the database refuses writes and writes them when it is back', async () => {
    // A database of its own: the outage renames a table every usage write needs, and the run's other specs write usage.
    const own = await isolatedDatabase();
    const app = await createTestApp({ DATABASE_URL: own.url });
    const ownDb = new pg.Client({ connectionString: own.url });
    await ownDb.connect();
    try {
      const user = await createUser(app, { plan: 'premium' });
      const { key } = await createApiKey(app, user);
      const recorder = app.app.get(UsageRecorder);
      // Simulate an outage: the next writes fail.
      await ownDb.query(`alter table usage_daily rename to usage_daily_away`);
      try {
        for (let i = 0; i < 4; i++) expect((await app.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
        await recorder.flush();
        expect(recorder.pending).toBeGreaterThanOrEqual(4);
      } finally {
        await ownDb.query(`alter table usage_daily_away rename to usage_daily`);
      }
      await recorder.flush();
      expect(recorder.pending).toBe(0);
      expect(await countUsageEvents(ownDb, user.id)).toBe(4);
    } finally {
      await ownDb.end();
      await app.close();
      await own.drop();
    }
  });

  it('closing the usage repository twice (app.close() called twice) ends its pool once, without an error', async () => {
    const pool = openUsagePool(t.app.get(MikroORM).config.get('clientUrl'));
    const store = new UsageRepository(pool, t.app.get(UsageBatchRepository), t.app.get(UsageBatchCounts));
    await pool.query('select 1');
    await expect(Promise.all([store.close(), store.close()])).resolves.toBeDefined();
    await expect(store.close()).resolves.toBeUndefined();
  });

  it('keeps monthly partitions of batches and rows ahead and drops months past the retention period', async () => {
    const month = (table: string, offset: number) =>
      `${table}_${new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + offset, 1)).toISOString().slice(0, 7).replace('-', '_')}`;
    await db.query(`select usage_ensure_partition((date_trunc('month', now()) - interval '14 months')::date)`);
    await db.query(`select usage_batches_ensure_partition((date_trunc('month', now()) - interval '14 months')::date)`);
    await db.query(
      `insert into usage_records ("timestamp", user_id, key_id, endpoint, method, status_code, response_ms) values (now() - interval '14 months', gen_random_uuid(), gen_random_uuid(), '/api/time/utc', 'GET', 200, 1)`,
    );
    const old = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 14, 2));
    const userId = (await createUser(t)).id;
    await t.app.get(UsageRepository).write([timeCall(userId, old.getTime())]);
    expect(await countUsageEvents(db, userId)).toBe(1);
    for (const table of ['usage_records', 'usage_batches'])
      expect((await db.query(`select to_regclass($1) as t`, [month(table, -14)])).rows[0].t).not.toBeNull();
    await t.app.get(UsageRetention).run();
    expect(await countUsageEvents(db, userId)).toBe(0);
    for (const table of ['usage_records', 'usage_batches']) {
      expect((await db.query(`select to_regclass($1) as t`, [month(table, -14)])).rows[0].t).toBeNull();
      const { rows } = await db.query(
        `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = $1`,
        [table],
      );
      expect(rows.map((r) => r.relname)).toEqual(expect.arrayContaining([month(table, 0), month(table, 1), month(table, 2), `${table}_default`]));
    }
  });
});
