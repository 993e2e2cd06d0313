import { daysFromCivil, MS_PER_DAY } from '../timezone/engine/civil.js';
import { BusinessTimeProblems, HOLIDAY_YEARS } from './business-time.errors.js';
import { HolidayData, type HolidayEntry, type HolidayType } from './holiday-data.js';
import { isoWeekday } from './weekend.js';

/** Day numbers of 1 January of the data's years and the year after: a day's year is looked up, not computed. */
const YEAR_STARTS = Array.from({ length: HOLIDAY_YEARS.to - HOLIDAY_YEARS.from + 2 }, (_, i) => daysFromCivil(HOLIDAY_YEARS.from + i, 1, 1));

/** The year of a civil day number; outside the data's years, a year beyond them (which `year()` refuses). */
function yearOf(day: number): number {
  if (day < YEAR_STARTS[0]) return HOLIDAY_YEARS.from - 1;
  let i = Math.min(Math.floor((day - YEAR_STARTS[0]) / 365.2425), YEAR_STARTS.length - 1);
  while (i > 0 && YEAR_STARTS[i] > day) i--;
  while (i + 1 < YEAR_STARTS.length && YEAR_STARTS[i + 1] <= day) i++;
  return HOLIDAY_YEARS.from + i;
}

/** Why a day is not a business day: one of the chosen holidays, the weekend, or one of the caller's own closures. */
export type Closure = { reason: 'holiday'; name: string } | { reason: 'weekend' } | { reason: 'closure' };

export interface CalendarRules {
  country: string;
  subdivision?: string;
  /** Holiday types that close a day. */
  types: HolidayType[];
  /** ISO weekdays (1 Monday … 7 Sunday) that are the weekend. */
  weekend: number[];
  /** Civil day numbers the caller closes besides (extraClosures). */
  extraClosures: Set<number>;
  lang?: string;
}

/**
 * A working calendar: weekend days, the chosen types of holidays and the caller's own closures. A holiday dated from
 * midnight closes its day and every later day it reaches (one the data starts at sunset the evening before closes its
 * dated day, and that evening's hours only); one dated later in its day (Heiliger Abend from 14:00) leaves the day a
 * business day, and the working-hours engine closes only its hours (`holidayHours`).
 */
export class BusinessCalendar {
  private readonly years = new Map<number, { whole: Map<number, HolidayEntry[]>; partial: HolidayEntry[] }>();
  private readonly weekend: boolean[];

  constructor(
    private readonly data: HolidayData,
    readonly rules: CalendarRules,
    /** The input field named when a day falls outside the data's years. */
    private readonly field: string,
  ) {
    this.weekend = Array.from({ length: 8 }, (_, d) => rules.weekend.includes(d));
  }

  /** Why `day` (days since 1970-01-01) is closed, or null for a business day. */
  closure(day: number): Closure | null {
    const holidays = this.holidaysOn(day);
    if (holidays.length > 0) return { reason: 'holiday', name: holidays.map((h) => h.name).join(', ') };
    if (this.weekend[isoWeekday(day)]) return { reason: 'weekend' };
    if (this.rules.extraClosures.has(day)) return { reason: 'closure' };
    return null;
  }

  isWeekend(day: number): boolean {
    return this.weekend[isoWeekday(day)];
  }

  /** The chosen holidays that cover all of `day`. */
  holidaysOn(day: number): HolidayEntry[] {
    const year = yearOf(day);
    // A holiday of several days that begins in December is in the list of the year it begins in.
    const spill = day - YEAR_STARTS[year - HOLIDAY_YEARS.from] < 7 && year > HOLIDAY_YEARS.from;
    return this.year(year).whole.get(day) ?? (spill ? this.year(year - 1).whole.get(day) : undefined) ?? [];
  }

  /** The chosen holidays that close part of `day` only (civil start and end), for the working-hours engine. */
  holidayHours(day: number): HolidayEntry[] {
    const from = day * MS_PER_DAY;
    const to = from + MS_PER_DAY;
    const year = yearOf(day);
    const near = [
      ...this.year(year).partial,
      ...(day - YEAR_STARTS[year - HOLIDAY_YEARS.from] < 31 && year > HOLIDAY_YEARS.from ? this.year(year - 1).partial : []),
    ];
    return near.filter((h) => h.startCivil < to && h.endCivil > from);
  }

  private year(year: number) {
    let entry = this.years.get(year);
    if (!entry) {
      if (year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) throw BusinessTimeProblems.yearOutOfRange(year, this.field);
      const { country, subdivision, types, lang } = this.rules;
      const whole = new Map<number, HolidayEntry[]>();
      const partial: HolidayEntry[] = [];
      for (const h of this.data.holidays(country, subdivision, year, { lang, types, field: this.field })) {
        if (!h.wholeDay) {
          partial.push(h);
          continue;
        }
        const first = Date.parse(`${h.date}T00:00:00Z`) / MS_PER_DAY;
        const last = Math.floor((h.endCivil - 1) / MS_PER_DAY);
        for (let d = first; d <= last; d++) whole.set(d, [...(whole.get(d) ?? []), h]);
        // A holiday the data starts at sunset closes the evening before its day too, hours only.
        if (h.startCivil < first * MS_PER_DAY) partial.push({ ...h, endCivil: first * MS_PER_DAY });
      }
      entry = { whole, partial };
      this.years.set(year, entry);
    }
    return entry;
  }
}
