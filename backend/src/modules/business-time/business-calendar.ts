import { civilFromDays, MS_PER_DAY } from '../timezone/engine/civil.js';
import { BusinessTimeProblems, HOLIDAY_YEARS } from './business-time.errors.js';
import { HolidayData, type HolidayEntry, type HolidayType } from './holiday-data.js';
import { isoWeekday } from './weekend.js';

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
 * A working calendar: weekend days, the chosen types of holidays and the caller's own closures. A holiday closes a day
 * when it covers all of it; one that starts later (Heiliger Abend from 14:00) leaves the day a business day, and the
 * working-hours engine closes only its hours (`holidayHours`).
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
    const { year, month, day: dayOfMonth } = civilFromDays(day);
    // A holiday of several days that begins in December is in the list of the year it begins in.
    const spill = month === 1 && dayOfMonth <= 7 && year > HOLIDAY_YEARS.from;
    return this.year(year).whole.get(day) ?? (spill ? this.year(year - 1).whole.get(day) : undefined) ?? [];
  }

  /** The chosen holidays that close part of `day` only (civil start and end), for the working-hours engine. */
  holidayHours(day: number): HolidayEntry[] {
    const from = day * MS_PER_DAY;
    const to = from + MS_PER_DAY;
    const { year, month } = civilFromDays(day);
    const near = [...this.year(year).partial, ...(month === 1 && year > HOLIDAY_YEARS.from ? this.year(year - 1).partial : [])];
    return near.filter((h) => h.startCivil < to && h.endCivil > from);
  }

  private year(year: number) {
    let entry = this.years.get(year);
    if (!entry) {
      if (year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) throw BusinessTimeProblems.yearOutOfRange(year, this.field);
      const { country, subdivision, types, lang } = this.rules;
      const whole = new Map<number, HolidayEntry[]>();
      const partial: HolidayEntry[] = [];
      for (const h of this.data.holidays(country, subdivision, year, lang)) {
        if (!types.includes(h.type)) continue;
        const first = Math.ceil(h.startCivil / MS_PER_DAY);
        const last = Math.floor(h.endCivil / MS_PER_DAY) - 1;
        if (first > last) partial.push(h);
        for (let d = first; d <= last; d++) whole.set(d, [...(whole.get(d) ?? []), h]);
        if (first <= last && (h.startCivil % MS_PER_DAY !== 0 || h.endCivil % MS_PER_DAY !== 0)) partial.push(h);
      }
      entry = { whole, partial };
      this.years.set(year, entry);
    }
    return entry;
  }
}
