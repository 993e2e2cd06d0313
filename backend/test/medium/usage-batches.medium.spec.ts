import { randomUUID } from 'node:crypto';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { UsageBatchCounts } from '../../src/modules/usage/usage-batch-counts.repository.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import type { BatchLogQuery, BatchLogRow } from '../../src/modules/usage/usage-batch.repository.js';
import { usesQuota } from '../../src/modules/usage/usage-record.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { insertApiKey, insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

const HOUR = 3_600_000;
const ENDPOINTS = ['/api/time/current', '/api/timezone/list', '/api/conversion/timezone', '/api/calculation/add'];
const STATUSES = [200, 200, 200, 201, 304, 400, 404, 429, 500, 503];

/** A small deterministic generator (mulberry32): the same events every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The usage log stored as batches (issue 53) against a plain oracle: the same events kept as a list in the test, and
 * every filter of the request log answered both ways. Batches are skipped on their summary and unnested only when
 * they can match; the oracle never skips anything, so a summary that wrongly rules a batch out shows as a missing event.
 */
describe('the usage log stored as batches, on the real database', () => {
  let m: Medium;
  let repo: UsageBatchRepository;
  let pool: UsagePool;
  let userId: string;
  let otherId: string;
  let namedKey: string;
  const keys = [randomUUID(), randomUUID()];
  const events: UsageRow[] = [];
  // Three days ending at the last whole hour, so the events stay inside partitions the migration made.
  const end = Math.floor(Date.now() / HOUR) * HOUR;
  const start = end - 72 * HOUR;
  let nextRowId = 1_000_000 + Math.floor(Math.random() * 1e9) * 1000;

  const event = (user: string, at: number, rnd: () => number): UsageRow => {
    const i = Math.floor(rnd() * 1000);
    const ids = [randomUUID(), `proxy-${i}`, null];
    return {
      userId: user,
      keyId: user === userId ? [namedKey, ...keys][i % 3] : keys[0],
      timestamp: at,
      endpoint: ENDPOINTS[i % ENDPOINTS.length],
      method: i % 5 === 0 ? 'POST' : 'GET',
      statusCode: STATUSES[Math.floor(rnd() * STATUSES.length)],
      responseMs: Math.round(rnd() * 5000) / 100,
      ipAddress: i % 7 === 0 ? null : `203.0.113.${i % 9}`,
      requestId: ids[i % 3],
      problemCode: i % 4 === 0 ? 'not-found' : null,
      query: i % 6 === 0 ? `zone=Europe/Paris&n=${i}` : null,
      rowId: nextRowId++,
    };
  };

  beforeAll(async () => {
    m = await mediumModule({ providers: [...USAGE_POOL_PROVIDERS, UsageBatchRepository, UsageBatchCounts] });
    repo = m.get(UsageBatchRepository);
    pool = m.module.get<UsagePool>(USAGE_POOL);
    userId = (await insertUser(m.em, { plan: 'premium' })).id;
    otherId = (await insertUser(m.em)).id;
    namedKey = (await insertApiKey(m.em, userId, { name: 'Batch reader' })).id;
    // Flushes of a few seconds to a few minutes from two instances at once (batches that overlap in time), both
    // accounts interleaved, every event of an account at its own ms; one event in 40 is held back and written at the
    // end as one replayed segment, a batch spanning the three days.
    const rnd = random(53);
    const replayed: UsageRow[] = [];
    let t = start;
    while (t < end) {
      const flushes: UsageRow[][] = [[], []];
      const size = 1 + Math.floor(rnd() * 60);
      for (let i = 0; i < size && t < end; i++) {
        t += 1 + Math.floor(rnd() * 240_000);
        const row = event(rnd() < 0.8 ? userId : otherId, t, rnd);
        if (rnd() < 1 / 40) replayed.push(row);
        else flushes[rnd() < 0.5 ? 0 : 1].push(row);
      }
      for (const flush of flushes) {
        events.push(...flush);
        await repo.write(flush);
      }
    }
    events.push(...replayed);
    expect(await repo.write(replayed, true)).toBe(replayed.length);
  });

  afterAll(async () => {
    await pool?.end();
    await m?.close();
  });

  /** The oracle: the filters applied to the plain list, newest first. */
  const oracle = (q: Omit<BatchLogQuery, 'limit' | 'before'>): UsageRow[] =>
    events
      .filter(
        (e) =>
          e.userId === q.userId &&
          e.timestamp >= q.from.getTime() &&
          e.timestamp <= q.to.getTime() &&
          (!q.keyId || e.keyId === q.keyId) &&
          (!q.endpoint || e.endpoint === q.endpoint) &&
          (!q.statusClass || Math.floor(e.statusCode / 100) === q.statusClass) &&
          (!q.status || e.statusCode === q.status) &&
          (!q.requestId || e.requestId === q.requestId),
      )
      .sort((a, b) => b.timestamp - a.timestamp);

  /** Every page of a query, followed by its keyset cursor. */
  const allPages = async (q: Omit<BatchLogQuery, 'limit' | 'before'>, limit: number): Promise<BatchLogRow[]> => {
    const seen: BatchLogRow[] = [];
    let before: BatchLogQuery['before'];
    for (;;) {
      const page = await repo.page({ ...q, before, limit });
      seen.push(...page);
      if (page.length < limit) return seen;
      const last = page[page.length - 1];
      before = { at: last.at, batch: last.batch, batchStart: last.batchStart, n: last.n };
    }
  };

  const shape = (r: BatchLogRow | UsageRow) =>
    'at' in r
      ? [r.at, r.keyId, r.endpoint, r.method, r.statusCode, r.responseMs, r.requestId, r.problemCode]
      : [r.timestamp, r.keyId, r.endpoint, r.method, r.statusCode, Math.round(r.responseMs * 100) / 100, r.requestId ?? null, r.problemCode ?? null];

  it('pages through every filter of the request log exactly as the oracle lists the events', async () => {
    const from = new Date(start);
    const to = new Date(end);
    const withId = events.find((e) => e.userId === userId && e.requestId?.startsWith('proxy-'))!;
    const uuidId = events.find((e) => e.userId === userId && e.requestId && !e.requestId.startsWith('proxy-'))!;
    const queries: Omit<BatchLogQuery, 'limit' | 'before'>[] = [
      { userId, from, to },
      { userId, from, to, keyId: namedKey },
      { userId, from, to, endpoint: ENDPOINTS[2] },
      { userId, from, to, statusClass: 4 },
      { userId, from, to, statusClass: 5, status: 503 },
      { userId, from, to, statusClass: 2, endpoint: ENDPOINTS[0], keyId: keys[1] },
      { userId, from, to, keyId: namedKey, statusClass: 4 },
      { userId, from, to, keyId: keys[0], statusClass: 4, status: 404 },
      { userId, from, to, requestId: withId.requestId! },
      { userId, from, to, requestId: uuidId.requestId! },
      { userId, from, to, requestId: 'never-sent' },
      { userId, from: new Date(start + 20 * HOUR), to: new Date(start + 21 * HOUR + 17_000) },
      { userId: otherId, from, to, statusClass: 3 },
    ];
    for (const q of queries) {
      const expected = oracle(q);
      expect(expected.length).toBeGreaterThan(q.requestId === 'never-sent' ? -1 : 0);
      const got = await allPages(q, 37);
      expect({ q, rows: got.map(shape) }).toEqual({ q, rows: expected.map(shape) });
    }
    // The unfiltered list of the busy account has hundreds of events: it took many rounds of batch heads.
    expect(oracle({ userId, from, to }).length).toBeGreaterThan(300);
  });

  // Each batch's pairs read off its event arrays by SQL, and the batches that the named key's 4xx skip on them.
  it('keeps in each batch the (key, status class) pairs its events hold, which a key with a class skips on', async () => {
    const { rows } = await pool.query<{ n: string; wrong: string; skipped: string }>(
      `select count(*) as n, count(*) filter (where key_classes is distinct from (select array_agg(distinct k * 8 + s / 100
         order by k * 8 + s / 100) from unnest(b.key_idx, b.status_codes) as e(k, s))) as wrong, count(*) filter (where
         $1::uuid = any(keys) and 4::int2 = any(classes) and not (array_position(keys, $1::uuid) * 8 + 4 = any(key_classes))) as skipped
       from usage_batches b where user_id = $2`,
      [namedKey, userId],
    );
    expect([Number(rows[0].n) > 10, Number(rows[0].wrong), Number(rows[0].skipped) > 0]).toEqual([true, 0, true]);
  });

  it('fills a page from batches that each span their whole hour (replayed segments), newest first', async () => {
    const user = (await insertUser(m.em)).id;
    const rnd = random(11);
    const wide: UsageRow[] = [];
    // 40 batches of one hour, each two early events and one late one: the newest 37 events are the late ones of 37
    // batches, more than one round of batch heads reads.
    const hour = end - 2 * HOUR;
    for (let i = 0; i < 40; i++) {
      const rows = [event(user, hour + i * 1000, rnd), event(user, hour + i * 1000 + 500, rnd), event(user, hour + HOUR - 1 - i * 1000, rnd)];
      wide.push(...rows);
      await repo.write(rows);
    }
    const page = await repo.page({ userId: user, from: new Date(start), to: new Date(end), limit: 37 });
    expect(page.map((r) => r.at)).toEqual(
      wide
        .map((r) => r.timestamp)
        .sort((a, b) => b - a)
        .slice(0, 37),
    );
  });

  it("opens one event with its IP, query string and key's name", async () => {
    const [first] = await repo.page({ userId, from: new Date(start), to: new Date(end), keyId: namedKey, limit: 1 });
    const detail = await repo.detail(userId, first);
    const original = events.find((e) => e.userId === userId && e.timestamp === first.at)!;
    expect(detail).toMatchObject({ at: original.timestamp, keyName: 'Batch reader', keyPrefix: 'tzk_live_abcd', keyLastFour: 'wxyz' });
    expect([detail!.ipAddress, detail!.query]).toEqual([original.ipAddress, original.query ?? null]);
    expect(await repo.detail(otherId, first)).toBeNull();
    expect(await repo.detail(userId, { ...first, n: 100_000 })).toBeNull();
  });

  it('counts events by status class and response time per range as the oracle does', async () => {
    const ranges = [
      { lo: start, hi: start + 24 * HOUR },
      { lo: start + 24 * HOUR + 1234, hi: start + 25 * HOUR },
      { lo: start + 60 * HOUR, hi: end },
    ];
    for (const filter of [{}, { keyId: keys[0] }, { endpoint: ENDPOINTS[1] }]) {
      const got = await repo.latencyCounts(userId, ranges, filter.keyId, filter.endpoint);
      const total = (i: number, cls: number) => got.filter((r) => r.i === i && r.statusClass === cls).reduce((s, r) => s + r.n, 0);
      const slow = (i: number) => got.filter((r) => r.i === i && r.ms >= 25).reduce((s, r) => s + r.n, 0);
      for (const [i, r] of ranges.entries()) {
        const mine = oracle({ userId, from: new Date(r.lo), to: new Date(r.hi - 1), ...filter });
        for (const cls of [2, 3, 4, 5]) expect(total(i, cls)).toBe(mine.filter((e) => Math.floor(e.statusCode / 100) === cls).length);
        expect(slow(i)).toBe(mine.filter((e) => Math.fround(e.responseMs) >= 25).length);
      }
    }
  });

  it('keeps the daily and quarter-hour roll-ups equal to the events inside the batches', async () => {
    for (const id of [userId, otherId]) {
      const mine = events.filter((e) => e.userId === id);
      const byStatus = new Map<number, number>();
      for (const e of mine) byStatus.set(e.statusCode, (byStatus.get(e.statusCode) ?? 0) + 1);
      expect(await repo.eventsByStatus(id)).toEqual(byStatus);
      const { rows } = await pool.query<{ daily: string; quarters: string; q_ms: number }>(
        `select (select sum(count) from usage_daily where user_id = $1) as daily,
                (select sum(count) from usage_quarter_hours where user_id = $1) as quarters,
                (select sum(total_ms) from usage_quarter_hours where user_id = $1) as q_ms`,
        [id],
      );
      expect([Number(rows[0].daily), Number(rows[0].quarters)]).toEqual([mine.length, mine.length]);
      expect(rows[0].q_ms).toBeCloseTo(
        mine.reduce((s, e) => s + e.responseMs, 0),
        6,
      );
    }
    const firstHour = await pool.query<{ n: string }>(
      `select coalesce(sum(count), 0) as n from usage_quarter_hours where user_id = $1 and starts_at >= $2 and starts_at < $3`,
      [userId, new Date(start), new Date(start + HOUR)],
    );
    expect(Number(firstHour.rows[0].n)).toBe(oracle({ userId, from: new Date(start), to: new Date(start + HOUR - 1) }).length);
  });

  it("answers the limits' and the dashboard's counts from batches and roll-ups as the oracle does", async () => {
    const counts = m.get(UsageBatchCounts);
    const since = new Date(end - 30 * HOUR + 12_345);
    const charged = events.filter((e) => e.userId === userId && e.timestamp > since.getTime() && usesQuota(e.statusCode));
    const hits = charged.map((e) => e.timestamp).sort((a, b) => a - b);
    expect(await counts.quotaHits(userId, since, 50)).toEqual(hits.slice(-50));
    const byKey = new Map<string, number>();
    for (const e of charged) byKey.set(e.keyId, (byKey.get(e.keyId) ?? 0) + 1);
    expect(await counts.usageByKey(userId, since)).toEqual(byKey);
    const mine = events.filter((e) => e.userId === otherId);
    expect((await counts.firstRequestAt(otherId))?.getTime()).toBe(Math.min(...mine.map((e) => e.timestamp)));
    expect(await counts.firstRequestAt(randomUUID())).toBeNull();
    const quarters = new Map<number, number>();
    for (const e of mine.filter((e) => e.endpoint === ENDPOINTS[1] && e.timestamp >= start + HOUR && e.timestamp < end)) {
      const q = Math.floor(e.timestamp / 900_000) * 900_000;
      quarters.set(q, (quarters.get(q) ?? 0) + 1);
    }
    expect(await counts.quarterHours(otherId, new Date(start + HOUR), new Date(end), ENDPOINTS[1])).toEqual(quarters);
    await expect(counts.quarterHours(otherId, new Date(start + 1), new Date(end))).rejects.toThrow(RangeError);
  });

  it('writes a replayed batch once: events already in a batch are skipped by their row id, the rest counted', async () => {
    const user = (await insertUser(m.em)).id;
    const rnd = random(7);
    const at = end - 2 * HOUR;
    const rows = Array.from({ length: 40 }, (_, i) => event(user, at + i * 1000, rnd));
    expect(await repo.write(rows.slice(0, 25))).toBe(25);
    // The hot path writing a batch twice fails on its key (the recorder then retries with dedupe).
    await expect(repo.write(rows.slice(0, 25))).rejects.toThrow();
    // A write-ahead segment cut differently from the flushes: the first 25 are there already.
    expect(await repo.write(rows.slice(10), true)).toBe(15);
    expect(await repo.write(rows, true)).toBe(0);
    expect(await repo.eventsByStatus(user).then((s) => [...s.values()].reduce((a, b) => a + b, 0))).toBe(40);
    const daily = await pool.query<{ n: string }>(`select sum(count) as n from usage_daily where user_id = $1`, [user]);
    expect(Number(daily.rows[0].n)).toBe(40);
    // Events without row ids (no write-ahead file) get a batch id of their own.
    const unlogged = rows.slice(0, 3).map(({ rowId: _, ...r }) => ({ ...r, timestamp: r.timestamp + 500 }));
    expect(await repo.write(unlogged)).toBe(3);
    expect(await repo.write(unlogged)).toBe(3);
  });

  it('drops whole months of batches past retention', async () => {
    const user = (await insertUser(m.em)).id;
    const old = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 14, 10));
    await pool.query(`select usage_batches_ensure_partition($1::date)`, [old.toISOString().slice(0, 10)]);
    await repo.write([event(user, old.getTime(), random(3))]);
    const name = `usage_batches_${old.toISOString().slice(0, 7).replace('-', '_')}`;
    await repo.ensurePartitions();
    expect(await repo.dropExpired(12)).toContain(name);
    expect(await repo.eventsByStatus(user)).toEqual(new Map());
  });
});
