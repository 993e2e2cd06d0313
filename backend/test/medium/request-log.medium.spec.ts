import { randomUUID } from 'node:crypto';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { RequestLogRepository } from '../../src/modules/usage/request-log.repository.js';
import { RequestLogService } from '../../src/modules/usage/request-log.service.js';
import type { RequestLogFilters } from '../../src/modules/usage/request-log.service.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import { UsageRecordsMove } from '../../src/modules/usage/usage-records-move.repository.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import type { RequestLogItemView } from '../../src/modules/usage/dto/request-log.responses.js';
import { insertLegacyRows } from '../support/usage-log.js';
import { insertApiKey, insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

const MINUTE = 60_000;
const ENDPOINTS = ['/api/time/current', '/api/timezone/info', '/api/calculation/add'];
const STATUSES = [200, 200, 200, 304, 400, 404, 429, 500];

/** An id as the log handed them out before batches: a usage_records row's timestamp text and id. */
const rowId = (ts: string, id: string) => Buffer.from(JSON.stringify([ts, id])).toString('base64url');
const eventId = (parts: unknown[]) => Buffer.from(JSON.stringify(['e', ...parts])).toString('base64url');
const problemOf = (err: unknown) => (err as { problem?: { status: number; code: string } }).problem;

/**
 * The request log's service on the real database while a log holds both kinds of request (issue 53): rows written
 * before batches (usage_records) and events inside batches, interleaved in time, some at the same millisecond and
 * some rows at a fraction of one. Every page, cursor and id is checked against the plain list of what was written.
 */
describe('the request log over usage_records rows and batch events, on the real database', () => {
  let m: Medium;
  let log: RequestLogService;
  let batches: UsageBatchRepository;
  let mover: UsageRecordsMove;
  let pool: UsagePool;

  beforeAll(async () => {
    m = await mediumModule({
      providers: [...USAGE_POOL_PROVIDERS, UsageBatchRepository, UsageRecordsMove, RequestLogRepository, RequestLogService],
    });
    log = m.get(RequestLogService);
    batches = m.get(UsageBatchRepository);
    mover = m.get(UsageRecordsMove);
    pool = m.module.get<UsagePool>(USAGE_POOL);
  });

  afterAll(async () => {
    await pool?.end();
    await m?.close();
  });

  /**
   * An account with `n` requests over the last hours, every one with its own request id: a third written as
   * usage_records rows (every ninth of those at the millisecond of the batch event before it, every fifth at half a
   * millisecond past its own), the rest as batch events in flushes of up to 11 from two instances (batches overlapping in time).
   */
  async function account(n: number, options: { fractions?: boolean; start?: number; step?: number } = {}) {
    const userId = (await insertUser(m.em, { plan: 'premium' })).id;
    const keys = [(await insertApiKey(m.em, userId, { name: 'Alpha' })).id, (await insertApiKey(m.em, userId, { name: 'Beta' })).id];
    const start = options.start ?? Math.floor(Date.now() / MINUTE) * MINUTE - 5 * 60 * MINUTE;
    const rows: UsageRow[] = [];
    const events: UsageRow[] = [];
    let t = start;
    for (let i = 0; i < n; i++) {
      const legacy = i % 3 === 0;
      t += i % 9 === 3 ? 0 : (options.step ?? 1000) + ((i * 7919) % 60_000);
      const row: UsageRow = {
        timestamp: legacy && options.fractions !== false && i % 5 === 0 ? t + 0.5 : t,
        userId,
        keyId: keys[i % 2],
        endpoint: ENDPOINTS[i % 3],
        method: 'GET',
        statusCode: STATUSES[(i * 5) % STATUSES.length],
        responseMs: 1 + (i % 13),
        ipAddress: `203.0.113.${i % 4}`,
        requestId: `req-${i}-${randomUUID()}`,
        query: `n=${i}`,
        rowId: 1e12 + Math.floor(Math.random() * 1e9) * 1000 + i,
      };
      (legacy ? rows : events).push(row);
    }
    await insertLegacyRows(pool, rows);
    for (let i = 0; i < events.length; i += 11) {
      const flush = events.slice(i, i + 11);
      await batches.write(flush.filter((_, j) => j % 2 === 0));
      await batches.write(flush.filter((_, j) => j % 2 === 1));
    }
    return { userId, keys, written: [...rows, ...events], legacy: rows.length, from: new Date(start).toISOString() };
  }

  async function everyPage(userId: string, q: RequestLogFilters, limit: number): Promise<RequestLogItemView[]> {
    const seen: RequestLogItemView[] = [];
    let cursor = q.cursor;
    for (;;) {
      const page = await log.page(userId, { ...q, limit, cursor });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
    }
  }

  it('pages rows and events as one log, newest first, without gaps or repeats, whatever the page size and filter', async () => {
    const { userId, keys, written, from } = await account(150);
    const whole = (await log.page(userId, { from, limit: 200 })).items;
    expect(whole.map((i) => i.requestId).sort()).toEqual(written.map((r) => r.requestId).sort());
    const times = whole.map((i) => Date.parse(i.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Both kinds, and the same instant held by both (the row after the event).
    const kinds = whole.map((i) => JSON.parse(Buffer.from(i.id, 'base64url').toString())[0] === 'e');
    expect(new Set(kinds)).toEqual(new Set([true, false]));
    expect(whole.some((item, k) => k > 0 && item.timestamp === whole[k - 1].timestamp && kinds[k - 1] && !kinds[k])).toBe(true);

    const filters: [RequestLogFilters, (r: UsageRow) => boolean][] = [
      [{}, () => true],
      [{ status: '4xx' }, (r) => Math.floor(r.statusCode / 100) === 4],
      [{ status: '500' }, (r) => r.statusCode === 500],
      [{ keyId: keys[1], endpoint: ENDPOINTS[0] }, (r) => r.keyId === keys[1] && r.endpoint === ENDPOINTS[0]],
    ];
    for (const [filter, keep] of filters) {
      const expected = (await log.page(userId, { from, ...filter, limit: 200 })).items;
      expect(expected.map((i) => i.requestId).sort()).toEqual(
        written
          .filter(keep)
          .map((r) => r.requestId)
          .sort(),
      );
      for (const limit of [1, 4, 7]) expect(await everyPage(userId, { from, ...filter }, limit)).toEqual(expected);
    }
  });

  it('pages across the months the batches are partitioned by', async () => {
    const now = new Date();
    const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const { userId, written, from } = await account(60, { start: month - 2 * 24 * 60 * MINUTE, step: 90 * MINUTE });
    expect(new Set(written.map((r) => r.timestamp < month))).toEqual(new Set([true, false]));
    for (const filter of [{}, { status: '2xx' }]) {
      const whole = (await log.page(userId, { from, ...filter, limit: 200 })).items;
      expect(whole.length).toBe(filter.status ? written.filter((r) => r.statusCode < 300).length : written.length);
      for (const limit of [1, 5]) expect(await everyPage(userId, { from, ...filter }, limit)).toEqual(whole);
    }
  });

  it('finds a request by its id in either kind, and opens either: a row by the id it always had', async () => {
    const { userId, written } = await account(30);
    const [row, event] = [written.find((r) => r.query === 'n=3')!, written.find((r) => r.query === 'n=4')!];
    for (const r of [row, event]) {
      const { items } = await log.page(userId, { requestId: r.requestId! });
      expect(items.map((i) => [i.requestId, i.statusCode, i.endpoint])).toEqual([[r.requestId, r.statusCode, r.endpoint]]);
      const detail = await log.detail(userId, items[0].id);
      expect(detail).toMatchObject({ id: items[0].id, requestId: r.requestId, ipAddress: r.ipAddress, parameters: { n: r.query!.slice(2) } });
    }
    const { rows } = await pool.query<{ ts: string; id: string }>(`select "timestamp"::text as ts, id::text from usage_records where request_id = $1`, [
      row.requestId,
    ]);
    expect((await log.page(userId, { requestId: row.requestId! })).items[0].id).toBe(rowId(rows[0].ts, rows[0].id));
  });

  it("keeps a bookmarked row's id until the row moves into a batch, then answers 404 request_not_found; events keep theirs", async () => {
    const { userId, written, legacy, from } = await account(40, { fractions: false });
    const before = (await log.page(userId, { from, limit: 100 })).items;
    const oldRow = before.find((i) => JSON.parse(Buffer.from(i.id, 'base64url').toString()).length === 2)!;
    const oldEvent = before.find((i) => JSON.parse(Buffer.from(i.id, 'base64url').toString())[0] === 'e')!;
    expect((await log.detail(userId, oldRow.id)).requestId).toBe(oldRow.requestId);

    // A page read, then the rows moved, then the next pages: every request once.
    const first = await log.page(userId, { from, limit: 9 });
    expect(await mover.moveRecords(1000, [userId])).toBe(legacy);
    const rest = await everyPage(userId, { from, cursor: first.nextCursor! }, 9);
    const ids = [...first.items, ...rest].map((i) => i.requestId);
    expect(ids).toHaveLength(written.length);
    expect(new Set(ids)).toEqual(new Set(written.map((r) => r.requestId)));

    await expect(log.detail(userId, oldRow.id)).rejects.toMatchObject({ problem: { status: 404, code: 'request_not_found' } });
    expect((await log.detail(userId, oldEvent.id)).requestId).toBe(oldEvent.requestId);
    const after = (await log.page(userId, { from, limit: 100 })).items;
    // The same requests at the same times (the order within one millisecond is the batches' now).
    expect(after.map((i) => i.timestamp)).toEqual(before.map((i) => i.timestamp));
    expect(new Set(after.map((i) => i.requestId))).toEqual(new Set(before.map((i) => i.requestId)));
    expect(after.find((i) => i.requestId === oldRow.requestId)!.id).not.toBe(oldRow.id);
  });

  it('answers 404 for ids this API never handed out, another account, and 400 invalid_cursor for a bad cursor', async () => {
    const { userId, from } = await account(12);
    const stranger = await account(3);
    const [item] = (await log.page(userId, { from, limit: 1 })).items;
    const parts = JSON.parse(Buffer.from(item.id, 'base64url').toString()) as unknown[];
    const start = parts[1] as number;
    const ids = [
      'not-an-id',
      rowId('2026-13-45 00:00:00+00', '1'),
      rowId('2026-02-30 00:00:00+00', '1'),
      rowId('2026-01-01 10:00:00+16', '1'),
      rowId('0001-01-01 00:00:00+00', '1'),
      eventId([start, '99999999999999999999', 1, start]),
      eventId([start, parts[2], 2_147_483_647, start]),
      eventId([start, parts[2], 0, start]),
      eventId([start, parts[2], 1, start + 3_600_000]),
      eventId([-1, parts[2], 1, 0]),
      eventId([1e17, parts[2], 1, 1e17]),
      eventId([start, parts[2], parts[3], (parts[4] as number) + 1]),
    ];
    for (const id of ids) await expect(log.detail(userId, id)).rejects.toMatchObject({ problem: { status: 404, code: 'request_not_found' } });
    await expect(log.detail(stranger.userId, item.id)).rejects.toMatchObject({ problem: { status: 404 } });
    for (const cursor of ['garbage', eventId([start, 'x', 1, start]), Buffer.from('["x","1"]').toString('base64url'), rowId('2026-02-30 00:00:00+00', '1')]) {
      const err = await log.page(userId, { cursor }).catch((e: unknown) => e);
      expect(problemOf(err)).toMatchObject({ status: 400, code: 'invalid_cursor' });
    }
  });
});
