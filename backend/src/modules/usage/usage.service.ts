import { Readable } from 'node:stream';
import { StreamParser } from '@json2csv/plainjs';
import { Inject, Injectable } from '@nestjs/common';
import { SAFE_CSV_FORMATTERS } from '../../common/http/csv-cells.js';
import type { EffectiveLimits, PlanId } from '../../config/plans.js';
import { AccountCommands } from '../accounts/account-commands.js';
import type { UsageRecordView } from './usage-record.js';
import { HOUR_WINDOW } from './hour-window.port.js';
import type { HourWindow } from './hour-window.port.js';
import { UsageProblems } from './usage.errors.js';
import { UsageReadCache } from './usage-read-cache.js';
import { UsageRepository } from './usage.repository.js';
import type { RecordRow } from './usage.repository.js';
import { decodeLogCursor, encodeLogId } from './request-log-id.js';
import { WindowCounter } from './window-counter.js';
import type { DayByClass } from './window-counter.js';
import type { ZoneClock } from './local-days.js';

const DAY_MS = 86_400_000;
const MAX_SUMMARY_DAYS = 400;
const HOUR_MS = 3_600_000;
/** Ranges up to this long (the Usage page's Last Day, with room for its ends) also get per-hour counts, from the raw rows. */
export const MAX_HOURLY_HOURS = 48;

/** The CSV export's columns: the record's fields, times in UTC (ISO 8601 with Z). */
export const USAGE_CSV_FIELDS = [
  { label: 'timestamp', value: 'timestamp' },
  { label: 'endpoint', value: 'endpoint' },
  { label: 'method', value: 'method' },
  { label: 'status_code', value: 'statusCode' },
  { label: 'response_ms', value: 'responseTime' },
  { label: 'key_id', value: 'keyId' },
  { label: 'key_name', value: 'keyName' },
  { label: 'ip_address', value: 'ipAddress' },
];

/**
 * Rows in, CSV text out: json2csv's stream parser in object mode, drained after each batch (the header even without rows).
 * Key names are the customer's free text: a cell that would open as a formula in a spreadsheet gets a leading '.
 */
async function* csvChunks(batches: AsyncIterable<Omit<UsageRecordView, 'logId'>[]>): AsyncGenerator<string> {
  const pending: string[] = [];
  const parser = new StreamParser<Omit<UsageRecordView, 'logId'>, Omit<UsageRecordView, 'logId'>>(
    { fields: USAGE_CSV_FIELDS, eol: '\r\n', formatters: SAFE_CSV_FORMATTERS },
    { objectMode: true },
  );
  parser.onData = (chunk) => pending.push(chunk);
  parser.pushHeader();
  for await (const rows of batches) {
    for (const row of rows) parser.pushLine(row);
    yield pending.splice(0).join('');
  }
  // Each line is written with the line break before it: the file ends with one.
  yield pending.splice(0).join('') + '\r\n';
}

export interface DashboardStats {
  plan: PlanId;
  todayRequests: number;
  totalRequests: number;
  activeKeys: number;
  totalKeys: number;
  hourlyLimit: number | null;
  hourlyRemaining: number | null;
  hourlyResetSeconds: number | null;
  limits: EffectiveLimits;
  firstRequestAt: string | null;
  usageSeenAt: string | null;
}

export interface UsagePage {
  items: UsageRecordView[];
  nextCursor: string | null;
}

export interface UsageSummary {
  range: { start: string; end: string };
  totalRequests: number;
  successRate: number;
  averageResponseTime: number;
  todayRequests: number;
  timeZone: string;
  perDay: { date: string; start: string; count: number }[];
  perHour: { hour: string; count: number }[];
  statusCodes: { statusCode: number; count: number }[];
  topEndpoints: { endpoint: string; count: number }[];
  recent: UsageRecordView[];
  endpoints: string[];
}

/** A report's range as sent: `from`/`to`, or the former `startDate`/`endDate` (aliases; the new names win). */
type RangeInput = { from?: string; to?: string; startDate?: string; endDate?: string };
const startOf = (q: RangeInput) => (q.from !== undefined ? parseDate(q.from, 'from') : parseDate(q.startDate, 'startDate'));
const endOf = (q: RangeInput) => (q.to !== undefined ? parseDate(q.to, 'to') : parseDate(q.endDate, 'endDate'));

