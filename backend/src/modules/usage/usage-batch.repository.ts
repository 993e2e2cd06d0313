import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { KeyActivity } from '../keys/key-activity.js';
import { USAGE_REWRITE_LOCK } from '../../database/advisory-locks.js';
import { dailyRollups, forgetKeptBuckets, lateRows } from './usage-batch-sql.js';
import { RETENTION_LOCK } from './usage-partitions.js';
import { HOUR_MS, quarterRollups, toBatches } from './usage-batches.js';
import type { UsageBatch } from './usage-batches.js';
import type { UsageRow } from './usage-record.js';
import { batchCountsSql, batchDetail, batchPage, iso, ms } from './usage-batch-reads.js';
import type { BatchDetailRow, BatchEventRef, BatchLogQuery, BatchLogRow } from './usage-batch-reads.js';

export type { BatchDetailRow, BatchEventRef, BatchLogQuery, BatchLogRow } from './usage-batch-reads.js';

export const BATCH_COLUMNS = `user_id, id, starts_at, ends_at, events, request_id_min, request_id_max, classes, statuses, keys, endpoints, methods, ips, row_ids,
  offsets_ms, status_codes, response_ms, key_idx, endpoint_idx, method_idx, ip_idx, request_ids, problem_codes, queries, key_classes`;
/**
 * The usage log stored as batches (issue 53, Migration20261129100000_usage_batches), on the usage writer's pool: one
 * row per account per flush with its events as arrays, the quarter-hour and daily roll-ups in the same transaction; the
 * request log's reads skip batches on their summary and unnest only those that can match.
 */
@Injectable()
export class UsageBatchRepository {
  constructor(
    @Inject(USAGE_POOL) private readonly pool: UsagePool,
    private readonly keys: KeyActivity,
  ) {}

  /**
   * Writes the rows as one batch per account, their roll-ups and the keys' lastUsedAt in one transaction; returns how
   * many events were new. With `dedupe` (a replayed write-ahead segment, a retry), events whose row id a batch of the
   * account already holds are left out, under an advisory lock across instances; without it (the hot path) a batch
   * written twice fails on its primary key (its id is its first event's id) and the recorder retries it with `dedupe`.
   */
  async write(rows: UsageRow[], dedupe = false): Promise<number> {
    if (!rows.length) return 0;
    return usageTransaction(this.pool, async (client) => {
      let fresh = rows;
      if (dedupe) {
        await client.query('select pg_advisory_xact_lock($1)', [USAGE_REWRITE_LOCK]);
        fresh = await this.unwritten(client, rows);
        if (!fresh.length) return 0;
      }
      const late = lateRows(fresh);
      if (late) await forgetKeptBuckets(client, late);
      await this.insertBatches(client, toBatches(fresh));
      await this.addRollups(client, fresh);
      await this.keys.noteUsed(fresh, client);
      return fresh.length;
    });
  }

  /** The rows whose id no batch of their account, nor a usage_records row (a segment replayed across the upgrade), nor an earlier row holds. */
  private async unwritten(client: pg.PoolClient, rows: UsageRow[]): Promise<UsageRow[]> {
    let lo = Infinity;
    let hi = -Infinity;
    for (const row of rows) {
      lo = Math.min(lo, row.timestamp);
      hi = Math.max(hi, row.timestamp);
    }
    const { rows: found } = await client.query<{ id: string }>(
      `select unnest(b.row_ids)::text as id from usage_batches b
       where b.user_id = any($1::uuid[]) and b.starts_at <= $3::timestamptz and b.starts_at >= $4::timestamptz and b.ends_at >= $2::timestamptz
         and b.row_ids is not null
       union all
       select r.row_id::text from usage_records r
       where r.user_id = any($1::uuid[]) and r."timestamp" >= $2::timestamptz and r."timestamp" < $5::timestamptz and r.row_id is not null`,
      [[...new Set(rows.map((r) => r.userId))], iso(Math.floor(lo)), iso(Math.floor(hi)), iso(Math.floor(lo) - HOUR_MS), iso(Math.floor(hi) + 1)],
    );
    const seen = new Set(found.map((r) => Number(r.id)));
    return rows.filter((row) => {
      if (row.rowId === undefined) return true;
      if (seen.has(row.rowId)) return false;
      seen.add(row.rowId);
      return true;
    });
  }

