import { timezoneProblem } from '../timezone.errors.js';
import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { CIVIL_RANGE, dayOfYear, formatDate, formatInstant, isoWeek, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './civil.js';
import { moveWallClock } from './calendar-move.js';
import { readInstant } from './conversion-answers.js';
import type { EngineCore, Instant } from './engine-core.js';
import { parseDate, resolveLocal } from './local-time.js';
import { negate, parseTimeSpan, type TimeSpan } from './timespan.js';
import type { CalculationResult, DayOfWeekResult, DifferenceResult } from './answers.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const outOfRange = () => timezoneProblem('invalid_timespan', 'The result falls outside the years 0001-9999.', 'timeSpan');

/** The engine's date calculations: adding a span, the difference of two instants, the day of the week. */
export class CalculationAnswers {
  constructor(private readonly core: EngineCore) {}

  /**
   * Adds a span. With a zone: years/months/days move the wall clock (kept across DST, gaps resolved
   * the 'compatible' way), hours/minutes/seconds are exact. Without: everything exact at the input's offset.
   */
  add(baseDateTime: string, timeSpan: string, timeZone: string | undefined, subtract = false): CalculationResult {
    const zone = timeZone !== undefined ? this.core.zone(timeZone, 'timeZone') : null;
    const clock = zone ? this.core.clock(zone.canonical) : null;
    const span = parseTimeSpan(timeSpan);
    const start = readInstant(baseDateTime, 'baseDateTime', clock);
    const result = applySpan(start, subtract ? negate(span) : span, clock);
    return {
      originalDateTime: formatInstant(start.epochMs, clock ? clock.offsetAt(start.epochMs) : start.offsetSeconds),
      timeSpan,
      resultDateTime: formatInstant(result.epochMs, result.offsetSeconds),
      timeZone: zone?.canonical ?? null,
      arithmetic: clock ? 'calendar' : 'exact',
    };
  }

  difference(startDateTime: string, endDateTime: string, timeZone: string | undefined): DifferenceResult {
    const zone = timeZone !== undefined ? this.core.zone(timeZone, 'timeZone') : null;
    const clock = zone ? this.core.clock(zone.canonical) : null;
    const start = readInstant(startDateTime, 'startDateTime', clock);
    const end = readInstant(endDateTime, 'endDateTime', clock);
    const ms = end.epochMs - start.epochMs;
    const sign = ms < 0 ? -1 : 1;
    let days: number;
    let rest: number;
    if (clock) {
      // Whole calendar days first (a DST day counts as one day), then the exact remainder.
      const wall = (i: number) => i + clock.offsetAt(i) * 1000;
      days = Math.trunc((wall(end.epochMs) - wall(start.epochMs)) / MS_PER_DAY);
      const dayShift = (d: number) => applySpan(start, { sign: 1, years: 0, months: 0, days: d, exactMs: 0 }, clock).epochMs;
      while (days !== 0 && Math.sign(end.epochMs - dayShift(days)) === -sign) days -= sign;
      rest = end.epochMs - dayShift(days);
    } else {
      days = Math.trunc(ms / MS_PER_DAY);
      rest = ms - days * MS_PER_DAY;
    }
    const abs = Math.abs(rest);
    const hours = Math.floor(abs / MS_PER_HOUR);
    const minutes = Math.floor((abs % MS_PER_HOUR) / MS_PER_MINUTE);
    const seconds = (abs % MS_PER_MINUTE) / 1000;
    const signed = (n: number) => (n === 0 ? 0 : sign * n);
    return {
      startDateTime: formatInstant(start.epochMs, clock ? clock.offsetAt(start.epochMs) : start.offsetSeconds),
      endDateTime: formatInstant(end.epochMs, clock ? clock.offsetAt(end.epochMs) : end.offsetSeconds),
      timeZone: zone?.canonical ?? null,
      difference: {
        totalSeconds: ms / 1000,
        totalMinutes: ms / MS_PER_MINUTE,
        totalHours: ms / MS_PER_HOUR,
        totalDays: ms / MS_PER_DAY,
        breakdown: { days: days === 0 ? 0 : days, hours: signed(hours), minutes: signed(minutes), seconds: signed(seconds) },
      },
    };
  }

  dayOfWeek(date: string): DayOfWeekResult {
    const civil = parseDate(date);
    const weekday = new Date(civil).getUTCDay();
    return {
      date: formatDate(civil),
      dayOfWeek: WEEKDAYS[weekday],
      dayOfWeekNumber: weekday === 0 ? 7 : weekday,
      isWeekend: weekday === 0 || weekday === 6,
      weekNumber: isoWeek(civil),
      dayOfYear: dayOfYear(civil),
    };
  }
}

/**
 * Calendar units move the wall clock (moveWallClock, over the active release; the day is constrained to the target
 * month), the wall time is then read back the Temporal 'compatible' way, and hours/minutes/seconds are added exactly.
 */
function applySpan(start: Instant, span: TimeSpan, clock: CompiledZone | null): Instant {
  const offset = clock ? clock.offsetAt(start.epochMs) : start.offsetSeconds;
  let epochMs = start.epochMs;
  if (span.years || span.months || span.days) {
    if (span.years > 10_000 || span.months > 120_000 || span.days > 3_660_000) throw outOfRange();
    const civil = moveWallClock(
      clock,
      clock ? start.epochMs : start.epochMs + offset * 1000,
      span.sign * span.years,
      span.sign * span.months,
      span.sign * span.days,
    );
    if (Number.isNaN(civil)) throw outOfRange();
    epochMs = clock ? resolveLocal(clock, civil, 'compatible').epochMs : civil - offset * 1000;
  }
  epochMs += span.sign * span.exactMs;
  const offsetAfter = clock ? clock.offsetAt(epochMs) : offset;
  const local = epochMs + offsetAfter * 1000;
  if (!Number.isFinite(epochMs) || local < CIVIL_RANGE.from || local >= CIVIL_RANGE.to) throw outOfRange();
  return { epochMs, offsetSeconds: offsetAfter };
}
