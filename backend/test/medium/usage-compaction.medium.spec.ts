import { randomUUID } from 'node:crypto';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import type { BatchDetailRow, BatchEventRef, BatchLogRow } from '../../src/modules/usage/usage-batch.repository.js';
import { CANDIDATES_SQL, UsageCompaction } from '../../src/modules/usage/usage-compaction.repository.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { insertApiKey, insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

const HOUR = 3_600_000;
const ENDPOINTS = ['/api/time/current', '/api/timezone/info', '/api/calculation/add'];
const STATUSES = [200, 200, 304, 400, 404, 429, 500];

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) plan. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * Compaction on the real database (issue 53): a quiet account's small batches of a closed hour become one, the request
 * log reads the same events, and every id it handed out before (batch, position) still opens the same request after
 * one merge or a merge of merges. Every call is scoped to this spec's accounts: the run's other specs read their own
 * batches in this database meanwhile.
 */
describe('merging small usage batches, with the request log ids they handed out', () => {
  let m: Medium;
  let repo: UsageBatchRepository;
  let compaction: UsageCompaction;
  let pool: UsagePool;
  let nextRowId = 2_000_000 + Math.floor(Math.random() * 1e9) * 1000;
  const thisHour = Math.floor(Date.now() / HOUR) * HOUR;

  beforeAll(async () => {
    m = await mediumModule({ providers: [...USAGE_POOL_PROVIDERS, UsageBatchRepository, UsageCompaction] });
    repo = m.get(UsageBatchRepository);
    compaction = m.get(UsageCompaction);
    pool = m.module.get<UsagePool>(USAGE_POOL);
  });

  afterAll(async () => {
    await pool?.end();
    await m?.close();
  });

  /** An account with `flushes` flushes of `size` events a minute apart from `hour` (an event's fields vary with its number). */
  async function quietAccount(hour: number, flushes: number, size: number, options: { rowIds?: boolean } = {}) {
    const userId = (await insertUser(m.em, { plan: 'premium' })).id;
    const keys = [(await insertApiKey(m.em, userId, { name: 'One' })).id, (await insertApiKey(m.em, userId, { name: 'Two' })).id];
    let n = 0;
    const written: UsageRow[] = [];
    for (let f = 0; f < flushes; f++) {
      const rows: UsageRow[] = Array.from({ length: size }, (_, i) => {
        const k = n++;
        return {
          userId,
          keyId: keys[k % 2],
          // Two events of a flush at one millisecond now and then: positions, not times, tell them apart.
          timestamp: hour + f * 60_000 + (i === 2 ? 1 : i) * 7,
          endpoint: ENDPOINTS[k % 3],
          method: k % 4 ? 'GET' : 'POST',
          statusCode: STATUSES[k % STATUSES.length],
          responseMs: (k % 50) / 4,
          ipAddress: k % 5 ? `203.0.113.${k % 7}` : null,
          requestId: k % 3 ? randomUUID() : null,
          problemCode: k % 6 === 5 ? 'not-found' : null,
          query: k % 2 ? `zone="Europe/Paris"&n=${k}\\x` : null,
          ...(options.rowIds === false ? {} : { rowId: nextRowId++ }),
        };
      });
      await repo.write(rows);
      written.push(...rows);
    }
    return { userId, written };
  }

  const page = (userId: string) => repo.page({ userId, from: new Date(thisHour - 24 * HOUR), to: new Date(thisHour + HOUR), limit: 10_000 });
  /** What a user sees of one request: everything but where it is kept. */
  const seen = ({ batch: _b, batchStart: _s, n: _n, ...request }: BatchLogRow | BatchDetailRow) => request;
  const refOf = (r: BatchLogRow): BatchEventRef & { at: number } => ({ batch: r.batch, batchStart: r.batchStart, n: r.n, at: r.at });
  const batchSizes = async (userId: string) =>
    (await pool.query<{ events: number }>(`select events from usage_batches where user_id = $1 order by starts_at, id`, [userId])).rows.map((r) => r.events);

  /** Every id of `refs` opens the request it opened before (details as they were read then). */
  async function expectOpens(userId: string, before: Map<string, BatchDetailRow>) {
    for (const [ref, detail] of before) {
      const now = await repo.detail(userId, JSON.parse(ref) as BatchEventRef);
      expect(now && { ...seen(now), at: now.at }).toEqual({ ...seen(detail), at: detail.at });
    }
  }

  async function detailsOf(userId: string): Promise<Map<string, BatchDetailRow>> {
    const details = new Map<string, BatchDetailRow>();
    for (const row of await page(userId)) details.set(JSON.stringify(refOf(row)), (await repo.detail(userId, refOf(row)))!);
    return details;
  }

  it("merges a quiet account's small batches of a closed hour in bounded steps, and the log reads the same events", async () => {
    const hour = thisHour - 5 * HOUR;
    const { userId, written } = await quietAccount(hour, 30, 3);
    // The current hour's batch is not touched.
    await repo.write([
      { userId, keyId: randomUUID(), timestamp: Date.now() - 1000, endpoint: '/api/time/utc', method: 'GET', statusCode: 200, responseMs: 1, ipAddress: null },
    ]);
    const before = await page(userId);
    let merged = 0;
    for (let step; (step = await compaction.compactHour(userId, new Date(hour), 40));) merged += step;
    // 40 events a step at most: batches of 3 go 13 at a time (39 events, then left alone), so 30 become 13 + 13 + 4.
    expect(merged).toBe(30);
    expect(await batchSizes(userId)).toEqual([39, 39, 12, 1]);
    expect((await page(userId)).map(seen)).toEqual(before.map(seen));
    // A replayed write-ahead segment finds its events in the merged batches by their row ids.
    expect(await repo.write(written, true)).toBe(0);
  });

  it('opens every request by the id it had before a merge, and before a merge of merges', async () => {
    const hour = thisHour - 3 * HOUR;
    const { userId } = await quietAccount(hour, 25, 4);
    const original = await detailsOf(userId);
    expect(original.size).toBe(100);
    while (await compaction.compactHour(userId, new Date(hour), 30));
    expect(await batchSizes(userId)).toEqual([28, 28, 28, 16]);
    await expectOpens(userId, original);
    const between = await detailsOf(userId);
    // The merged batches merged again: one batch, and the ids of both earlier layouts open the same requests.
    expect(await compaction.compact(new Date(thisHour), new Date(thisHour - 48 * HOUR), { userIds: [userId] })).toBe(4);
    expect(await batchSizes(userId)).toEqual([100]);
    await expectOpens(userId, original);
    await expectOpens(userId, between);
    // The first batch of each merge kept its key: its events kept their ids.
    const [first] = [...original.values()].sort((a, b) => a.at - b.at);
    expect((await page(userId)).some((r) => r.batch === first.batch && r.n === first.n)).toBe(true);
    // Another account never opens them.
    const other = (await insertUser(m.em)).id;
    for (const ref of [...original.keys()].slice(0, 5)) expect(await repo.detail(other, JSON.parse(ref) as BatchEventRef)).toBeNull();
  });

  it('merges batches written without row ids, and their ids still open their requests', async () => {
    const hour = thisHour - 4 * HOUR;
    const { userId } = await quietAccount(hour, 6, 2, { rowIds: false });
    const original = await detailsOf(userId);
    expect(await compaction.compact(new Date(thisHour), new Date(thisHour - 48 * HOUR), { userIds: [userId] })).toBe(6);
    expect(await batchSizes(userId)).toEqual([12]);
    await expectOpens(userId, original);
  });

  it('looks only at hours that closed since the bound, and leaves an hour of one batch alone', async () => {
    const old = (await quietAccount(thisHour - 60 * HOUR, 3, 2)).userId;
    const single = (await quietAccount(thisHour - 2 * HOUR, 1, 5)).userId;
    const since = new Date(thisHour - 48 * HOUR);
    expect(await compaction.candidates(new Date(thisHour), since, [old, single])).toEqual([]);
    expect(await compaction.compact(new Date(thisHour), since, { userIds: [old, single] })).toBe(0);
    expect(await batchSizes(old)).toEqual([2, 2, 2]);
  });

  it("finds the hours through the small batches' index, not by reading every batch of the recent partitions", async () => {
    // The plan PostgreSQL makes for the look when it may not read whole partitions: a scan of the partial index's
    // partitions only. If the query's bound and the index's predicate part, the only way left is a sequential scan.
    const { rows: children } = await pool.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'usage_batches_small_index'::regclass`,
    );
    expect(children.length).toBeGreaterThan(0);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${CANDIDATES_SQL}`, [
        new Date(thisHour),
        new Date(thisHour - 48 * HOUR),
        null,
        1000,
      ]);
      // Every scan of a partition goes through an index (a bitmap heap scan names its index on the bitmap index scan
      // below it), and every index the plan names is one of the partial index's partitions.
      const sequential: string[] = [];
      const indexes: string[] = [];
      const walk = (node: PlanNode) => {
        if (node['Node Type'] === 'Seq Scan') sequential.push(node['Relation Name'] ?? '?');
        if (node['Index Name']) indexes.push(node['Index Name']);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(rows[0]['QUERY PLAN'][0].Plan);
      const names = new Set(children.map((c) => c.name));
      expect(sequential).toEqual([]);
      expect(indexes.length).toBeGreaterThan(0);
      expect(indexes.filter((name) => !names.has(name))).toEqual([]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('forgets where merged batches went once retention drops their month', async () => {
    const userId = (await insertUser(m.em)).id;
    const now = new Date();
    const gone = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 14, 3));
    const kept = new Date(thisHour - 3 * HOUR);
    await pool.query(
      `insert into usage_batch_moves (user_id, old_start, old_id, new_start, new_id, shift) values ($1, $2, 1, $2, 2, 3), ($1, $3, 1, $3, 2, 3)`,
      [userId, gone, kept],
    );
    await repo.dropExpired(12);
    const { rows } = await pool.query<{ new_start: Date }>(`select new_start from usage_batch_moves where user_id = $1`, [userId]);
    expect(rows.map((r) => r.new_start.getTime())).toEqual([kept.getTime()]);
  });
});