  async insertBatches(client: pg.PoolClient, batches: UsageBatch[]): Promise<void> {
    const params: unknown[] = [];
    const p = (value: unknown, cast: string) => `$${params.push(value)}::${cast}`;
    const values = batches.map(
      (b) => `(${p(b.userId, 'uuid')}, coalesce(${p(b.id, 'int8')}, -nextval('usage_batch_ids')), ${ms(p(b.startsAt, 'int8'))}, ${ms(p(b.endsAt, 'int8'))},
        ${p(b.events, 'int4')}, ${p(b.requestIdMin, 'text')}, ${p(b.requestIdMax, 'text')}, ${p(b.classes, 'int2[]')}, ${p(b.statuses, 'int2[]')},
        ${p(b.keys, 'uuid[]')}, ${p(b.endpoints, 'text[]')}, ${p(b.methods, 'text[]')}, ${p(b.ips, 'text[]')}, ${p(b.rowIds, 'int8[]')},
        ${p(b.offsetsMs, 'int4[]')}, ${p(b.statusCodes, 'int2[]')}, ${p(b.responseMs, 'float4[]')}, ${p(b.keyIdx, 'int2[]')}, ${p(b.endpointIdx, 'int2[]')},
        ${p(b.methodIdx, 'int2[]')}, ${p(b.ipIdx, 'int2[]')}, ${p(b.requestIds, 'text[]')}, ${p(b.problemCodes, 'text[]')}, ${p(b.queries, 'text[]')},
        ${p(b.keyClasses, 'int4[]')})`,
    );
    await client.query(`insert into usage_batches (${BATCH_COLUMNS}) values ${values.join(', ')}`, params);
  }

  private async addRollups(client: pg.PoolClient, rows: UsageRow[]): Promise<void> {
    const daily = dailyRollups(rows);
    const quarters = quarterRollups(rows);
    await client.query(
      `with d as (
         insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
         select * from unnest($1::date[], $2::uuid[], $3::uuid[], $4::text[], $5::smallint[], $6::bigint[], $7::float8[])
         on conflict (user_id, day, key_id, endpoint, status_code)
         do update set count = usage_daily.count + excluded.count, total_ms = usage_daily.total_ms + excluded.total_ms
       )
       insert into usage_quarter_hours (starts_at, user_id, key_id, endpoint, status_code, count, total_ms)
       select 'epoch'::timestamptz + q.t * interval '1 millisecond', q.u, q.k, q.e, q.s, q.c, q.ms
       from unnest($8::int8[], $9::uuid[], $10::uuid[], $11::text[], $12::smallint[], $13::bigint[], $14::float8[]) as q(t, u, k, e, s, c, ms)
       on conflict (user_id, starts_at, key_id, endpoint, status_code)
       do update set count = usage_quarter_hours.count + excluded.count, total_ms = usage_quarter_hours.total_ms + excluded.total_ms`,
      [
        daily.map((d) => d.day),
        daily.map((d) => d.userId),
        daily.map((d) => d.keyId),
        daily.map((d) => d.endpoint),
        daily.map((d) => d.statusCode),
        daily.map((d) => d.count),
        daily.map((d) => d.totalMs),
        quarters.map((q) => q.startsAt),
        quarters.map((q) => q.userId),
        quarters.map((q) => q.keyId),
        quarters.map((q) => q.endpoint),
        quarters.map((q) => q.statusCode),
        quarters.map((q) => q.count),
        quarters.map((q) => q.totalMs),
      ],
    );
  }