function parseDate(value: string | undefined, field: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw UsageProblems.invalidRange(`${field} is not a valid date`);
  return date;
}

function toView({ position, ...view }: RecordRow): UsageRecordView {
  return { ...view, logId: encodeLogId(position) };
}

/** What the customer sees of their own usage; dashboard numbers come from the daily roll-ups, never a raw scan. */
@Injectable()
export class UsageService {
  constructor(
    private readonly store: UsageRepository,
    @Inject(HOUR_WINDOW) private readonly limits: HourWindow,
    private readonly cache: UsageReadCache,
    private readonly windows: WindowCounter,
    private readonly accounts: AccountCommands,
  ) {}

  async stats(userId: string, plan: PlanId, limits: EffectiveLimits, usageSeenAt: Date | null = null, tz?: string): Promise<DashboardStats> {
    const zone = this.windows.zone(tz);
    const now = Date.now();
    const today = this.windows.wholeDays(zone.clock, now, now);
    const [totals, keys, window, first, todays] = await Promise.all([
      this.cache.read(userId, 'totals', () => this.store.totals(userId)),
      this.store.keyCounts(userId),
      this.limits.peek(limits, userId),
      this.cache.read(userId, 'first', () => this.store.firstRequestAt(userId)),
      // UTC's day is one roll-up row, read with the totals; another zone's day is counted by the window counter.
      zone.name === 'UTC' ? null : this.windows.count(userId, zone.clock, today.from, today.to, {}),
    ]);
    const hourly = window.window.name === 'hour';
    return {
      plan,
      todayRequests: todays ? todays.total : totals.today,
      totalRequests: totals.total,
      activeKeys: keys.active,
      totalKeys: keys.total,
      hourlyLimit: hourly ? window.limit : null,
      hourlyRemaining: hourly ? window.remaining : null,
      hourlyResetSeconds: hourly ? Math.ceil(window.resetMs / 1000) : null,
      limits,
      firstRequestAt: first ? first.toISOString() : null,
      usageSeenAt: usageSeenAt ? usageSeenAt.toISOString() : null,
    };
  }

