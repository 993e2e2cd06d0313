import { Injectable } from '@nestjs/common';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import { dayCounts, hourOf, lastLocalDates, localDate, localHours, nextDate, planWindow, startOfLocalDay } from './local-days.js';
import type { DayBucket, ZoneClock } from './local-days.js';
import { UsageProblems } from './usage.errors.js';
import { UsageReadCache } from './usage-read-cache.js';
import { UsageRepository } from './usage.repository.js';
import { UsageWindowRepository } from './usage-window.repository.js';

/** What a window holds: per local day, per endpoint and status, and the totals. */
export interface WindowCounts {
  days: (DayBucket & { count: number })[];
  total: number;
  ok: number;
  totalMs: number;
  byEndpoint: Map<string, number>;
  byStatus: Map<number, number>;
}

export interface DayByClass {
  /** The local date, YYYY-MM-DD. */
  date: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
}

export interface WindowFilter {
  endpoint?: string;
  keyId?: string;
}

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * Counts of the usage log over a window, in the days and hours of a display zone (local-days.ts plans them): the daily
 * roll-ups for the UTC days inside, the raw rows for the rest. The one way Usage's totals, days and hours are counted.
 */
@Injectable()
export class WindowCounter {
  constructor(
    private readonly release: ActiveTzRelease,
    private readonly store: UsageRepository,
    private readonly raw: UsageWindowRepository,
    private readonly cache: UsageReadCache,
  ) {}

  /** The zone of a `tz` parameter (default UTC), read by our tz engine; 400 invalid_timezone for a name it does not list. */
  zone(tz: string | undefined): { name: string; clock: ZoneClock } {
    const name = tz || 'UTC';
    const clock = this.release.zone(name);
    if (!clock) throw UsageProblems.invalidTimeZone(name, 'tz');
    return { name, clock };
  }

  /** [first instant of the local day `from` falls on, first instant after the local day `to` falls on). */
  wholeDays(zone: ZoneClock, from: number, to: number): { from: number; to: number } {
    return { from: startOfLocalDay(zone, localDate(zone, from)), to: startOfLocalDay(zone, nextDate(localDate(zone, to))) };
  }

  async count(userId: string, zone: ZoneClock, from: number, to: number, filter: WindowFilter): Promise<WindowCounts> {
    const plan = planWindow(zone, from, to);
    const { endpoint, keyId } = filter;
    const [rollups, raw] = await Promise.all([
      plan.rollups
        ? this.cache.read(userId, `rollups|${plan.rollups.first}|${plan.rollups.last}|${endpoint ?? ''}|${keyId ?? ''}`, () =>
            this.store.summary(userId, plan.rollups!.first, plan.rollups!.last, endpoint, keyId),
          )
        : Promise.resolve([]),
      // Keyed by where the pieces are cut: the same window in another zone is cut elsewhere.
      this.cache.read(userId, `raw|${plan.raw.map((p) => `${p.lo}-${p.hi}`).join(',')}|${endpoint ?? ''}|${keyId ?? ''}`, () =>
        this.raw.rawPieces(userId, plan.raw, endpoint, keyId),
      ),
    ]);
    const perUtcDay = new Map<string, number>();
    const out: WindowCounts = {
      days: [],
      total: raw.edges.total,
      ok: raw.edges.ok,
      totalMs: raw.edges.totalMs,
      byEndpoint: new Map(raw.edges.byEndpoint),
      byStatus: new Map(raw.edges.byStatus),
    };
    for (const row of rollups) {
      if (row.day !== null) perUtcDay.set(row.day, row.count);
      else if (row.endpoint !== null) add(out.byEndpoint, row.endpoint, row.count);
      else if (row.statusCode !== null) add(out.byStatus, row.statusCode, row.count);
      else {
        out.total += row.count;
        out.ok += row.ok;
        out.totalMs += row.totalMs;
      }
    }
    const counts = dayCounts(plan, perUtcDay, raw.pieces);
    out.days = plan.days.map((d, i) => ({ ...d, count: counts[i] }));
    return out;
  }

  /**
   * The account's requests per local day of `zone`, the `days` days up to the one `now` falls on, with their 4xx and
   * 5xx: every day, empty ones included. Counted per UTC quarter-hour (every zone's midnight begins one), so a day of
   * Asia/Kolkata is cut at 18:30 UTC as the Usage page cuts it.
   */
  async daysByClass(userId: string, zone: ZoneClock, days: number, now: number): Promise<{ from: number; to: number; days: DayByClass[] }> {
    const { dates, from, to } = lastLocalDates(zone, days, now);
    const byDate = new Map<string, DayByClass>(dates.map((date) => [date, { date, requests: 0, clientErrors: 0, serverErrors: 0 }]));
    for (const q of await this.raw.quarterClasses(userId, new Date(from), new Date(to))) {
      const day = byDate.get(localDate(zone, q.start));
      if (!day) continue;
      day.requests += q.total;
      day.clientErrors += q.clientErrors;
      day.serverErrors += q.serverErrors;
    }
    return { from, to, days: [...byDate.values()] };
  }

  /** Rows per local hour of [from, to): every hour, empty ones included, keyed by its start. */
  async hours(userId: string, zone: ZoneClock, from: number, to: number, filter: WindowFilter): Promise<{ start: number; count: number }[]> {
    const quarters = await this.cache.read(userId, `quarters|${from}|${to}|${filter.endpoint ?? ''}|${filter.keyId ?? ''}`, () =>
      this.raw.quarterHours(userId, new Date(from), new Date(to), filter.endpoint, filter.keyId),
    );
    const byHour = new Map<number, number>();
    for (const [quarter, n] of quarters) add(byHour, hourOf(zone, Math.max(quarter, from)), n);
    return localHours(zone, from, to).map((start) => ({ start, count: byHour.get(start) ?? 0 }));
  }
}