  /** A page of the request log newest first, batches skipped on their summary (usage-batch-reads.ts). */
  page(q: BatchLogQuery): Promise<BatchLogRow[]> {
    return batchPage(this.pool, q);
  }

  /** One event with its IP, query string and key's prefix, or null. */
  detail(userId: string, ref: BatchEventRef): Promise<BatchDetailRow | null> {
    return batchDetail(this.pool, userId, ref);
  }

  /**
   * Events of each range [lo, hi) (epoch ms, any order, may overlap) counted by status class and response time, as the
   * request log's stats need them: only batches overlapping a range are unnested.
   */
  async latencyCounts(
    userId: string,
    ranges: { lo: number; hi: number }[],
    keyId?: string,
    endpoint?: string,
  ): Promise<{ i: number; statusClass: number; ms: number; n: number }[]> {
    if (!ranges.length) return [];
    const [los, his] = [ranges.map((r) => r.lo), ranges.map((r) => r.hi)];
    const { rows } = await this.pool.query<{ i: string; class: number; ms: number; n: number }>(
      batchCountsSql({ user: '$1', los: '$2', his: '$3', idx: '$4', lo: '$5', hi: '$6', key: keyId && '$7', endpoint: endpoint && (keyId ? '$8' : '$7') }),
      [userId, los, his, ranges.map((_, i) => i), iso(Math.min(...los) - HOUR_MS), iso(Math.max(...his)), ...[keyId, endpoint].filter((v) => v)],
    );
    return rows.map((r) => ({ i: Number(r.i), statusClass: r.class, ms: Math.fround(r.ms), n: r.n }));
  }

  /** Monthly partitions of the batches around now, so batches never land in the default partition. */
  ensurePartitions(monthsBack = 0, monthsAhead = 2): Promise<void> {
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [RETENTION_LOCK]);
      await client.query(
        `select usage_batches_ensure_partition((date_trunc('month', now()) + make_interval(months => m))::date) from generate_series($1::int, $2::int) as m`,
        [-monthsBack, monthsAhead],
      );
    });
  }

  /**
   * Drops whole months of batches that ended before the retention period, and batches of the default partition that
   * ended before it; their names. A batch belongs to the month it starts in and ends seconds later.
   */
  dropExpired(retentionMonths: number): Promise<string[]> {
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [RETENTION_LOCK]);
      const { rows } = await client.query<{ name: string }>(
        `select c.relname as name from pg_inherits i
           join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
           where p.relname = 'usage_batches' and c.relname ~ '^usage_batches_[0-9]{4}_[0-9]{2}$'
             and to_date(substr(c.relname, 15), 'YYYY_MM') + interval '1 month'
                 <= date_trunc('month', now() at time zone 'utc') - make_interval(months => $1::int)`,
        [retentionMonths],
      );
      for (const { name } of rows) await client.query(`drop table if exists "${name.replace(/"/g, '')}"`);
      await client.query(`delete from usage_batches_default where ends_at < now() - make_interval(months => $1::int)`, [retentionMonths]);
      await client.query(`delete from usage_quarter_hours where starts_at < now() - make_interval(months => $1::int)`, [retentionMonths]);
      // Where merged batches went, for the months whose partitions were just dropped (compaction merges recent hours only,
      // which are in month partitions, never in the default one).
      await client.query(
        `delete from usage_batch_moves where new_start < (date_trunc('month', now() at time zone 'utc') - make_interval(months => $1::int)) at time zone 'utc'`,
        [retentionMonths],
      );
      return rows.map((r) => r.name);
    });
  }

  /** The account's events per status, counted inside its batches ("usage events equal answers"). */
  async eventsByStatus(userId: string): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ status: number; n: string }>(
      `select s as status, count(*) as n from usage_batches b, unnest(b.status_codes) as s where b.user_id = $1 group by 1`,
      [userId],
    );
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  }
}
