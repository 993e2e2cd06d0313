import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { USAGE_POOL } from '../../../src/database/usage-pool.js';
import type { UsagePool } from '../../../src/database/usage-pool.js';
import { UsageBatchRepository } from '../../../src/modules/usage/usage-batch.repository.js';
import { UsageRecordsMove } from '../../../src/modules/usage/usage-records-move.repository.js';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { usageEvents } from '../../support/usage-events.js';
import { insertLegacyRows } from '../../support/usage-log.js';

interface Item {
  id: string;
  timestamp: string;
  method: string;
  endpoint: string;
  statusCode: number;
  responseTime: number;
  keyId: string;
  keyName: string | null;
  requestId: string | null;
  problemCode: string | null;
}

interface Page {
  items: Item[];
  nextCursor: string | null;
  retentionStart: string;
}

/** A secret pasted into the query string by mistake: the log must never keep it. */
const PASTED_SECRET = 'tzk_live_PastedIntoTheUrlByMistake0000000000';

describe('the request log (Usage → Requests)', () => {
  let t: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  let alpha: { key: string; id: string };
  let beta: { key: string; id: string };
  /** X-Request-Id of every request the owner made, as the API answered it. */
  const requestIds: string[] = [];
  let tokyoRequestId = '';

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, { plan: 'premium' });
    alpha = await createApiKey(t, user, { name: 'Alpha' });
    beta = await createApiKey(t, user, { name: 'Beta' });
    const call = async (path: string, key: string, status: number) => {
      const res = await t.client().get(path, { 'x-api-key': key });
      expect(res.status).toBe(status);
      const id = res.headers.get('x-request-id');
      expect(id).toBeTruthy();
      requestIds.push(id!);
      return id!;
    };
    for (let i = 0; i < 7; i++) await call('/api/time/utc', alpha.key, 200);
    for (let i = 0; i < 2; i++) await call('/api/time/current?timezone=Not/AZone', alpha.key, 400);
    tokyoRequestId = await call(`/api/time/current?timezone=Asia/Tokyo&api_key=${PASTED_SECRET}&token=hunter2`, alpha.key, 200);
    for (let i = 0; i < 3; i++) await call('/api/timezone/list', beta.key, 200);
    owner = await signedInClient(t, user);

    // Another account with a request of its own.
    const other = await createUser(t, { plan: 'free' });
    const otherKey = await createApiKey(t, other, { name: 'Theirs' });
    expect((await t.client().get('/api/time/utc', { 'x-api-key': otherKey.key })).status).toBe(200);
    stranger = await signedInClient(t, other);

    await t.app.get(UsageRecorder).flush();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (client: TestClient, query: string) => client.get<Page>(`/api/usage/requests?${query}`);

  async function everyPage(query: string, limit: number): Promise<Item[]> {
    const seen: Item[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(owner, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    return seen;
  }

  it('pages every request newest first by cursor, without duplicates or gaps', async () => {
    const items = await everyPage('', 4);
    expect(items).toHaveLength(requestIds.length);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    // Every request the API answered is in the log once, with the X-Request-Id the client saw, newest first.
    expect(items.map((i) => i.requestId)).toEqual([...requestIds].reverse());
    const times = items.map((i) => Date.parse(i.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items[0]).toMatchObject({ method: 'GET', endpoint: '/api/timezone/list', statusCode: 200, keyId: beta.id, keyName: 'Beta' });
  });

  it('filters by key, endpoint, status (exact or class) and time', async () => {
    const byKey = await everyPage(`keyId=${beta.id}`, 2);
    expect(byKey).toHaveLength(3);
    expect(byKey.every((i) => i.keyId === beta.id)).toBe(true);

    const byEndpoint = await everyPage(`endpoint=${encodeURIComponent('/api/time/current')}`, 50);
    expect(byEndpoint).toHaveLength(3);
    expect(byEndpoint.every((i) => i.endpoint === '/api/time/current')).toBe(true);

    const exact = await everyPage('status=400', 50);
    expect(exact).toHaveLength(2);
    expect(exact.every((i) => i.statusCode === 400 && i.problemCode === 'invalid_timezone')).toBe(true);
    expect(await everyPage('status=4xx', 1)).toHaveLength(2);
    expect(await everyPage('status=2xx', 5)).toHaveLength(11);
    expect(await everyPage('status=404', 5)).toHaveLength(0);
    expect(await everyPage(`status=2xx&keyId=${alpha.id}`, 50)).toHaveLength(8);

    const all = await everyPage('', 50);
    const middle = all[5].timestamp;
    const since = await everyPage(`from=${encodeURIComponent(middle)}`, 3);
    expect(since.map((i) => i.id)).toEqual(all.filter((i) => i.timestamp >= middle).map((i) => i.id));
    expect(since.length).toBeGreaterThanOrEqual(6);
    const before = await list(owner, `to=${encodeURIComponent('2020-01-01T00:00:00Z')}`);
    expect(before.body.items).toEqual([]);
  });

  it('finds one request by its X-Request-Id', async () => {
    const res = await list(owner, `requestId=${encodeURIComponent(tokyoRequestId)}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ requestId: tokyoRequestId, endpoint: '/api/time/current', statusCode: 200 });
    expect((await list(owner, 'requestId=no-such-request')).body.items).toEqual([]);
  });

  it('finds a request by an id a proxy made, one answered long after its id, and filters 5xx apart from 2xx, in rows and in batches', async () => {
    // The same requests kept as usage_records rows (written before batches, issue 53) and as batch events.
    for (const write of [
      (rows: UsageRow[]) => insertLegacyRows(t.app.get<UsagePool>(USAGE_POOL), rows),
      (rows: UsageRow[]) => t.app.get(UsageBatchRepository).write(rows),
    ]) {
      const user = await createUser(t, { plan: 'premium' });
      const key = await createApiKey(t, user, { name: 'Behind a proxy' });
      const client = await signedInClient(t, user);
      const now = Date.now();
      /** A UUIDv7 carrying the time `ms`, as the API makes them. */
      const v7 = (ms: number, tail = '0123456789ab') => {
        const hex = ms.toString(16).padStart(12, '0');
        return `${hex.slice(0, 8)}-${hex.slice(8)}-7abc-8def-${tail}`;
      };
      const ids = {
        timely: v7(now - 300),
        proxy: 'edge-7f3a9c.42',
        answeredLate: v7(now - 10 * 60_000),
        clockSteppedBack: v7(now + 5_000),
        upperCase: v7(now).toUpperCase(),
      };
      const row = (requestId: string, statusCode: number) => ({
        timestamp: now,
        userId: user.id,
        keyId: key.id,
        endpoint: '/api/time/utc',
        method: 'GET',
        statusCode,
        responseMs: 1,
        ipAddress: null,
        requestId,
      });
      await write([...Object.values(ids).map((id) => row(id, 200)), row(v7(now - 100, 'ffffffffffff'), 503)]);

      for (const id of Object.values(ids)) {
        const res = await list(client, `requestId=${encodeURIComponent(id)}`);
        expect(res.status).toBe(200);
        expect(res.body.items.map((i) => i.requestId)).toEqual([id]);
      }
      // The same shape and a near time, but no request had it.
      expect((await list(client, `requestId=${v7(now - 300, '0123456789ac')}`)).body.items).toEqual([]);

      expect((await list(client, 'status=5xx')).body.items.map((i) => i.statusCode)).toEqual([503]);
      expect((await list(client, 'status=503')).body.items).toHaveLength(1);
      expect((await list(client, 'status=2xx')).body.items).toHaveLength(5);
      expect((await list(client, 'status=4xx')).body.items).toEqual([]);
    }
  });

  it('shows one request in detail: parameters without secrets, the masked key, IP, status, code and latency', async () => {
    const [found] = (await list(owner, `requestId=${encodeURIComponent(tokyoRequestId)}`)).body.items;
    const res = await owner.get(`/api/usage/requests/${found.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: found.id,
      method: 'GET',
      endpoint: '/api/time/current',
      statusCode: 200,
      problemCode: null,
      requestId: tokyoRequestId,
      ipAddress: '127.0.0.1',
      parameters: { timezone: 'Asia/Tokyo', api_key: '[redacted]', token: '[redacted]' },
      key: { id: alpha.id, name: 'Alpha' },
    });
    expect(res.body.route).toMatch(/^\/api\/time\/current\?timezone=Asia%2FTokyo/);
    expect(res.body.responseTime).toBeGreaterThanOrEqual(0);
    expect(res.body.key.masked).toContain('…');
    expect(alpha.key.startsWith(res.body.key.masked.split('…')[0])).toBe(true);
    expect(res.text).not.toContain(PASTED_SECRET);
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain(alpha.key);

    const [failed] = (await list(owner, 'status=400&limit=1')).body.items;
    const problem = await owner.get(`/api/usage/requests/${failed.id}`);
    expect(problem.body).toMatchObject({ statusCode: 400, problemCode: 'invalid_timezone', parameters: { timezone: 'Not/AZone' } });
  });

  it("another account's request is 404, and its log holds none of ours", async () => {
    const [ours] = (await list(owner, 'limit=1')).body.items;
    const res = await stranger.get(`/api/usage/requests/${ours.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'request_not_found', status: 404 });
    expect((await stranger.get('/api/usage/requests/not-an-id')).body).toMatchObject({ code: 'request_not_found' });
    const theirs = await list(stranger, '');
    expect(theirs.body.items).toHaveLength(1);
    expect(theirs.body.items[0].keyName).toBe('Theirs');
    expect((await t.client().get('/api/usage/requests')).status).toBe(401);
  });

  it('refuses bad filters with 400 problem documents and stable codes', async () => {
    const cases: [string, string][] = [
      ['status=4x5', 'invalid_status_filter'],
      ['status=600', 'invalid_status_filter'],
      ['status=abc', 'invalid_status_filter'],
      ['cursor=bm90LWEtY3Vyc29y', 'invalid_cursor'],
      ['keyId=not-a-uuid', 'validation_failed'],
      ['requestId=has%20space', 'validation_failed'],
      ['from=2026-11-20T00:00:00Z&to=2026-11-10T00:00:00Z', 'invalid_range'],
      ['from=yesterday', 'validation_failed'],
      ['limit=0', 'validation_failed'],
    ];
    for (const [query, code] of cases) {
      const res = await list(owner, query);
      expect({ query, status: res.status, type: res.headers.get('content-type'), code: (res.body as unknown as { code: string }).code }).toEqual({
        query,
        status: 400,
        type: expect.stringContaining('application/problem+json'),
        code,
      });
    }
  });

  it('gives Premium latency percentiles and status-stacked hourly series; Free gets a 403 problem', async () => {
    const to = new Date(Date.now() + 60_000).toISOString();
    const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await owner.get(`/api/usage/requests/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bucket: 'hour', total: requestIds.length });
    const { p50, p95, p99 } = res.body;
    expect(typeof p50).toBe('number');
    expect(p50).toBeLessThanOrEqual(p95);
    expect(p95).toBeLessThanOrEqual(p99);
    expect(res.body.buckets.length).toBeGreaterThanOrEqual(3);
    const sum = (field: string) => res.body.buckets.reduce((n: number, b: Record<string, number>) => n + b[field], 0);
    expect([sum('status2xx'), sum('status4xx'), sum('status5xx'), sum('total')]).toEqual([11, 2, 0, requestIds.length]);

    expect(res.body.timeZone).toBe('UTC');
    expect(res.body.buckets.every((b: { start: string }) => b.start.endsWith(':00:00.000Z'))).toBe(true);

    // Buckets are the viewer's hours and days: India's hours start at :30 UTC, New York's days at 04:00 or 05:00 UTC.
    const india = await owner.get(`/api/usage/requests/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&timeZone=Asia/Kolkata`);
    expect(india.body).toMatchObject({ bucket: 'hour', timeZone: 'Asia/Kolkata', total: requestIds.length });
    expect(india.body.buckets.every((b: { start: string }) => b.start.endsWith(':30:00.000Z'))).toBe(true);
    expect(india.body.buckets.reduce((n: number, b: { total: number }) => n + b.total, 0)).toBe(requestIds.length);
    const week = await owner.get(
      `/api/usage/requests/stats?from=${encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString())}&timeZone=America/New_York`,
    );
    expect(week.body.bucket).toBe('day');
    expect(week.body.buckets.every((b: { start: string }) => /T0[45]:00:00\.000Z$/.test(b.start))).toBe(true);
    expect(week.body.buckets.reduce((n: number, b: { total: number }) => n + b.total, 0)).toBe(requestIds.length);
    const badZone = await owner.get('/api/usage/requests/stats?timeZone=Mars/Olympus');
    expect([badZone.status, badZone.body.code]).toEqual([400, 'invalid_timezone']);
    // The stats' own `to` (exclusive, documented apart from the list's) keeps the range's checks.
    const badEnd = await owner.get('/api/usage/requests/stats?to=yesterday');
    expect([badEnd.status, badEnd.body.code, badEnd.body.errors?.[0]?.field]).toEqual([400, 'validation_failed', 'to']);

    const free = await stranger.get('/api/usage/requests/stats');
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ code: 'analytics_plan_required' });
    expect(free.body.p50).toBeUndefined();
  });

  it("counts and percentiles are PostgreSQL's date_trunc in the zone and percentile_cont, across a DST change and in quarter-hour zones", async () => {
    // 600 rows every 7 min 13 s from 2026-10-31 (New York falls back on 1 November), two keys and endpoints, every status
    // class, latencies with ties, the older half moved into batches (issue 53: a log holding both until the move is
    // done); the stats answer against the plain SQL over every event the store's query stands in for.
    const user = await createUser(t, { plan: 'premium' });
    const [one, two] = [await createApiKey(t, user, { name: 'One' }), await createApiKey(t, user, { name: 'Two' })];
    const sql = <T>(query: string, params: unknown[]) => t.orm.em.getConnection().execute<T[]>(query, params);
    await sql(
      `insert into usage_records ("timestamp", user_id, key_id, endpoint, method, status_code, response_ms)
       select timestamptz '2026-10-31 00:00:00Z' + g * interval '7 minutes 13 seconds', ?, case when g % 3 = 0 then ?::uuid else ?::uuid end,
              case when g % 4 = 0 then '/api/time/utc' else '/api/time/current' end, 'GET', (array[200, 200, 200, 200, 301, 404, 429, 500])[1 + g % 8],
              case when g % 10 = 0 then 5 else round((0.2 + (g * 37 % 1000) / 100.0 * (1 + g % 5))::numeric, 2) end::real
       from generate_series(0, 599) as g`,
      [user.id, two.id, one.id],
    );
    expect(await t.app.get(UsageRecordsMove).moveRecords(300, [user.id])).toBe(300);
    const client = await signedInClient(t, user);
    const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    const cases: [string, string, string, string][] = [];
    for (const zone of ['America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'])
      for (const filter of ['', `&keyId=${two.id}`, '&endpoint=%2Fapi%2Ftime%2Futc'])
        cases.push(
          ['2026-10-31T12:00:00.000Z', '2026-11-02T12:00:00.000Z', zone, filter],
          ['2026-10-30T23:10:00.000Z', '2026-11-03T01:00:00.000Z', zone, filter],
        );
    const check = async ([from, to, zone, filter]: [string, string, string, string]) => {
      const res = await client.get(`/api/usage/requests/stats?from=${from}&to=${to}&timeZone=${encodeURIComponent(zone)}${filter}`);
      expect(res.status).toBe(200);
      const params = new URLSearchParams(filter);
      const expected = await sql<{ bucket: Date | null; total: string; s2xx: string; s3xx: string; s4xx: string; s5xx: string; p: number[] }>(
        `select date_trunc(?, "timestamp", ?) as bucket, count(*) as total, count(*) filter (where status_code < 300) as s2xx,
              count(*) filter (where status_code between 300 and 399) as s3xx, count(*) filter (where status_code between 400 and 499) as s4xx,
              count(*) filter (where status_code >= 500) as s5xx, percentile_cont(array[0.5, 0.95, 0.99]) within group (order by response_ms) as p
       from ${usageEvents('ev')} where user_id = ? and "timestamp" >= ? and "timestamp" < ? and (?::uuid is null or key_id = ?::uuid) and (?::text is null or endpoint = ?)
       group by grouping sets ((1), ())`,
        [res.body.bucket, zone, user.id, from, to, params.get('keyId'), params.get('keyId'), params.get('endpoint'), params.get('endpoint')],
      );
      const whole = expected.find((r) => r.bucket === null)!;
      expect([res.body.total, res.body.p50, res.body.p95, res.body.p99]).toEqual([Number(whole.total), ...whole.p.map(round)]);
      const byStart = new Map(expected.filter((r) => r.bucket).map((r) => [new Date(r.bucket!).toISOString(), r]));
      for (const b of res.body.buckets as Record<string, number | string | null>[]) {
        const r = byStart.get(b.start as string);
        expect([b.start, b.total, b.status2xx, b.status3xx, b.status4xx, b.status5xx, b.p50, b.p95, b.p99]).toEqual(
          r ? [b.start, ...[r.total, r.s2xx, r.s3xx, r.s4xx, r.s5xx].map(Number), ...r.p.map(round)] : [b.start, 0, 0, 0, 0, 0, null, null, null],
        );
        byStart.delete(b.start as string);
      }
      // Every bucket a row fell in is listed: New York's 1 November has two hours that start at 01:00 local time.
      expect([...byStart.keys()]).toEqual([]);
    };
    // Twice: the first answer counts the closed days and keeps them (request_stats_days), the second reads them back.
    for (let pass = 0; pass < 2; pass++) for (const c of cases) await check(c);
    const kept = await sql<{ n: string }>(`select count(*) as n from request_stats_days where user_id = ?`, [user.id]);
    expect(Number(kept[0].n)).toBeGreaterThan(0);
    // The whole UTC hours of a partial day are kept too (the 30 October range's first day, before any hourly range's).
    const hours = await sql<{ n: string }>(
      `select count(*) as n from request_stats_days where user_id = ? and ends_at - starts_at = interval '1 hour' and starts_at < '2026-10-31T12:00:00Z'`,
      [user.id],
    );
    expect(Number(hours[0].n)).toBeGreaterThan(0);

    // A late write (a replayed write-ahead segment) into a kept day: the day is counted again, with the new events.
    const store = t.app.get(UsageBatchRepository);
    const late = (status: number, ms: number, keyId: string) => ({
      timestamp: Date.parse('2026-11-01T15:00:00Z'),
      userId: user.id,
      keyId,
      endpoint: '/api/time/utc',
      method: 'GET',
      statusCode: status,
      responseMs: ms,
      ipAddress: null,
    });
    await store.write([late(200, 900, two.id), late(503, 950, one.id)], true);
    await store.write([late(200, 990, two.id)]);
    for (const c of cases) await check(c);
  });

  it("lists parameters named as a plain object's own members as the client sent them", async () => {
    const res = await t.client().get('/api/time/current?timezone=UTC&constructor=a&constructor=b&__proto__=c&toString=d', { 'x-api-key': beta.key });
    expect(res.status).toBe(400);
    const requestId = res.headers.get('x-request-id')!;
    await t.app.get(UsageRecorder).flush();
    const [found] = (await list(owner, `requestId=${encodeURIComponent(requestId)}`)).body.items;
    const detail = await owner.get(`/api/usage/requests/${found.id}`);
    expect(detail.status).toBe(200);
    expect(JSON.parse(detail.text).parameters).toEqual(JSON.parse('{"timezone":"UTC","constructor":"a,b","__proto__":"c","toString":"d"}'));
  });
});