  async list(userId: string, q: RangeInput & { endpoint?: string; keyId?: string; limit?: number; cursor?: string }): Promise<UsagePage> {
    const limit = q.limit ?? 100;
    const rows = await this.store.records({
      userId,
      start: startOf(q),
      end: endOf(q),
      endpoint: q.endpoint,
      keyId: q.keyId,
      before: q.cursor ? decodeLogCursor(q.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { items: page.map(toView), nextCursor: rows.length > limit && last ? encodeLogId(last.position) : null };
  }

  /**
   * The records of an exact range (default: the last 7 days, at most MAX_SUMMARY_DAYS) as CSV, produced batch by batch
   * with json2csv's stream parser: memory stays bounded however many rows the range holds.
   */
  exportCsv(userId: string, q: RangeInput & { endpoint?: string; keyId?: string }): Readable {
    const end = endOf(q) ?? new Date();
    const start = startOf(q) ?? new Date(end.getTime() - 7 * DAY_MS);
    if (start > end)
      throw UsageProblems.invalidRange(`${q.from !== undefined ? 'from' : 'startDate'} must not be after ${q.to !== undefined ? 'to' : 'endDate'}`);
    if (end.getTime() - start.getTime() > MAX_SUMMARY_DAYS * DAY_MS) throw UsageProblems.invalidRange(`The range may span at most ${MAX_SUMMARY_DAYS} days`);
    const batches = this.store.recordBatches({ userId, start, end, endpoint: q.endpoint, keyId: q.keyId });
    return Readable.from(csvChunks(batches));
  }

  /** The Usage page was opened: the Quick Start's last step (users.usage_seen_at is accounts' to write). */
  markUsageSeen(userId: string): Promise<void> {
    return this.accounts.markUsageSeen(userId);
  }

  /**
   * The Usage page's numbers for a window, its days and hours cut in the zone of `tz` (default UTC). By default the
   * window widens to the whole local days its ends fall on (default: the last 7); `exact` counts [from, to] (or their aliases startDate, endDate)
   * as given, the window the request log shows for the same from/to.
   */
  /** The display zone a `tz` parameter names (default UTC), read by our tz engine; 400 invalid_timezone (field tz) otherwise. */
  displayZone(tz?: string): { name: string; clock: ZoneClock } {
    return this.windows.zone(tz);
  }

  /** The account's requests per day of `tz` (default UTC), the last `days` days with today last, with their 4xx and 5xx (the console's user page). */
  async dailyByClass(userId: string, days: number, tz?: string, now = Date.now()): Promise<{ timeZone: string; from: string; to: string; days: DayByClass[] }> {
    const zone = this.windows.zone(tz);
    const counted = await this.windows.daysByClass(userId, zone.clock, days, now);
    return { timeZone: zone.name, from: new Date(counted.from).toISOString(), to: new Date(counted.to).toISOString(), days: counted.days };
  }

  async summary(userId: string, q: RangeInput & { endpoint?: string; keyId?: string; tz?: string; exact?: boolean }): Promise<UsageSummary> {
    const zone = this.windows.zone(q.tz);
    const end = endOf(q) ?? new Date();
    const start = startOf(q) ?? new Date(end.getTime() - (q.exact ? 7 : 6) * DAY_MS);
    if (start > end)
      throw UsageProblems.invalidRange(`${q.from !== undefined ? 'from' : 'startDate'} must not be after ${q.to !== undefined ? 'to' : 'endDate'}`);
    if (end.getTime() - start.getTime() > MAX_SUMMARY_DAYS * DAY_MS) throw UsageProblems.invalidRange(`The range may span at most ${MAX_SUMMARY_DAYS} days`);
    const window = q.exact ? { from: start.getTime(), to: end.getTime() + 1 } : this.windows.wholeDays(zone.clock, start.getTime(), end.getTime());
    const now = Date.now();
    const today = this.windows.wholeDays(zone.clock, now, now);
    const filter = { endpoint: q.endpoint, keyId: q.keyId };
    const hourly = end.getTime() - start.getTime() <= MAX_HOURLY_HOURS * HOUR_MS;
    const [counts, todays, recent, hours] = await Promise.all([
      this.windows.count(userId, zone.clock, window.from, window.to, filter),
      this.windows.count(userId, zone.clock, today.from, today.to, filter),
      this.cache.read(userId, `recent|${window.from}|${window.to}|${q.endpoint ?? ''}|${q.keyId ?? ''}`, () =>
        this.store.records({ userId, start: new Date(window.from), end: new Date(window.to - 1), endpoint: q.endpoint, keyId: q.keyId, limit: 10 }),
      ),
      hourly ? this.windows.hours(userId, zone.clock, start.getTime(), end.getTime() + 1, filter) : Promise.resolve([]),
    ]);
    const { total, ok, totalMs } = counts;
    return {
      range: { start: new Date(window.from).toISOString(), end: new Date(window.to - 1).toISOString() },
      timeZone: zone.name,
      totalRequests: total,
      successRate: total ? Math.round((ok / total) * 10000) / 100 : 0,
      averageResponseTime: total ? Math.round((totalMs / total) * 100) / 100 : 0,
      todayRequests: todays.total,
      perDay: counts.days.map((d) => ({ date: d.date, start: new Date(d.start).toISOString(), count: d.count })),
      perHour: hours.map((h) => ({ hour: new Date(h.start).toISOString(), count: h.count })),
      statusCodes: [...counts.byStatus]
        .filter(([, count]) => count > 0)
        .map(([statusCode, count]) => ({ statusCode, count }))
        .sort((a, b) => a.statusCode - b.statusCode),
      topEndpoints: [...counts.byEndpoint]
        .filter(([, count]) => count > 0)
        .map(([endpoint, count]) => ({ endpoint, count }))
        .sort((a, b) => b.count - a.count || (a.endpoint < b.endpoint ? -1 : 1))
        .slice(0, 5),
      recent: recent.map(toView),
      endpoints: [...counts.byEndpoint.keys()].sort(),
    };
  }
}
