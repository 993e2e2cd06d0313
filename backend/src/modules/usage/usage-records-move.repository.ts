import { Inject, Injectable } from '@nestjs/common';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { BATCH_COLUMNS, UsageBatchRepository } from './usage-batch.repository.js';
import { KEY_CLASS_STRIDE, toBatches } from './usage-batches.js';
import type { UsageRow } from './usage-record.js';
import { DEDUPE_LOCK } from './usage-batch-sql.js';

/**
 * The usage_records rows written before batches, moved into usage_batches in bounded steps (issue 53): the choice over
 * a read-through view, so that every read has one layout and retention has one kind of partition to drop.
 */
/** Batches under this many events are merged with the others of their hour (compactStep). */
const SMALL = 1000;

@Injectable()
export class UsageRecordsMove {
  constructor(
    @Inject(USAGE_POOL) private readonly pool: UsagePool,
    private readonly batches: UsageBatchRepository,
  ) {}

  /**
   * One bounded step of moving usage_records rows into batches (issue 53's migration of the rows written before
   * batches): the oldest `limit` rows (of `userIds` only, when given) become one batch per account and UTC hour, their
   * quarter-hour roll-ups are added (usage_daily already counts them) and the rows are deleted, in one transaction.
   * Returns how many rows moved; 0 when none is left. Timestamps keep whole milliseconds, the batches' precision.
   */
  moveRecords(limit: number, userIds?: string[]): Promise<number> {
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [DEDUPE_LOCK]);
      const { rows: months } = await client.query<{ m: string }>(
        `select to_char(date_trunc('month', min("timestamp"), 'UTC'), 'YYYY-MM-DD') as m from usage_records where $1::uuid[] is null or user_id = any($1::uuid[])`,
        [userIds ?? null],
      );
      if (months[0].m === null) return 0;
      await client.query(`select usage_batches_ensure_partition($1::date)`, [months[0].m]);
      const { rows } = await client.query<{ moved: string }>(
        `with picked as materialized (
           select id, "timestamp" as ts, row_id, date_trunc('milliseconds', "timestamp") as t, user_id, key_id, endpoint, method, status_code, response_ms, ip_address,
                  request_id, problem_code, query, date_trunc('hour', "timestamp", 'UTC') as h
           from usage_records where $2::uuid[] is null or user_id = any($2::uuid[])
           order by "timestamp", id limit $1
         ),
         groups as (
           select user_id, h, min(t) as s, max(t) as e, count(*)::int as events,
                  min(request_id collate "C") as rid_min, max(request_id collate "C") as rid_max,
                  array_agg(distinct (status_code / 100)::int2) as classes, array_agg(distinct status_code) as statuses,
                  array_agg(distinct key_id) as keys, array_agg(distinct endpoint::text) as endpoints, array_agg(distinct method::text) as methods,
                  array_agg(distinct ip_address::text) as ips
           from picked group by 1, 2
         ),
         batches as (
           insert into usage_batches (${BATCH_COLUMNS})
           select g.user_id, coalesce((array_agg(p.row_id order by p.t, p.id))[1], -nextval('usage_batch_ids')), g.s, g.e, g.events,
                  g.rid_min, g.rid_max, g.classes, g.statuses, g.keys, g.endpoints, g.methods, g.ips,
                  array_agg(p.row_id order by p.t, p.id),
                  array_agg((extract(epoch from p.t - g.s) * 1000)::int4 order by p.t, p.id),
                  array_agg(p.status_code order by p.t, p.id), array_agg(p.response_ms order by p.t, p.id),
                  array_agg(array_position(g.keys, p.key_id)::int2 order by p.t, p.id),
                  array_agg(array_position(g.endpoints, p.endpoint::text)::int2 order by p.t, p.id),
                  array_agg(array_position(g.methods, p.method::text)::int2 order by p.t, p.id),
                  array_agg(array_position(g.ips, p.ip_address::text)::int2 order by p.t, p.id),
                  array_agg(p.request_id::text order by p.t, p.id), array_agg(p.problem_code::text order by p.t, p.id),
                  array_agg(p.query::text order by p.t, p.id),
                  array_agg(distinct array_position(g.keys, p.key_id) * ${KEY_CLASS_STRIDE} + p.status_code / 100)
           from picked p join groups g on g.user_id = p.user_id and g.h = p.h
           group by g.user_id, g.h, g.s, g.e, g.events, g.rid_min, g.rid_max, g.classes, g.statuses, g.keys, g.endpoints, g.methods, g.ips
         ),
         quarters as (
           insert into usage_quarter_hours (starts_at, user_id, key_id, endpoint, status_code, count, total_ms)
           select date_bin('15 minutes', t, timestamptz 'epoch'), user_id, key_id, endpoint, status_code, count(*), sum(response_ms)::float8
           from picked group by 1, 2, 3, 4, 5 order by 2, 1, 3, 4, 5
           on conflict (user_id, starts_at, key_id, endpoint, status_code)
           do update set count = usage_quarter_hours.count + excluded.count, total_ms = usage_quarter_hours.total_ms + excluded.total_ms
         ),
         gone as (delete from usage_records r using picked p where r.id = p.id and r."timestamp" = p.ts returning 1)
         select count(*)::int8 as moved from gone`,
        [limit, userIds ?? null],
      );
      return Number(rows[0].moved);
    });
  }

  /**
   * One bounded step of merging an account's small batches (under SMALL events, as flushes of a quiet account are)
   * that started and ended in one UTC hour that closed before `before`: the oldest such hour's batches, in time order
   * up to `maxEvents` events, become one (of `userIds` only, when given). The roll-ups hold the same events and stay. Returns how many batches were
   * merged (0 when none is left): the request log then opens one batch where it opened hundreds.
   */
  compactStep(before: Date, maxEvents = 8000, userIds?: string[]): Promise<number> {
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [DEDUPE_LOCK]);
      const { rows: picked } = await client.query<{ user_id: string; starts_at: Date; id: string }>(
        `with hour as (
           select user_id, date_trunc('hour', starts_at, 'UTC') as h from usage_batches
           where ends_at < $1 and events < $3 and date_trunc('hour', starts_at, 'UTC') = date_trunc('hour', ends_at, 'UTC')
             and ($4::uuid[] is null or user_id = any($4::uuid[]))
           group by 1, 2 having count(*) > 1 order by 2, 1 limit 1
         )
         select b.user_id, b.starts_at, b.id from (
           select b.user_id, b.starts_at, b.id, sum(b.events) over (order by b.starts_at, b.id) as upto
           from usage_batches b join hour on b.user_id = hour.user_id and b.starts_at >= hour.h and b.starts_at < hour.h + interval '1 hour'
           where b.ends_at < hour.h + interval '1 hour' and b.events < $3
         ) b where b.upto <= $2 order by b.starts_at, b.id`,
        // A batch past half of maxEvents is left as it is: merged with another it could not grow much.
        [before, maxEvents, Math.min(SMALL, Math.ceil(maxEvents / 2)), userIds ?? null],
      );
      if (picked.length < 2) return 0;
      const { rows: events } = await client.query<{
        user_id: string;
        at: string;
        key_id: string;
        endpoint: string;
        method: string;
        status: number;
        ms: number;
        ip: string | null;
        rid: string | null;
        pc: string | null;
        query: string | null;
        row_id: string | null;
      }>(
        `with gone as (
           delete from usage_batches b using unnest($1::uuid[], $2::timestamptz[], $3::int8[]) as p(u, s, id)
           where b.user_id = p.u and b.starts_at = p.s and b.id = p.id returning b.*
         )
         select b.user_id, ((extract(epoch from b.starts_at) * 1000)::int8 + e.off)::text as at, b.keys[e.k]::text as key_id,
                b.endpoints[e.ep] as endpoint, b.methods[e.m] as method, e.status, e.ms, b.ips[e.ip] as ip, e.rid, e.pc, e.q as query,
                b.row_ids[e.n]::text as row_id
         from gone b cross join lateral unnest(b.offsets_ms, b.status_codes, b.response_ms, b.key_idx, b.endpoint_idx, b.method_idx, b.ip_idx,
           b.request_ids, b.problem_codes, b.queries) with ordinality as e(off, status, ms, k, ep, m, ip, rid, pc, q, n)
         order by (extract(epoch from b.starts_at) * 1000)::int8 + e.off, b.starts_at, b.id, e.n`,
        [picked.map((p) => p.user_id), picked.map((p) => p.starts_at), picked.map((p) => p.id)],
      );
      const rows: UsageRow[] = events.map((e) => ({
        userId: e.user_id,
        timestamp: Number(e.at),
        keyId: e.key_id,
        endpoint: e.endpoint,
        method: e.method,
        statusCode: e.status,
        responseMs: e.ms,
        ipAddress: e.ip,
        requestId: e.rid,
        problemCode: e.pc,
        query: e.query,
        ...(e.row_id === null ? {} : { rowId: Number(e.row_id) }),
      }));
      await this.batches.insertBatches(client, toBatches(rows));
      return picked.length;
    });
  }
}
