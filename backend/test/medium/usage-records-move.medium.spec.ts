import { randomUUID } from 'node:crypto';
import { seedUsage } from '../../src/bin/seed-usage.js';
import type { SeededUser } from '../../src/bin/seed-usage.js';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import type { BatchLogQuery } from '../../src/modules/usage/usage-batch.repository.js';
import { UsageRecordsMove } from '../../src/modules/usage/usage-records-move.repository.js';
import { mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

/**
 * The rows written before batches move into them in bounded steps (issue 53), tested on the rows `npm run seed:usage`
 * writes: the request log, the counts and the roll-ups read from batches afterwards exactly what the rows held.
 */
describe('usage_records rows moved into batches in bounded steps, on a seeded database', () => {
  let m: Medium;
  let repo: UsageBatchRepository;
  let mover: UsageRecordsMove;
  let pool: UsagePool;
  let users: SeededUser[];
  type Old = { at: number; key_id: string; endpoint: string; method: string; status_code: number; ms: number; ip: string | null };
  const before = new Map<string, Old[]>();

  beforeAll(async () => {
    m = await mediumModule({ providers: [...USAGE_POOL_PROVIDERS, UsageBatchRepository, UsageRecordsMove] });
    repo = m.get(UsageBatchRepository);
    mover = m.get(UsageRecordsMove);
    pool = m.module.get<UsagePool>(USAGE_POOL);
    users = await seedUsage(process.env.TEST_DATABASE_URL!, { rows: 30_000, users: 2, days: 20, secret: randomUUID() });
    for (const u of users) {
      const { rows } = await pool.query<Old>(
        `select (extract(epoch from "timestamp") * 1000)::int8::float8 as at, key_id, endpoint, method, status_code, response_ms as ms, ip_address as ip
         from usage_records where user_id = $1 order by "timestamp" desc, id desc`,
        [u.id],
      );
      before.set(u.id, rows);
    }
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await m?.close();
  });

  it('moves every row once, 7,000 at a time, and the log, counts and roll-ups read the same events', async () => {
    const ids = users.map((u) => u.id);
    const total = [...before.values()].reduce((n, rows) => n + rows.length, 0);
    expect(total).toBeGreaterThanOrEqual(30_000);
    let moved = 0;
    let steps = 0;
    for (let step; (step = await mover.moveRecords(7000, ids)); steps++) {
      expect(step).toBeLessThanOrEqual(7000);
      moved += step;
    }
    expect([moved, steps]).toEqual([total, Math.ceil(total / 7000)]);
    const left = await pool.query<{ n: string }>(`select count(*) as n from usage_records where user_id = any($1::uuid[])`, [ids]);
    expect(Number(left.rows[0].n)).toBe(0);

    for (const u of users) {
      const old = before.get(u.id)!;
      const byStatus = new Map<number, number>();
      for (const r of old) byStatus.set(r.status_code, (byStatus.get(r.status_code) ?? 0) + 1);
      expect(await repo.eventsByStatus(u.id)).toEqual(byStatus);
      const quarters = await pool.query<{ n: string }>(`select sum(count) as n from usage_quarter_hours where user_id = $1`, [u.id]);
      expect(Number(quarters.rows[0].n)).toBe(old.length);

      const from = new Date(old[old.length - 1].at);
      const to = new Date(old[0].at);
      const key = u.keys[1].id;
      const rows = (q: Omit<BatchLogQuery, 'userId' | 'from' | 'to' | 'limit'>, limit: number) => repo.page({ userId: u.id, from, to, ...q, limit });
      const shape = (r: { at: number; keyId?: string; key_id?: string; endpoint: string; method: string }) =>
        `${r.at} ${r.keyId ?? r.key_id} ${r.endpoint} ${r.method}`;
      // Newest 300 and a filtered list: the same times in the same order, and the same events (rows of one
      // millisecond may come in another order).
      const newest = await rows({}, 300);
      expect(newest.map((r) => r.at)).toEqual(old.slice(0, 300).map((r) => r.at));
      const filtered = old.filter((r) => r.key_id === key && Math.floor(r.status_code / 100) === 4 && r.endpoint === '/api/time/current');
      const got = await rows({ keyId: key, statusClass: 4, endpoint: '/api/time/current' }, 100_000);
      expect(got.map(shape).sort()).toEqual(filtered.map(shape).sort());
      expect(got.map((r) => r.at)).toEqual(filtered.map((r) => r.at));
      const detail = await repo.detail(u.id, newest[0]);
      expect(old.filter((r) => r.at === newest[0].at).map((r) => r.ip)).toContain(detail!.ipAddress);
    }
  });
});
