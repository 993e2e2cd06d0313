import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { LatencyCounts } from './latency-histogram.js';
import type { LogPosition } from './request-log-id.js';
import { fromRow, logPage, ROW_COLUMNS } from './request-log-page.js';
import type { DbRow, RequestLogQuery, RequestLogRow } from './request-log-page.js';
import { batchCountsSql, batchDetail, iso } from './usage-batch-reads.js';
import { HOUR_MS } from './usage-batches.js';
import { STATS_LOCK } from './usage-batch-sql.js';

export type { RequestLogQuery, RequestLogRow } from './request-log-page.js';

export interface RequestDetailRow extends RequestLogRow {
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
 * The request log's SQL (on the usage writer's pool, database/usage-pool.ts) over the rows written before batches
 * (usage_records) and the batches' events (usage_batches), both until the move of the rows is done (issue 53): pages
 * merge the two (request-log-page.ts), the detail opens one or the other by the id's kind, the stats count both.
 */
@Injectable()
export class RequestLogRepository {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  page(q: RequestLogQuery): Promise<RequestLogRow[]> {
    return logPage(this.pool, q);
  }

  /** The requests with this X-Request-Id since `since` (the retention start), newest first: the log's search by id. */
  byRequestId(userId: string, requestId: string, since: Date, limit: number): Promise<RequestLogRow[]> {
    return this.page({ userId, from: since, to: new Date('9999-12-31T00:00:00Z'), requestId, limit });
  }

