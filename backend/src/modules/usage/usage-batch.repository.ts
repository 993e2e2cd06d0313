import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { KeyActivity } from '../keys/key-activity.js';
import { dailyRollups, DEDUPE_LOCK, forgetKeptBuckets, lateRows } from './usage-batch-sql.js';
import { RETENTION_LOCK } from './usage-partitions.js';
import { HOUR_MS, quarterRollups, toBatches } from './usage-batches.js';
import type { UsageBatch } from './usage-batches.js';
import type { UsageRow } from './usage-record.js';

/** A filtered page of the request log over batches: every set filter skips batches on their summary, then events. */
export interface BatchLogQuery {
  userId: string;
  from: Date;
  to: Date;
  keyId?: string;
  endpoint?: string;
  /** 1–5: the status class (4 for 4xx). */
  statusClass?: number;
  status?: number;
  requestId?: string;
  /** Keyset: events strictly older than this one in (time, batch, position) order. */
  before?: BatchEventRef & { at: number };
  limit: number;
}

/** Where one event is: its batch (by its primary key) and its 1-based position in the batch's arrays. */
export interface BatchEventRef {
  batch: string;
  /** The batch's start, epoch ms (part of its key: partitions are by it). */
  batchStart: number;
  n: number;
}

export interface BatchLogRow extends BatchEventRef {
  /** Epoch milliseconds. */
  at: number;
  method: string;
  endpoint: string;
  statusCode: number;
  responseMs: number;
  keyId: string;
  keyName: string | null;
  requestId: string | null;
  problemCode: string | null;
}

export interface BatchDetailRow extends BatchLogRow {
  ipAddress: string | null;
  query: string | null;
  keyPrefix: string | null;
  keyLastFour: string | null;
}

/** Batch heads read per round when a page is filled newest first. */
const CHUNK = 32;
const EPOCH_MS = `(extract(epoch from b.starts_at) * 1000)::int8`;
const AT = `${EPOCH_MS} + e.off`;
/** Epoch ms as a timestamptz parameter: a constant when planned, so the planner prunes partitions. */
const iso = (epochMs: number) => new Date(epochMs).toISOString();
const ms = (p: string) => `('epoch'::timestamptz + ${p}::int8 * interval '1 millisecond')`;
export const BATCH_COLUMNS = `user_id, id, starts_at, ends_at, events, request_id_min, request_id_max, classes, statuses, keys, endpoints, methods, ips, row_ids,
  offsets_ms, status_codes, response_ms, key_idx, endpoint_idx, method_idx, ip_idx, request_ids, problem_codes, queries`;
const UNNEST = `unnest(b.offsets_ms, b.status_codes, b.response_ms, b.key_idx, b.endpoint_idx, b.method_idx, b.request_ids, b.problem_codes)
  with ordinality as e(off, status, ms, k, ep, m, rid, pc, n)`;

/** A batch's id, start and end (epoch ms, as text). */
interface Head {
  id: string;
  s: string;
  e: string;
}

interface DbEvent {
  batch: string;
  batch_start: string;
  n: string;
  at: string;
  method: string;
  endpoint: string;
  status: number;
  ms: number;
  key_id: string;
  key_name: string | null;
  rid: string | null;
  pc: string | null;
}

function toRow(r: DbEvent): BatchLogRow {
  return {
    batch: r.batch,
    batchStart: Number(r.batch_start),
    n: Number(r.n),
    at: Number(r.at),
    method: r.method,
    endpoint: r.endpoint,
    statusCode: r.status,
    responseMs: Math.round(r.ms * 100) / 100,
    keyId: r.key_id,
    keyName: r.key_name,
    requestId: r.rid,
    problemCode: r.pc,
  };
}

