import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { USAGE_REWRITE_LOCK } from '../../database/advisory-locks.js';
import { UsageBatchRepository } from './usage-batch.repository.js';
import { toBatch } from './usage-batches.js';
import type { UsageRow } from './usage-record.js';
import { BATCH_SIZE } from './usage.recorder.js';

/**
 * Batches under this many events are merged with the others of their hour. The candidates' index
 * (usage_batches_small_index, Migration20261130200000) has it as its predicate: change both, or the look reads every batch.
 */
const SMALL = 1000;

/**
 * The accounts' hours holding two small batches or more, as `candidates` reads them ($1 before, $2 since, $3 accounts or
 * null, $4 limit). SMALL is written into the text, not bound, so the planner matches the partial index's predicate.
 */
export const CANDIDATES_SQL = `select user_id, date_trunc('hour', starts_at, 'UTC') as h from usage_batches
   where starts_at >= $2 and starts_at < $1 and ends_at < $1 and events < ${SMALL}
     and date_trunc('hour', starts_at, 'UTC') = date_trunc('hour', ends_at, 'UTC')
     and ($3::uuid[] is null or user_id = any($3::uuid[]))
   group by 1, 2 having count(*) > 1 order by 2, 1 limit $4`;

export interface CompactionHour {
  userId: string;
  /** The UTC hour's start. */
  hour: Date;
}

interface MergedEvent {
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
}

/**
 * Merges a quiet account's small batches (a flush of a few events each) of a closed UTC hour into one (issue 53): the
 * request log then opens one batch where it opened hundreds. The batches' events are placed one batch after the other,
 * so each event's position moves by its batch's shift, and usage_batch_moves says where a merged batch went: a request
 * log id handed out before the merge opens the same request after it (batchDetail). The roll-ups hold the same events
 * and stay.
 */
@Injectable()
export class UsageCompaction {
  constructor(
    @Inject(USAGE_POOL) private readonly pool: UsagePool,
    private readonly batches: UsageBatchRepository,
  ) {}

  /**
   * The accounts' hours holding two small batches or more, oldest first: hours that closed before `before` and began at
   * or after `since` (a bounded scan of the recent partitions), of `userIds` only when given.
   */
  async candidates(before: Date, since: Date, userIds?: string[], limit = 1000): Promise<CompactionHour[]> {
    const { rows } = await this.pool.query<{ user_id: string; h: Date }>(CANDIDATES_SQL, [before, since, userIds ?? null, limit]);
    return rows.map((r) => ({ userId: r.user_id, hour: r.h }));
  }

  /**
   * One bounded step on one account's hour: its small batches, in (start, id) order up to `maxEvents` events, become
   * one (at most a flush's BATCH_SIZE by default), in one transaction. Returns how many batches were merged (0 when fewer than two are left).
   */
  compactHour(userId: string, hour: Date, maxEvents = BATCH_SIZE): Promise<number> {
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [USAGE_REWRITE_LOCK]);
      const { rows: picked } = await client.query<{ starts_at: Date; id: string; events: number }>(
        `select starts_at, id::text as id, events from (
           select b.starts_at, b.id, b.events, sum(b.events) over (order by b.starts_at, b.id) as upto
           from usage_batches b
           where b.user_id = $1 and b.starts_at >= $2 and b.starts_at < $2::timestamptz + interval '1 hour'
             and b.ends_at < $2::timestamptz + interval '1 hour' and b.events < $4
         ) b where b.upto <= $3 order by starts_at, id`,
        // A batch past half of maxEvents is left as it is: merged with another it could not grow much.
        [userId, hour, maxEvents, Math.min(SMALL, Math.ceil(maxEvents / 2))],
      );
      if (picked.length < 2) return 0;
      const starts = picked.map((p) => p.starts_at);
      const ids = picked.map((p) => p.id);
      const { rows: events } = await client.query<MergedEvent>(
        `with gone as (
           delete from usage_batches b using unnest($2::timestamptz[], $3::int8[]) as p(s, id)
           where b.user_id = $1 and b.starts_at = p.s and b.id = p.id returning b.*
         )
         select ((extract(epoch from b.starts_at) * 1000)::int8 + e.off)::text as at, b.keys[e.k]::text as key_id,
                b.endpoints[e.ep] as endpoint, b.methods[e.m] as method, e.status, e.ms, b.ips[e.ip] as ip, e.rid, e.pc, e.q as query,
                b.row_ids[e.n]::text as row_id
         from gone b cross join lateral unnest(b.offsets_ms, b.status_codes, b.response_ms, b.key_idx, b.endpoint_idx, b.method_idx, b.ip_idx,
           b.request_ids, b.problem_codes, b.queries) with ordinality as e(off, status, ms, k, ep, m, ip, rid, pc, q, n)
         order by b.starts_at, b.id, e.n`,
        [userId, starts, ids],
      );
      const batch = toBatch(
        userId,
        events.map((e) => rowOf(userId, e)),
      );
      if (batch.id === null) batch.id = -Number((await client.query<{ n: string }>(`select nextval('usage_batch_ids')::text as n`)).rows[0].n);
      await this.batches.insertBatches(client, [batch]);
      let shift = 0;
      const shifts = picked.map((p) => {
        const before = shift;
        shift += p.events;
        return before;
      });
      await noteMoves(client, userId, { starts, ids, shifts }, { start: new Date(batch.startsAt), id: String(batch.id) });
      return picked.length;
    });
  }

  /** Every candidate hour, step by step, until none is left, `until` (epoch ms) passes or `signal` aborts; batches merged. */
  async compact(before: Date, since: Date, options: { until?: number; signal?: AbortSignal; userIds?: string[] } = {}): Promise<number> {
    let merged = 0;
    for (const { userId, hour } of await this.candidates(before, since, options.userIds)) {
      for (let step = await this.compactHour(userId, hour); step > 0; step = await this.compactHour(userId, hour)) {
        merged += step;
        if (options.signal?.aborted || Date.now() >= (options.until ?? Infinity)) return merged;
      }
    }
    return merged;
  }
}

function rowOf(userId: string, e: MergedEvent): UsageRow {
  return {
    userId,
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
  };
}

/**
 * The merged batches' moves: rows that named one of them name the new batch (their shift grows by that batch's), and
 * each merged batch but the one whose key the new batch kept gets a row of its own. One hop, whatever the merges.
 */
async function noteMoves(
  client: pg.PoolClient,
  userId: string,
  merged: { starts: Date[]; ids: string[]; shifts: number[] },
  into: { start: Date; id: string },
): Promise<void> {
  await client.query(
    `with src as (select * from unnest($2::timestamptz[], $3::int8[], $4::int4[]) as p(s, id, shift)),
     repointed as (
       update usage_batch_moves m set new_start = $5, new_id = $6, shift = m.shift + src.shift
       from src where m.user_id = $1 and m.new_start = src.s and m.new_id = src.id
     )
     insert into usage_batch_moves (user_id, old_start, old_id, new_start, new_id, shift)
     select $1, src.s, src.id, $5, $6, src.shift from src where (src.s, src.id) <> ($5::timestamptz, $6::int8)`,
    [userId, merged.starts, merged.ids, merged.shifts, into.start, into.id],
  );
}
