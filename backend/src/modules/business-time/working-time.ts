import type { CompiledZone } from '../tzdb/compiled-zone.js';
import { MS_PER_DAY, MS_PER_MINUTE } from '../timezone/engine/civil.js';
import { resolveLocal } from '../timezone/engine/local-time.js';
import { BusinessTimeProblems } from './business-time.errors.js';
import type { BusinessCalendar, Closure } from './business-calendar.js';
import type { OpeningHours } from './opening-hours.js';
import { isoWeekday } from './weekend.js';

/** Working time as real instants (epoch ms), [start, end). */
export interface Interval {
  start: number;
  end: number;
}

export interface ClosedDay {
  day: number;
  reason: Closure['reason'] | 'no_hours';
  name?: string;
}

/** The walk stops after this many days: more working time than a year holds is refused, and no request loops. */
export const MAX_DAYS_WALKED = 366;

export interface Deadline {
  deadline: number;
  counted: Interval[];
  closed: ClosedDay[];
}

/**
 * Opening hours on a working calendar in one zone. A day's windows are wall-clock ranges read in the zone the way the
 * calculations read a time in a DST gap ('compatible': forward by the gap), so a window holds the real time that passes
 * in it: 00:00-04:00 on a spring-forward day is 3 hours, on a fall-back day 5.
 */
export class WorkingTime {
  constructor(
    private readonly calendar: BusinessCalendar,
    private readonly clock: CompiledZone,
    private readonly hours: OpeningHours,
  ) {}

  /** The civil day (days since 1970-01-01) an instant falls on in the zone. */
  dayOf(epochMs: number): number {
    return Math.floor((epochMs + this.clock.offsetAt(epochMs) * 1000) / MS_PER_DAY);
  }

  private instant(civil: number): number {
    return resolveLocal(this.clock, civil, 'compatible').epochMs;
  }

  /** Why a day has no working time, or null when it has some. */
  closedReason(day: number): ClosedDay | null {
    const closure = this.calendar.closure(day);
    if (closure) return { day, ...closure };
    if (this.hours[isoWeekday(day) - 1].length === 0) return { day, reason: 'no_hours' };
    return null;
  }

  /** A day's working windows as instants, in order, less the hours of a part-day holiday. */
  windows(day: number): Interval[] {
    if (this.closedReason(day)) return [];
    const base = day * MS_PER_DAY;
    let out: Interval[] = this.hours[isoWeekday(day) - 1].map(([s, e]) => ({
      start: this.instant(base + s * MS_PER_MINUTE),
      end: this.instant(base + e * MS_PER_MINUTE),
    }));
    for (const holiday of this.calendar.holidayHours(day)) {
      const hs = this.instant(holiday.startCivil);
      const he = this.instant(holiday.endCivil);
      out = out.flatMap((w) => [
        ...(w.start < hs ? [{ start: w.start, end: Math.min(w.end, hs) }] : []),
        ...(w.end > he ? [{ start: Math.max(w.start, he), end: w.end }] : []),
      ]);
    }
    return out.filter((w) => w.end > w.start);
  }

  /**
   * The instant `amountMs` of working time after `start` (before it when `back`). Ending exactly at a window's end
   * answers that end (Friday 13:00 + 4 h of 09:00-17:00 is Friday 17:00), and back at a window's start its start.
   */
  deadline(start: number, amountMs: number, back: boolean, field: string): Deadline {
    const counted: Interval[] = [];
    const closed: ClosedDay[] = [];
    const step = back ? -1 : 1;
    const first = this.dayOf(start);
    let remaining = amountMs;
    // The day before (after) the start's day too: its last (first) window can reach past midnight after a DST change.
    for (let n = -1; n <= MAX_DAYS_WALKED; n++) {
      const day = first + n * step;
      const reason = this.closedReason(day);
      if (reason) {
        if (n >= 0) closed.push(reason);
        continue;
      }
      const windows = this.windows(day);
      for (const w of back ? windows.reverse() : windows) {
        if (back ? w.start >= start : w.end <= start) continue;
        const from = back ? Math.min(start, w.end) : Math.max(start, w.start);
        const available = back ? from - w.start : w.end - from;
        if (remaining <= available) {
          const deadline = back ? from - remaining : from + remaining;
          if (remaining > 0) counted.push(back ? { start: deadline, end: from } : { start: from, end: deadline });
          return { deadline, counted: back ? counted.reverse() : counted, closed };
        }
        remaining -= available;
        counted.push(back ? { start: w.start, end: from } : { start: from, end: w.end });
      }
    }
    throw BusinessTimeProblems.workingTimeOutOfRange(field);
  }

  /** Whether `at` is inside working time; the end of that stretch (windows that meet are one stretch); the next opening after `at`. */
  openAt(at: number): { open: boolean; closesAt: number | null; nextOpening: number | null } {
    const first = this.dayOf(at);
    let open = false;
    let closesAt: number | null = null;
    for (let day = first - 1; day <= first + MAX_DAYS_WALKED; day++) {
      for (const w of this.windows(day)) {
        if (w.end <= at) continue;
        if (w.start <= at && !open) {
          open = true;
          closesAt = w.end;
          continue;
        }
        if (open && closesAt === w.start) {
          closesAt = w.end;
          continue;
        }
        if (w.start > at) return { open, closesAt, nextOpening: w.start };
      }
    }
    return { open, closesAt, nextOpening: null };
  }
}