  /** One request with its IP, query string and key, or null (not the account's, or gone: moved into a batch, or past retention). */
  async detail(userId: string, at: LogPosition): Promise<RequestDetailRow | null> {
    if (at.kind === 'event') {
      const e = await batchDetail(this.pool, userId, at);
      if (!e || e.at !== at.at) return null;
      const { query, keyPrefix, keyLastFour, ...row } = e;
      return {
        position: at,
        timestamp: new Date(e.at),
        method: row.method,
        endpoint: row.endpoint,
        statusCode: row.statusCode,
        responseMs: row.responseMs,
        keyId: row.keyId,
        keyName: row.keyName,
        requestId: row.requestId,
        problemCode: row.problemCode,
        ipAddress: row.ipAddress,
        query,
        keyPrefix,
        keyLastFour,
      };
    }
    const { rows } = await this.pool.query<DbRow & { query: string | null; prefix: string | null; last_four: string | null }>(
      `select ${ROW_COLUMNS}, r.query, k.prefix, k.last_four
       from usage_records r left join api_keys k on k.id = r.key_id
       where r.user_id = $1 and r."timestamp" = $2::timestamptz and r.id = $3::bigint`,
      [userId, at.ts, at.id],
    );
    const r = rows[0];
    if (!r) return null;
    return { ...fromRow(r), query: r.query, keyPrefix: r.prefix, keyLastFour: r.last_four };
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
   * hour) are counted from usage_records and the batches' events, but for their whole UTC hours closed as long, kept alike. A 30-day range of the bench's largest account at 10 M rows reads 29 kept days
   * and two partial ones instead of 330,000 rows; 24 hours read 22 kept hours and about 1,400 rows. The counting of the
   * buckets not kept and their keeping happen in one transaction under a shared advisory lock, which a late write
   * (UsageRepository.write, UsageBatchRepository.write) takes exclusively before it deletes the buckets it changes: no kept bucket misses a row.
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
    // What is left is counted in pieces: a keepable bucket whole; another (the range's partial first and last buckets,
    // the open ones) cut at UTC hours, its whole hours closed long enough ago kept like buckets (a 30-day range's two
    // partial days read about two hours of events instead of two days), the rest counted together.
    const pieces: Piece[] = [];
    for (const b of buckets) {
      if (b.counts) continue;
      if (b.keepable) {
        pieces.push({ bucket: b.i, lo: b.lo.getTime(), hi: b.hi.getTime(), keepable: true, counts: null });
        continue;
      }
      const [lo, hi] = [b.lo.getTime(), b.hi.getTime()];
      for (let x = lo; x < hi;) {
        const y = Math.min(hi, Math.floor(x / HOUR_MS) * HOUR_MS + HOUR_MS);
        const keepable = y - x === HOUR_MS && y <= closedBy;
        const previous = pieces[pieces.length - 1];
        if (!keepable && previous?.bucket === b.i && !previous.keepable && previous.hi === x) previous.hi = y;
        else pieces.push({ bucket: b.i, lo: x, hi: y, keepable, counts: null });
        x = y;
      }
    }
    await this.readKeptHours(
      q,
      pieces.filter((piece) => piece.keepable && !buckets[piece.bucket].keepable),
    );
    const counted = pieces.filter((piece) => !piece.counts);
    const fills = counted.filter((piece) => piece.keepable);
    for (const piece of counted) piece.counts = new LatencyCounts();
    if (counted.length) {
      const params: unknown[] = [q.userId, ...filter];
      for (const piece of counted) params.push(new Date(piece.lo), new Date(piece.hi));
      // The rows and the batches' events in one statement, one snapshot: a step of the move between two reads would
      // count its requests twice or not at all, and a kept bucket would keep the error.
      const [los, his] = [counted.map((piece) => piece.lo), counted.map((piece) => piece.hi)];
      const p = (value: unknown) => `$${params.push(value)}`;
      const events = batchCountsSql({
        user: '$1',
        key: q.keyId && '$2',
        endpoint: q.endpoint && '$3',
        los: p(los),
        his: p(his),
        idx: p(counted.map((_, k) => k)),
        lo: p(iso(Math.min(...los) - HOUR_MS)),
        hi: p(iso(Math.max(...his))),
      });
      const sql = `${countsSql(counted.map((_, k) => k))}\nunion all\n${events}`;
      const read = async (client: pg.PoolClient | pg.Pool) => {
        const { rows } = await client.query<{ i: number; class: number; ms: number; n: number }>(sql, params);
        // pg reads a float4 as the decimal PostgreSQL prints; fround gives back the float4 itself, which percentile_cont uses.
        for (const r of rows) counted[r.i].counts!.add(r.class, Math.fround(r.ms), r.n);
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
              fills.map((piece) => new Date(piece.lo)),
              fills.map((piece) => new Date(piece.hi)),
              ...(['total', 's2xx', 's3xx', 's4xx', 's5xx'] as const).map((f) => fills.map((piece) => piece.counts![f])),
              fills.map((piece) => piece.counts!.encode()),
            ],
          );
        });
      }
    }
    for (const b of buckets) b.counts ??= new LatencyCounts();
    for (const piece of pieces) buckets[piece.bucket].counts!.merge(piece.counts!);
    const whole = new LatencyCounts();
    const rows: RequestStatsRow[] = [];
    for (const [i, b] of buckets.entries()) {
      whole.merge(b.counts!);
      if (b.counts!.total) rows.push(statsRow(starts[i], b.counts!));
    }
    rows.push(statsRow(null, whole));
    return rows;
  }

  /** The kept counts of whole UTC hours inside the buckets not kept whole (bucketStats), into their pieces. */
  private async readKeptHours(q: StatsQuery, hours: Piece[]): Promise<void> {
    if (!hours.length) return;
    const { rows } = await this.pool.query<KeptBucket & { starts_at: Date }>(
      `select k.starts_at, k.total, k.s2xx, k.s3xx, k.s4xx, k.s5xx, encode(k.latencies, 'base64') as latencies
       from unnest($4::timestamptz[]) as h(s)
       join request_stats_days k on k.user_id = $1 and coalesce(k.key_id, '${NO_KEY}'::uuid) = coalesce($2::uuid, '${NO_KEY}'::uuid)
         and coalesce(k.endpoint, '') = coalesce($3::text, '') and k.starts_at = h.s and k.ends_at = h.s + interval '1 hour'`,
      [q.userId, q.keyId ?? null, q.endpoint ?? null, hours.map((h) => new Date(h.lo))],
    );
    const byStart = new Map(hours.map((h) => [h.lo, h]));
    for (const r of rows) {
      const piece = byStart.get(r.starts_at.getTime());
      // bigint counts come as text here (not through json_build_object as in stats()).
      const counts = { total: Number(r.total), s2xx: Number(r.s2xx), s3xx: Number(r.s3xx), s4xx: Number(r.s4xx), s5xx: Number(r.s5xx) };
      if (piece) piece.counts = LatencyCounts.decode({ ...counts, latencies: Buffer.from(r.latencies, 'base64') });
    }
  }
}

/** A range of a stats bucket counted or read on its own (bucketStats), epoch ms. */
interface Piece {
  bucket: number;
  lo: number;
  hi: number;
  keepable: boolean;
  counts: LatencyCounts | null;
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
