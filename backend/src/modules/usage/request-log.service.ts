import { Inject, Injectable } from '@nestjs/common';
import { hasAdvancedAnalytics } from '../../config/plans.js';
import type { PlanId } from '../../config/plans.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { maskKey } from '../keys/key-codec.js';
import type { RequestDetailView, RequestLogItemView, RequestLogPageView, RequestStatsBucketView, RequestStatsView } from './dto/request-log.responses.js';
import { RequestLogRepository } from './request-log.repository.js';
import type { RequestLogRow } from './request-log.repository.js';
import { decodeLogCursor, encodeLogId, parseLogId } from './request-log-id.js';
import { UsageProblems } from './usage.errors.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Stats ranges up to this long are drawn in hourly buckets ("short ranges"), longer ones in days. */
export const HOURLY_STATS_MAX_MS = 48 * HOUR_MS;
/** Percentiles are computed from the raw rows: a stats range spans at most this many days. */
export const MAX_STATS_DAYS = 31;
const STATUS_FILTER = /^([1-5])(\d\d|xx)$/i;

/** An IANA zone the runtime knows (the buckets' clock). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export interface RequestLogFilters {
  from?: string;
  to?: string;
  keyId?: string;
  endpoint?: string;
  status?: string;
  requestId?: string;
  limit?: number;
  cursor?: string;
}

function parseDate(value: string | undefined, field: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw UsageProblems.invalidRange(`${field} is not a valid date`, field);
  return date;
}

/** '404' → exact 404 (class 4); '4xx' → class 4. */
function parseStatus(value: string | undefined): { statusClass?: number; status?: number } {
  if (value === undefined || value === '') return {};
  const match = STATUS_FILTER.exec(value);
  if (!match) throw UsageProblems.invalidStatusFilter();
  const statusClass = Number(match[1]);
  return match[2].toLowerCase() === 'xx' ? { statusClass } : { statusClass, status: Number(value) };
}

function itemOf(row: RequestLogRow): RequestLogItemView {
  return {
    id: encodeLogId(row.position),
    timestamp: row.timestamp.toISOString(),
    method: row.method,
    endpoint: row.endpoint,
    statusCode: row.statusCode,
    responseTime: row.responseMs,
    keyId: row.keyId,
    keyName: row.keyName,
    requestId: row.requestId,
    problemCode: row.problemCode,
  };
}

/**
 * The request log (Usage → Requests). Every plan reads every request of the retention period (USAGE_RETENTION_MONTHS,
 * the same for all plans); "Advanced analytics" (hasAdvancedAnalytics: Premium and Enterprise) adds the latency
 * percentiles and the status-stacked series of `stats`, which answers 403 analytics_plan_required on Free.
 */
