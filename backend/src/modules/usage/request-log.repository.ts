import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { LatencyCounts } from './latency-histogram.js';
import { FOUND_BY_TIME_MS, requestIdTime } from './request-id-time.js';
import { STATS_LOCK } from './usage-batch-sql.js';

/** A filtered page of the request log: every set filter is an indexed condition (see Migration20261127001100_request_log). */
export interface RequestLogQuery {
  userId: string;
  from: Date;
  to: Date;
  keyId?: string;
  endpoint?: string;
  /** 1–5: the status class (4 for 4xx). */
  statusClass?: number;
  /** An exact status, within statusClass. */
  status?: number;
  requestId?: string;
  /** Keyset: rows strictly older than (timestamp text, id). */
  before?: { ts: string; id: string };
  limit: number;
}

export interface RequestLogRow {
  id: string;
  /** PostgreSQL's text form of the timestamp, exact to the microsecond (cursor and detail id carry it). */
  ts: string;
  timestamp: Date;
  method: string;
  endpoint: string;
  statusCode: number;
  responseMs: number;
  keyId: string;
  keyName: string | null;
  requestId: string | null;
  problemCode: string | null;
}

export interface RequestDetailRow extends RequestLogRow {
  ipAddress: string | null;
  query: string | null;
  keyPrefix: string | null;
  keyLastFour: string | null;
}

export interface RequestStatsRow {
  /** The bucket's start, null for the whole range. */
  bucket: Date | null;
  total: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

const COLUMNS = `r.id::text as id, r."timestamp"::text as ts, r."timestamp", r.method, r.endpoint, r.status_code, r.response_ms,
  r.key_id, k.name as key_name, r.request_id, r.problem_code`;

interface DbRow {
  id: string;
  ts: string;
  timestamp: Date;
  method: string;
  endpoint: string;
  status_code: number;
  response_ms: number;
  key_id: string;
  key_name: string | null;
  request_id: string | null;
  problem_code: string | null;
}

function toRow(r: DbRow): RequestLogRow {
  return {
    id: r.id,
    ts: r.ts,
    timestamp: r.timestamp,
    method: r.method,
    endpoint: r.endpoint,
    statusCode: r.status_code,
    responseMs: Math.round(r.response_ms * 100) / 100,
    keyId: r.key_id,
    keyName: r.key_name,
    requestId: r.request_id,
    problemCode: r.problem_code,
  };
}

/**
 * The rows of each bucket range [lo, hi) for an account ($1), optionally one key ($2) or endpoint ($3), counted by status
 * class and response time: one arm per bucket, each an index-only range scan (the indexes carry status_code and
 * response_ms). Grouping by the float4 itself, not a float8 cast, and one arm per range rather than a join of the
 * ranges with width_bucket: the join scanned every partition per range and took 5 times as long (30 hours of the
 * bench's largest account at 10 M rows: 115–140 ms against 19–26; one arm per bucket: 10 ms).
 */
function countsSql(buckets: number[]): string {
  return buckets
    .map(
      (i, k) => `select ${i}::int4 as i, r.status_code / 100 as class, r.response_ms as ms, count(*)::int4 as n from usage_records r
  where r.user_id = $1 and r."timestamp" >= $${4 + 2 * k}::timestamptz and r."timestamp" < $${5 + 2 * k}::timestamptz
    and ($2::uuid is null or r.key_id = $2) and ($3::text is null or r.endpoint = $3)
  group by 2, 3`,
    )
    .join('\nunion all\n');
}

const NO_KEY = '00000000-0000-0000-0000-000000000000';

/** A bucket is kept in request_stats_days once it ended this long ago (a row is written within seconds of its answer). */
export const STATS_BUCKET_CLOSED_MS = 60 * 60_000;

/**
 * The request log's SQL over usage_records (on the usage writer's pool, database/usage-pool.ts). Only the filters that are set become conditions,
 * so the planner sees each one and picks the index that leads with it; pages are keyset ranges, never OFFSET.
 */
@Injectable()
export class RequestLogRepository {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  async page(q: RequestLogQuery): Promise<RequestLogRow[]> {
    const params: unknown[] = [q.userId, q.from, q.to];
    const where = [`r.user_id = $1`, `r."timestamp" >= $2::timestamptz`, `r."timestamp" <= $3::timestamptz`];
    const param = (value: unknown) => `$${params.push(value)}`;
    const add = (sql: (p: string) => string, value: unknown) => where.push(sql(param(value)));
    if (q.keyId) add((p) => `r.key_id = ${p}::uuid`, q.keyId);
    if (q.endpoint) add((p) => `r.endpoint = ${p}`, q.endpoint);
    if (q.statusClass) add((p) => `(r.status_code / 100) = ${p}::int`, q.statusClass);
    if (q.status) add((p) => `r.status_code = ${p}::smallint`, q.status);
    if (q.before) {
      // The plain bound lets the planner skip newer partitions; the row comparison is the keyset itself.
      const ts = param(q.before.ts);
      where.push(`r."timestamp" <= ${ts}::timestamptz`, `(r."timestamp", r.id) < (${ts}::timestamptz, ${param(q.before.id)}::bigint)`);
    }
    // A request id is looked up in the request id index, and when it is a UUIDv7 of the API's also in the two seconds
    // around its time, where the rows the index leaves out are (request-id-time.ts): two ranges, disjoint by the flag.
    const arms: string[][] = [[]];
    if (q.requestId) {
      const id = param(q.requestId);
      arms[0] = [`r.request_id = ${id}`, `r.request_id_indexed`];
      const at = requestIdTime(q.requestId);
      if (at !== null) {
        const [lo, hi] = [param(new Date(at - FOUND_BY_TIME_MS)), param(new Date(at + FOUND_BY_TIME_MS))];
        arms.push([`r.request_id = ${id}`, `not r.request_id_indexed`, `r."timestamp" >= ${lo}::timestamptz`, `r."timestamp" <= ${hi}::timestamptz`]);
      }
    }
    const limit = param(q.limit);
    const select = (arm: string[]) =>
      `select ${COLUMNS} from usage_records r left join api_keys k on k.id = r.key_id
       where ${[...where, ...arm].join(' and ')}
       order by r."timestamp" desc, r.id desc limit ${limit}`;
    const sql =
      arms.length === 1
        ? select(arms[0])
        : `select * from (${arms.map((arm) => `(${select(arm)})`).join(' union all ')}) u order by "timestamp" desc, id::bigint desc limit ${limit}`;
    const { rows } = await this.pool.query<DbRow>(sql, params);
    return rows.map(toRow);
  }

