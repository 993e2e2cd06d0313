import { Inject, Injectable } from '@nestjs/common';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { USAGE_REWRITE_LOCK } from '../../database/advisory-locks.js';
import { BATCH_COLUMNS } from './usage-batch.repository.js';
import { KEY_CLASS_STRIDE } from './usage-batches.js';

/**
 * The usage_records rows written before batches, moved into usage_batches in bounded steps (issue 53): the choice over
 * a read-through view, so that every read has one layout and retention has one kind of partition to drop.
 */
@Injectable()
export class UsageRecordsMove {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  /**
   * One bounded step of moving usage_records rows into batches (issue 53's migration of the rows written before
   * batches): the oldest `limit` rows (of `userIds` only, when given) become one batch per account and UTC hour, their
   * quarter-hour roll-ups are added (usage_daily already counts them) and the rows are deleted, in one transaction.
   * Returns how many rows moved; 0 when none is left. Timestamps keep whole milliseconds, the batches' precision.
   */
  moveRecords(limit: number, userIds?: string[]): Promise<number> {
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [USAGE_REWRITE_LOCK]);
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
}