/** Newest first: time, then batch id, then position. */
function newerFirst(a: BatchLogRow, b: BatchLogRow): number {
  if (a.at !== b.at) return b.at - a.at;
  const [x, y] = [BigInt(a.batch), BigInt(b.batch)];
  if (x !== y) return x < y ? 1 : -1;
  return b.n - a.n;
}

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
        await client.query('select pg_advisory_xact_lock($1)', [DEDUPE_LOCK]);
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
        ${p(b.methodIdx, 'int2[]')}, ${p(b.ipIdx, 'int2[]')}, ${p(b.requestIds, 'text[]')}, ${p(b.problemCodes, 'text[]')}, ${p(b.queries, 'text[]')})`,
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

  /**
   * A page newest first: batch heads are read CHUNK at a time by the (user_id, ends_at desc) index, skipped on their
   * summary, and only the heads kept are unnested; it stops once the page is full and its oldest event is newer than
   * the next batch's last one.
   */
  async page(q: BatchLogQuery): Promise<BatchLogRow[]> {
    // The heads' query and the events' query each number their own parameters: $1–$3 are the account and the range in both.
    const head: unknown[] = [q.userId, iso(q.from.getTime()), iso(q.to.getTime()), iso(q.from.getTime() - HOUR_MS)];
    const ev: unknown[] = [q.userId, q.from.getTime(), q.to.getTime()];
    const summary = [`b.user_id = $1`, `b.starts_at <= $3::timestamptz`, `b.starts_at >= $4::timestamptz`, `b.ends_at >= $2::timestamptz`];
    const event = [`${AT} >= $2::int8`, `${AT} <= $3::int8`];
    const both = (value: unknown, onHead: (p: string) => string, onEvent: (p: string) => string) => {
      summary.push(onHead(`$${head.push(value)}`));
      event.push(onEvent(`$${ev.push(value)}`));
    };
    if (q.keyId)
      both(
        q.keyId,
        (p) => `${p}::uuid = any(b.keys)`,
        (p) => `e.k = array_position(b.keys, ${p}::uuid)`,
      );
    if (q.endpoint)
      both(
        q.endpoint,
        (p) => `${p}::text = any(b.endpoints)`,
        (p) => `e.ep = array_position(b.endpoints, ${p}::text)`,
      );
    if (q.statusClass)
      both(
        q.statusClass,
        (p) => `${p}::int2 = any(b.classes)`,
        (p) => `e.status / 100 = ${p}::int`,
      );
    if (q.status)
      both(
        q.status,
        (p) => `${p}::int2 = any(b.statuses)`,
        (p) => `e.status = ${p}::int2`,
      );
    if (q.requestId)
      both(
        q.requestId,
        (p) => `${p}::text collate "C" between b.request_id_min and b.request_id_max`,
        (p) => `e.rid = ${p}::text`,
      );
    if (q.before) {
      summary.push(`b.starts_at <= $${head.push(iso(q.before.at))}::timestamptz`);
      const [at, batch, n] = [ev.push(q.before.at), ev.push(q.before.batch), ev.push(q.before.n)];
      event.push(`(${AT}, b.id, e.n) < ($${at}::int8, $${batch}::int8, $${n}::int8)`);
    }
    const h = head.length;
    const headsSql = (cursor: boolean) =>
      `select b.id::text as id, ${EPOCH_MS}::text as s, (extract(epoch from b.ends_at) * 1000)::int8::text as e from usage_batches b
       where ${summary.join(' and ')} ${cursor ? `and (b.ends_at, b.id) < ($${h + 1}::timestamptz, $${h + 2}::int8)` : ''}
       order by b.ends_at desc, b.id desc limit ${CHUNK + 1}`;
    const f = ev.length;
    const eventsSql = `select b.id::text as batch, ${EPOCH_MS}::text as batch_start, e.n::text as n, (${AT})::text as at, b.methods[e.m] as method,
         b.endpoints[e.ep] as endpoint, e.status, e.ms, b.keys[e.k]::text as key_id, k.name as key_name, e.rid, e.pc
       from unnest($${f + 1}::timestamptz[], $${f + 2}::int8[]) as h(s, id)
       join usage_batches b on b.user_id = $1 and b.starts_at = h.s and b.id = h.id
         and b.starts_at >= $${f + 4}::timestamptz and b.starts_at <= $${f + 5}::timestamptz
       cross join lateral ${UNNEST}
       left join api_keys k on k.id = b.keys[e.k]
       where ${event.join(' and ')}
       order by ${AT} desc, b.id desc, e.n desc limit $${f + 3}`;
    let found: BatchLogRow[] = [];
    let cursor: Head | null = null;
    for (;;) {
      const { rows: heads }: { rows: Head[] } = await this.pool.query<Head>(
        headsSql(cursor !== null),
        cursor ? [...head, iso(Number(cursor.e)), cursor.id] : head,
      );
      const take: Head[] = heads.slice(0, CHUNK);
      if (take.length) {
        const { rows } = await this.pool.query<DbEvent>(eventsSql, [
          ...ev,
          take.map((t) => new Date(Number(t.s)).toISOString()),
          take.map((t) => t.id),
          q.limit,
          iso(Math.min(...take.map((t) => Number(t.s)))),
          iso(Math.max(...take.map((t) => Number(t.s)))),
        ]);
        found = found.concat(rows.map(toRow)).sort(newerFirst).slice(0, q.limit);
      }
      const next = heads[CHUNK];
      if (!next) return found;
      if (found.length >= q.limit && found[found.length - 1].at > Number(next.e)) return found;
      cursor = take[take.length - 1];
    }
  }

  /** One event with its IP, query string and key's prefix, or null. */
  async detail(userId: string, ref: BatchEventRef): Promise<BatchDetailRow | null> {
    const { rows } = await this.pool.query<DbEvent & { ip: string | null; query: string | null; prefix: string | null; last_four: string | null }>(
      `select b.id::text as batch, ${EPOCH_MS}::text as batch_start, $4::text as n, (${EPOCH_MS} + b.offsets_ms[$4])::text as at,
              b.methods[b.method_idx[$4]] as method, b.endpoints[b.endpoint_idx[$4]] as endpoint, b.status_codes[$4] as status,
              b.response_ms[$4] as ms, b.keys[b.key_idx[$4]]::text as key_id, k.name as key_name, b.request_ids[$4] as rid,
              b.problem_codes[$4] as pc, b.ips[b.ip_idx[$4]] as ip, b.queries[$4] as query, k.prefix, k.last_four
       from usage_batches b left join api_keys k on k.id = b.keys[b.key_idx[$4]]
       where b.user_id = $1 and b.starts_at = $2::timestamptz and b.id = $3::int8 and $4::int between 1 and b.events`,
      [userId, iso(ref.batchStart), ref.batch, ref.n],
    );
    const r = rows[0];
    if (!r) return null;
    return { ...toRow(r), ipAddress: r.ip, query: r.query, keyPrefix: r.prefix, keyLastFour: r.last_four };
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
      `select r.i, e.status / 100 as class, e.ms, count(*)::int4 as n
       from unnest($2::int8[], $3::int8[]) with ordinality as r(lo, hi, i)
       join usage_batches b on b.user_id = $1 and b.starts_at < ${ms('r.hi')} and b.ends_at >= ${ms('r.lo')}
         and b.starts_at >= $6::timestamptz and b.starts_at < $7::timestamptz
         and ($4::uuid is null or $4::uuid = any(b.keys)) and ($5::text is null or $5::text = any(b.endpoints))
       cross join lateral ${UNNEST}
       where ${AT} >= r.lo and ${AT} < r.hi
         and ($4::uuid is null or e.k = array_position(b.keys, $4::uuid)) and ($5::text is null or e.ep = array_position(b.endpoints, $5::text))
       group by 1, 2, 3`,
      [userId, los, his, keyId ?? null, endpoint ?? null, iso(Math.min(...los) - HOUR_MS), iso(Math.max(...his))],
    );
    return rows.map((r) => ({ i: Number(r.i) - 1, statusClass: r.class, ms: Math.fround(r.ms), n: r.n }));
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