  /** The rows with this X-Request-Id since `since` (the retention start), newest first: the log's search by id. */
  byRequestId(userId: string, requestId: string, since: Date, limit: number): Promise<RequestLogRow[]> {
    return this.page({ userId, from: since, to: new Date('9999-12-31T00:00:00Z'), requestId, limit });
  }

  async detail(userId: string, ts: string, id: string): Promise<RequestDetailRow | null> {
    const { rows } = await this.pool.query<DbRow & { ip_address: string | null; query: string | null; prefix: string | null; last_four: string | null }>(
      `select ${COLUMNS}, r.ip_address, r.query, k.prefix, k.last_four
       from usage_records r left join api_keys k on k.id = r.key_id
       where r.user_id = $1 and r."timestamp" = $2::timestamptz and r.id = $3::bigint`,
      [userId, ts, id],
    );
    const r = rows[0];
    if (!r) return null;
    return { ...toRow(r), ipAddress: r.ip_address, query: r.query, keyPrefix: r.prefix, keyLastFour: r.last_four };
  }

  /**
   * Counts by status class and latency percentiles per bucket (an hour or a day on the clock of `timeZone`) and for the
   * whole range; then every bucket start of [from, to), empty ones included, computed by PostgreSQL in that zone (a
   * half-hour offset, a 23-hour day, the two 01:00 hours of a night the clock goes back). A zone PostgreSQL does not know
   * throws (code 22023). Hours (ranges up to 48 hours) and days (up to 31) are counted alike (bucketStats).
   */
  async stats(q: StatsQuery): Promise<{ rows: RequestStatsRow[]; starts: Date[] }> {
    // The buckets [from, to) touches, as date_trunc names them: `from`'s, and those of the quarter hours after it (every
    // UTC offset in use since 1972 is a whole number of quarter hours). Stepping the zone's wall clock instead gave one
    // bucket for the two hours a clock reads 01:00 when it goes back, and the requests of the first were in none.
    // With them, in the same round trip, each bucket's kept counts if it has them (whether they apply is bucketStats's
    // to say: the first bucket may start before `from`).
    const { rows: found } = await this.pool.query<{ start: Date; kept: KeptBucket | null }>(
      `with starts as (
         select distinct date_trunc($4, g, $3) as start
         from (select $1::timestamptz as g
               union all
               select g from generate_series(date_trunc('hour', $1::timestamptz, 'UTC'), $2::timestamptz, interval '15 minutes') as g
               where g > $1::timestamptz and g < $2::timestamptz) x
       ),
       edges as (select start, lead(start) over (order by start) as next from starts)
       select e.start, case when k.user_id is null then null else json_build_object('total', k.total, 's2xx', k.s2xx, 's3xx', k.s3xx,
                's4xx', k.s4xx, 's5xx', k.s5xx, 'latencies', encode(k.latencies, 'base64')) end as kept
       from edges e
       left join request_stats_days k on k.user_id = $5 and coalesce(k.key_id, '${NO_KEY}'::uuid) = coalesce($6::uuid, '${NO_KEY}'::uuid)
         and coalesce(k.endpoint, '') = coalesce($7::text, '') and k.starts_at = e.start and k.ends_at = e.next
       order by e.start`,
      [q.from, q.to, q.timeZone, q.bucket, q.userId, q.keyId ?? null, q.endpoint ?? null],
    );
    const starts = found.map((r) => r.start);
    return {
      rows: await this.bucketStats(
        q,
        starts,
        found.map((r) => r.kept),
      ),
      starts,
    };
  }

