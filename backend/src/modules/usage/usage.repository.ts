import { Inject, Injectable } from '@nestjs/common';
import { endUsagePool, USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { KeyActivity } from '../keys/key-activity.js';
import { dropExpiredMonths, ensureMonthPartitions } from './usage-partitions.js';
import { BATCH_ROWS, DEDUPE_LOCK, dailyRollups, forgetKeptBuckets, INSERT_COLUMNS, lateRows, rowColumns } from './usage-batch-sql.js';
import { UNCOUNTED_STATUSES } from './usage-record.js';
import type { UsageRecordView, UsageRow } from './usage-record.js';
import { encodeLogId } from './request-log-id.js';
import type { LogPosition } from './request-log-id.js';
import { logPage } from './request-log-page.js';

/** One grouping-set row: exactly one of day / endpoint / statusCode is set, or none for the grand total. */
export interface SummaryRow {
  day: string | null;
  endpoint: string | null;
  statusCode: number | null;
  count: number;
  ok: number;
  totalMs: number;
}

export interface RecordQuery {
  userId: string;
  start: Date | null;
  end: Date | null;
  endpoint?: string;
  keyId?: string;
  /** Keyset: records strictly older than this position in the log. */
  before?: LogPosition;
  limit: number;
}

export interface RecordRow extends Omit<UsageRecordView, 'logId'> {
  position: LogPosition;
}

/** The bounds of an open range (PostgreSQL and the ISO text both take them). */
const EARLIEST = new Date(0);
const LATEST = new Date('9999-12-31T00:00:00Z');

/**
 * The usage tables in SQL, on the usage writer's pool (database/usage-pool.ts): bulk writes (one INSERT ... SELECT FROM
 * unnest per batch, the daily roll-ups, and the keys' lastUsedAt through keys' command, in the same transaction) and
 * the reads the dashboard and the limits need.
 */
@Injectable()
export class UsageRepository {
  constructor(
    @Inject(USAGE_POOL) private readonly pool: UsagePool,
    private readonly keys: KeyActivity,
  ) {}

  /**
   * Writes a batch: the rows, their daily roll-ups and the keys' lastUsedAt, in one transaction. Returns how many rows
   * were new. With `dedupe` (a replayed write-ahead segment, a retry whose commit may have gone through), a row whose
   * id is already written is skipped and left out of the roll-ups; without it (a fresh batch's first attempt, the hot
   * path) the rows are inserted as they are.
   */
  async write(rows: UsageRow[], dedupe = false): Promise<number> {
    if (!rows.length) return 0;
    // The rows travel as five number arrays (row id, epoch milliseconds, status, ms, caller) written as array literals,
    // a dictionary of the callers' text fields, which repeat from row to row, and the request log's per-row texts.
    const columns = rowColumns(rows);
    const params = [
      columns.rowIds,
      columns.timestamps,
      columns.statuses,
      columns.responseMs,
      columns.callers,
      columns.userIds,
      columns.keyIds,
      columns.endpoints,
      columns.methods,
      columns.ips,
      columns.requestIds,
      columns.problemCodes,
      columns.queries,
      columns.requestIdsIndexed,
    ];
    const late = lateRows(rows);
    if (!dedupe) {
      await usageTransaction(this.pool, async (client) => {
        if (late) await forgetKeptBuckets(client, late);
        await client.query(`${INSERT_COLUMNS} select id, ts, u, k, e, m, s, r, i, q, qx, pc, qs from (${BATCH_ROWS}) as b order by n`, params);
        const daily = dailyRollups(rows);
        await client.query(
          `insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
           select * from unnest($1::date[], $2::uuid[], $3::uuid[], $4::text[], $5::smallint[], $6::bigint[], $7::float8[])
           on conflict (user_id, day, key_id, endpoint, status_code)
           do update set count = usage_daily.count + excluded.count, total_ms = usage_daily.total_ms + excluded.total_ms`,
          [
            daily.map((d) => d.day),
            daily.map((d) => d.userId),
            daily.map((d) => d.keyId),
            daily.map((d) => d.endpoint),
            daily.map((d) => d.statusCode),
            daily.map((d) => d.count),
            daily.map((d) => d.totalMs),
          ],
        );
        await this.keys.noteUsed(rows, client);
      });
      return rows.length;
    }
    // The roll-ups are summed in SQL from the rows actually inserted; a row is found by (user_id, "timestamp"), indexed.
    return usageTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [DEDUPE_LOCK]);
      if (late) await forgetKeptBuckets(client, late);
      const { rows: counted } = await client.query<{ n: number }>(
        `with ins as (
           ${INSERT_COLUMNS}
           select b.id, b.ts, b.u, b.k, b.e, b.m, b.s, b.r, b.i, b.q, b.qx, b.pc, b.qs from (${BATCH_ROWS}) as b
           where b.id is null or not exists (select 1 from usage_records x where x.user_id = b.u and x."timestamp" = b.ts and x.row_id = b.id)
           order by b.n
           returning "timestamp", user_id, key_id, endpoint, status_code, response_ms
         ),
         daily as (
           insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
           select ("timestamp" at time zone 'utc')::date, user_id, key_id, endpoint, status_code, count(*), sum(response_ms)::float8
           from ins group by 1, 2, 3, 4, 5 order by 2, 1, 3, 4, 5
           on conflict (user_id, day, key_id, endpoint, status_code)
           do update set count = usage_daily.count + excluded.count, total_ms = usage_daily.total_ms + excluded.total_ms
         )
         select count(*)::int as n from ins`,
        params,
      );
      await this.keys.noteUsed(rows, client);
      return counted[0].n;
    });
  }

  /** When the account's requests that used its quota since `since` were made (epoch ms, newest `limit`), oldest first. */
  async quotaHits(userId: string, since: Date, limit: number): Promise<number[]> {
    const { rows } = await this.pool.query<{ t: number }>(
      `select extract(epoch from "timestamp") * 1000 as t from usage_records
       where user_id = $1 and "timestamp" > $2 and status_code < 500 and status_code <> all($3::smallint[])
       order by "timestamp" desc limit $4`,
      [userId, since, UNCOUNTED_STATUSES, limit],
    );
    return rows.map((r) => Number(r.t)).reverse();
  }

  /** Per key, the account's quota-using requests since `since` that are written. */
  async usageByKey(userId: string, since: Date): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ key_id: string; n: string }>(
      `select key_id, count(*) as n from usage_records
       where user_id = $1 and "timestamp" > $2 and status_code < 500 and status_code <> all($3::smallint[]) group by key_id`,
      [userId, since, UNCOUNTED_STATUSES],
    );
    return new Map(rows.map((r) => [r.key_id, Number(r.n)]));
  }

  async totals(userId: string): Promise<{ today: number; total: number }> {
    const { rows } = await this.pool.query<{ today: string; total: string }>(
      `select coalesce(sum(count) filter (where day = (now() at time zone 'utc')::date), 0) as today, coalesce(sum(count), 0) as total
       from usage_daily where user_id = $1`,
      [userId],
    );
    return { today: Number(rows[0].today), total: Number(rows[0].total) };
  }

  /** The account's first metered request still kept (null before its first call); the index on (user_id, timestamp) answers it. */
  async firstRequestAt(userId: string): Promise<Date | null> {
    const { rows } = await this.pool.query<{ first: Date | null }>(`select min("timestamp") as first from usage_records where user_id = $1`, [userId]);
    return rows[0].first;
  }

  async keyCounts(userId: string): Promise<{ active: number; total: number }> {
    const { rows } = await this.pool.query<{ active: string; total: string }>(
      `select count(*) filter (where is_active) as active, count(*) as total from api_keys where user_id = $1`,
      [userId],
    );
    return { active: Number(rows[0].active), total: Number(rows[0].total) };
  }

  /**
   * The Usage page's aggregates from the roll-ups in one pass (grouping sets): per day, per status, per endpoint and
   * the total. `endpoint` filters the counts; the per-endpoint set still lists every endpoint seen in the range.
   */
  async summary(userId: string, startDay: string, endDay: string, endpoint?: string, keyId?: string): Promise<SummaryRow[]> {
    const { rows } = await this.pool.query<{
      day: string | null;
      endpoint: string | null;
      status_code: number | null;
      count: string;
      ok: string;
      total_ms: number;
    }>(
      `select to_char(day, 'YYYY-MM-DD') as day, endpoint, status_code,
              coalesce(sum(count) filter (where $4::text is null or endpoint = $4), 0) as count,
              coalesce(sum(count) filter (where ($4::text is null or endpoint = $4) and status_code < 400), 0) as ok,
              coalesce(sum(total_ms) filter (where $4::text is null or endpoint = $4), 0) as total_ms
       from usage_daily where user_id = $1 and day between $2::date and $3::date and ($5::uuid is null or key_id = $5)
       group by grouping sets ((day), (endpoint), (status_code), ())`,
      [userId, startDay, endDay, endpoint ?? null, keyId ?? null],
    );
    return rows.map((r) => ({
      day: r.day,
      endpoint: r.endpoint,
      statusCode: r.status_code,
      count: Number(r.count),
      ok: Number(r.ok),
      totalMs: Number(r.total_ms),
    }));
  }

  /**
   * Requests per UTC hour in [from, to), from the raw rows (the roll-ups are daily) by the (user_id, timestamp) index:
   * a range of at most two days, keyed by the hour's start in epoch milliseconds.
   */
  async perHour(userId: string, from: Date, to: Date, endpoint?: string, keyId?: string): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ hour: Date; count: string }>(
      `select date_trunc('hour', "timestamp", 'UTC') as hour, count(*) as count from usage_records
       where user_id = $1 and "timestamp" >= $2::timestamptz and "timestamp" < $3::timestamptz
         and ($4::text is null or endpoint = $4) and ($5::uuid is null or key_id = $5)
       group by 1`,
      [userId, from, to, endpoint ?? null, keyId ?? null],
    );
    return new Map(rows.map((r) => [r.hour.getTime(), Number(r.count)]));
  }

  async todayCount(userId: string, endpoint?: string, keyId?: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      `select coalesce(sum(count), 0) as count from usage_daily
       where user_id = $1 and day = (now() at time zone 'utc')::date and ($2::text is null or endpoint = $2) and ($3::uuid is null or key_id = $3)`,
      [userId, endpoint ?? null, keyId ?? null],
    );
    return Number(rows[0].count);
  }

  /** Newest first: the usage_records rows and the batches' events, merged (request-log-page.ts). */
  async records(q: RecordQuery): Promise<RecordRow[]> {
    const rows = await logPage(this.pool, {
      userId: q.userId,
      from: q.start ?? EARLIEST,
      to: q.end ?? LATEST,
      endpoint: q.endpoint,
      keyId: q.keyId,
      before: q.before,
      limit: q.limit,
    });
    return rows.map((r) => ({
      // A row keeps its number; an event has none of its own and is named by its log id.
      id: r.position.kind === 'row' ? r.position.id : encodeLogId(r.position),
      endpoint: r.endpoint,
      method: r.method,
      statusCode: r.statusCode,
      responseTime: r.responseMs,
      ipAddress: r.ipAddress,
      timestamp: r.timestamp.toISOString(),
      keyId: r.keyId,
      keyName: r.keyName,
      position: r.position,
    }));
  }

  /**
   * Every record of a query, newest first, in keyset batches: each batch is one short read, so a 90-day range of a
   * busy account streams with bounded memory and holds no connection between batches.
   */
  async *recordBatches(q: Omit<RecordQuery, 'before' | 'limit'>, batchSize = 2000): AsyncGenerator<RecordRow[]> {
    let before: RecordQuery['before'];
    for (;;) {
      const rows = await this.records({ ...q, before, limit: batchSize });
      if (rows.length) yield rows;
      if (rows.length < batchSize) return;
      before = rows[rows.length - 1].position;
    }
  }

  /** Monthly partitions for the months around now, so rows never land in the default partition. */
  ensurePartitions(monthsBack = 0, monthsAhead = 2): Promise<void> {
    return usageTransaction(this.pool, (client) => ensureMonthPartitions(client, monthsBack, monthsAhead));
  }

  /** Drops whole months older than the retention period (and stray old rows in the default partition). */
  dropExpired(retentionMonths: number): Promise<string[]> {
    return usageTransaction(this.pool, (client) => dropExpiredMonths(client, retentionMonths));
  }

  /** Ends the usage pool once (the writer's last flush at shutdown is done). */
  close(): Promise<void> {
    return endUsagePool(this.pool);
  }
}