@Injectable()
export class RequestLogService {
  constructor(
    private readonly store: RequestLogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The oldest instant the log still holds: the retention job drops whole months older than USAGE_RETENTION_MONTHS. */
  retentionStart(now = new Date()): Date {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - this.config.USAGE_RETENTION_MONTHS, 1));
  }

  async page(userId: string, q: RequestLogFilters): Promise<RequestLogPageView> {
    const now = new Date();
    const retentionStart = this.retentionStart(now);
    if (q.requestId) {
      // An id names one request: it is looked for across all retained time, whatever range the page was showing.
      const rows = await this.store.byRequestId(userId, q.requestId, retentionStart, q.limit ?? 50);
      return { items: rows.map(itemOf), nextCursor: null, retentionStart: retentionStart.toISOString() };
    }
    const asked = parseDate(q.from, 'from');
    const from = asked && asked > retentionStart ? asked : retentionStart;
    const to = parseDate(q.to, 'to') ?? now;
    if (asked && asked > to) throw UsageProblems.invalidRange('from must not be after to', 'from');
    const limit = q.limit ?? 50;
    const rows = await this.store.page({
      userId,
      from,
      to,
      keyId: q.keyId,
      endpoint: q.endpoint,
      ...parseStatus(q.status),
      before: q.cursor ? decodeLogCursor(q.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(itemOf),
      nextCursor: rows.length > limit && last ? encodeLogId(last.position) : null,
      retentionStart: retentionStart.toISOString(),
    };
  }

  async detail(userId: string, id: string): Promise<RequestDetailView> {
    // An id handed out before batches names a usage_records row: found while the row is there, 404 once it moved.
    const at = parseLogId(id);
    if (!at) throw UsageProblems.requestNotFound();
    const row = await this.store.detail(userId, at);
    if (!row) throw UsageProblems.requestNotFound();
    // A Map first: a client's parameter may be named "constructor" or "__proto__", which a plain object already has.
    const parameters = new Map<string, string>();
    for (const [name, value] of new URLSearchParams(row.query ?? '')) parameters.set(name, parameters.has(name) ? `${parameters.get(name)},${value}` : value);
    return {
      ...itemOf(row),
      route: row.query ? `${row.endpoint}?${row.query}` : row.endpoint,
      parameters: Object.fromEntries(parameters),
      ipAddress: row.ipAddress,
      key: { id: row.keyId, name: row.keyName, masked: row.keyPrefix && row.keyLastFour ? maskKey(row.keyPrefix, row.keyLastFour) : null },
    };
  }

  /** Default range: the last 24 hours. `to` is exclusive. Buckets are hours or days on the clock of `timeZone` (default UTC). */
  async stats(
    userId: string,
    plan: PlanId,
    q: { from?: string; to?: string; keyId?: string; endpoint?: string; tz?: string; timeZone?: string },
  ): Promise<RequestStatsView> {
    if (!hasAdvancedAnalytics(plan)) throw UsageProblems.analyticsPlanRequired();
    const timeZone = q.tz || q.timeZone || 'UTC';
    const field = q.tz ? 'tz' : 'timeZone';
    if (!isTimeZone(timeZone)) throw UsageProblems.invalidTimeZone(timeZone, field);
    const to = parseDate(q.to, 'to') ?? new Date();
    const from = parseDate(q.from, 'from') ?? new Date(to.getTime() - 24 * HOUR_MS);
    if (from >= to) throw UsageProblems.invalidRange('from must be before to', 'from');
    if (to.getTime() - from.getTime() > MAX_STATS_DAYS * DAY_MS) throw UsageProblems.invalidRange(`The range may span at most ${MAX_STATS_DAYS} days`, 'from');
    const bucket = to.getTime() - from.getTime() <= HOURLY_STATS_MAX_MS ? 'hour' : 'day';
    const { rows, starts } = await this.store
      .stats({ userId, from, to, bucket, timeZone, keyId: q.keyId, endpoint: q.endpoint })
      .catch((err: { code?: string }) => {
        // PostgreSQL's zone list can differ from the runtime's: a zone it does not know is the caller's bad input.
        if (err?.code === '22023') throw UsageProblems.invalidTimeZone(timeZone, field);
        throw err;
      });
    const whole = rows.find((r) => r.bucket === null);
    const byStart = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket!.getTime(), r]));
    const buckets: RequestStatsBucketView[] = starts.map((start) => {
      const r = byStart.get(start.getTime());
      return {
        start: start.toISOString(),
        total: r?.total ?? 0,
        status2xx: r?.s2xx ?? 0,
        status3xx: r?.s3xx ?? 0,
        status4xx: r?.s4xx ?? 0,
        status5xx: r?.s5xx ?? 0,
        p50: r?.p50 ?? null,
        p95: r?.p95 ?? null,
        p99: r?.p99 ?? null,
      };
    });
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      bucket,
      timeZone,
      total: whole?.total ?? 0,
      p50: whole?.p50 ?? null,
      p95: whole?.p95 ?? null,
      p99: whole?.p99 ?? null,
      buckets,
    };
  }
}