  /**
   * A whole bucket (an hour or a day of the viewer's clock) that closed an hour ago or more is read from
   * request_stats_days, or counted once and kept there; the rest (the range's partial first and last buckets, the last
   * hour) are counted from usage_records. A 30-day range of the bench's largest account at 10 M rows reads 29 kept days
   * and two partial ones instead of 330,000 rows; 24 hours read 22 kept hours and about 1,400 rows. The counting of the
   * buckets not kept and their keeping happen in one transaction under a shared advisory lock, which a late write
   * (UsageRepository.write) takes exclusively before it deletes the buckets it changes: no kept bucket misses a row.
   * Percentiles are percentile_cont's (LatencyCounts), whether a bucket was kept or counted.
   */
  private async bucketStats(q: StatsQuery, starts: Date[], kept: (KeptBucket | null)[]): Promise<RequestStatsRow[]> {
    const closedBy = Date.now() - STATS_BUCKET_CLOSED_MS;
    const buckets = starts.map((start, i) => {
      const end = starts[i + 1];
      return {
        i,
        lo: start < q.from ? q.from : start,
        hi: end ?? q.to,
        keepable: start >= q.from && end !== undefined && end.getTime() <= closedBy,
        counts: null as LatencyCounts | null,
      };
    });
    const filter = [q.keyId ?? null, q.endpoint ?? null];
    for (const [i, b] of buckets.entries()) {
      const k = kept[i];
      if (b.keepable && k) b.counts = LatencyCounts.decode({ ...k, latencies: Buffer.from(k.latencies, 'base64') });
    }
    const counted = buckets.filter((b) => !b.counts);
    const fills = counted.filter((b) => b.keepable);
    for (const b of counted) b.counts = new LatencyCounts();
    if (counted.length) {
      const params: unknown[] = [q.userId, ...filter];
      for (const b of counted) params.push(b.lo, b.hi);
      const sql = countsSql(counted.map((b) => b.i));
      const read = async (client: pg.PoolClient | pg.Pool) => {
        const { rows } = await client.query<{ i: number; class: number; ms: number; n: number }>(sql, params);
        // pg reads a float4 as the decimal PostgreSQL prints; fround gives back the float4 itself, which percentile_cont uses.
        for (const r of rows) buckets[r.i].counts!.add(r.class, Math.fround(r.ms), r.n);
      };
      if (!fills.length) await read(this.pool);
      else {
        await usageTransaction(this.pool, async (client) => {
          await client.query('select pg_advisory_xact_lock_shared($1)', [STATS_LOCK]);
          await read(client);
          await client.query(
            `insert into request_stats_days (user_id, key_id, endpoint, starts_at, ends_at, total, s2xx, s3xx, s4xx, s5xx, latencies)
           select $1, $2, $3, * from unnest($4::timestamptz[], $5::timestamptz[], $6::int8[], $7::int8[], $8::int8[], $9::int8[], $10::int8[], $11::bytea[])
           on conflict do nothing`,
            [
              q.userId,
              ...filter,
              fills.map((b) => b.lo),
              fills.map((b) => b.hi),
              ...(['total', 's2xx', 's3xx', 's4xx', 's5xx'] as const).map((f) => fills.map((b) => b.counts![f])),
              fills.map((b) => b.counts!.encode()),
            ],
          );
        });
      }
    }
    const whole = new LatencyCounts();
    const rows: RequestStatsRow[] = [];
    for (const [i, b] of buckets.entries()) {
      whole.merge(b.counts!);
      if (b.counts!.total) rows.push(statsRow(starts[i], b.counts!));
    }
    rows.push(statsRow(null, whole));
    return rows;
  }
}

interface StatsQuery {
  userId: string;
  from: Date;
  to: Date;
  bucket: 'hour' | 'day';
  timeZone: string;
  keyId?: string;
  endpoint?: string;
}

/** A kept bucket as the stats query sends it (JSON: bigint counts as numbers, the latencies in base64). */
interface KeptBucket {
  total: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  latencies: string;
}

function statsRow(bucket: Date | null, counts: LatencyCounts): RequestStatsRow {
  const p = counts.percentiles();
  const { total, s2xx, s3xx, s4xx, s5xx } = counts;
  return { bucket, total, s2xx, s3xx, s4xx, s5xx, p50: roundMs(p?.[0]), p95: roundMs(p?.[1]), p99: roundMs(p?.[2]) };
}

/** Milliseconds to the hundredth, as the log shows them. */
function roundMs(v: number | null | undefined): number | null {
  return v === undefined || v === null ? null : Math.round(v * 100) / 100;
}
