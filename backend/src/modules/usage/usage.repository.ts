import { Inject, Injectable } from '@nestjs/common';
import { endUsagePool, USAGE_POOL, usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { dropExpiredMonths, ensureMonthPartitions } from './usage-partitions.js';
import { UsageBatchCounts } from './usage-batch-counts.repository.js';
import { UsageBatchRepository } from './usage-batch.repository.js';
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
 * The usage tables in SQL, on the usage writer's pool (database/usage-pool.ts): the writer's and the retention's way in
 * (batches since issue 53, with the rows written before them until UsageRecordsMove has moved them all), the roll-ups
 * the Usage page reads, and the limits' counts (UsageBatchCounts, over batches and the rows not moved yet).
 */
@Injectable()
export class UsageRepository {
  constructor(
    @Inject(USAGE_POOL) private readonly pool: UsagePool,
    private readonly batches: UsageBatchRepository,
    private readonly counts: UsageBatchCounts,
  ) {}

  /**
   * Writes a flush as batches (issue 53: UsageBatchRepository, one batch per account and UTC hour, their roll-ups and
   * the keys' lastUsedAt in one transaction); returns how many events were new. With `dedupe` (a replayed write-ahead
   * segment, a retry whose commit may have gone through) events already written are skipped by their row id.
   */
  write(rows: UsageRow[], dedupe = false): Promise<number> {
    return this.batches.write(rows, dedupe);
  }

  /** When the account's requests that used its quota since `since` were made (epoch ms, newest `limit`), oldest first. */
  quotaHits(userId: string, since: Date, limit: number): Promise<number[]> {
    return this.counts.quotaHits(userId, since, limit);
  }

  /** Per key, the account's quota-using requests since `since` that are written. */
  usageByKey(userId: string, since: Date): Promise<Map<string, number>> {
    return this.counts.usageByKey(userId, since);
  }

  async totals(userId: string): Promise<{ today: number; total: number }> {
    const { rows } = await this.pool.query<{ today: string; total: string }>(
      `select coalesce(sum(count) filter (where day = (now() at time zone 'utc')::date), 0) as today, coalesce(sum(count), 0) as total
       from usage_daily where user_id = $1`,
      [userId],
    );
    return { today: Number(rows[0].today), total: Number(rows[0].total) };
  }

  /** The account's first metered request still kept (null before its first call). */
  firstRequestAt(userId: string): Promise<Date | null> {
    return this.counts.firstRequestAt(userId);
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

  /** Monthly partitions of the batches and of the rows not moved yet for the months around now, so nothing lands in a default partition. */
  async ensurePartitions(monthsBack = 0, monthsAhead = 2): Promise<void> {
    await this.batches.ensurePartitions(monthsBack, monthsAhead);
    await usageTransaction(this.pool, (client) => ensureMonthPartitions(client, monthsBack, monthsAhead));
  }

  /** Drops whole months of batches and rows older than the retention period (and stray old ones in the default partitions); their names. */
  async dropExpired(retentionMonths: number): Promise<string[]> {
    const batches = await this.batches.dropExpired(retentionMonths);
    return batches.concat(await usageTransaction(this.pool, (client) => dropExpiredMonths(client, retentionMonths)));
  }

  /** Ends the usage pool once (the writer's last flush at shutdown is done). */
  close(): Promise<void> {
    return endUsagePool(this.pool);
  }
}
