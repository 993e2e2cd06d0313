import { formatDate, MS_PER_DAY } from '../timezone/engine/civil.js';
import { BusinessTimeProblems, MAX_BUSINESS_DAYS } from './business-time.errors.js';
import type { BusinessCalendar, Closure } from './business-calendar.js';

/** A day passed over: why it is not a business day (a holiday names itself). */
export interface SkippedDay {
  date: string;
  reason: Closure['reason'];
  name?: string;
}

export interface BusinessDaysMove {
  resultDate: string;
  /** Calendar days from startDate to resultDate (negative going back). */
  calendarDays: number;
  startIsBusinessDay: boolean;
  skipped: SkippedDay[];
}

export const dayText = (day: number): string => formatDate(day * MS_PER_DAY);

function skippedDay(day: number, closure: Closure): SkippedDay {
  return closure.reason === 'holiday' ? { date: dayText(day), reason: 'holiday', name: closure.name } : { date: dayText(day), reason: closure.reason };
}

/**
 * Moves `days` business days from `start` (days since 1970-01-01). The start is never counted: +N answers the N-th
 * business day after it and -N the N-th before it, whatever day the start is. 0 answers the start itself when it is
 * a business day, else the next business day (the "following" convention).
 */
export function addBusinessDays(calendar: BusinessCalendar, start: number, days: number): BusinessDaysMove {
  if (!Number.isInteger(days) || Math.abs(days) > MAX_BUSINESS_DAYS) throw BusinessTimeProblems.daysOutOfRange(days);
  const skipped: SkippedDay[] = [];
  const startIsBusinessDay = calendar.closure(start) === null;
  let day = start;
  if (days === 0) {
    for (let closure = calendar.closure(day); closure; closure = calendar.closure(++day)) skipped.push(skippedDay(day, closure));
  } else {
    const step = Math.sign(days);
    // Each step lands on a day of the data's years, or the calendar refuses it (year_out_of_range): at most ~14,000 steps.
    for (let remaining = Math.abs(days); remaining > 0;) {
      day += step;
      const closure = calendar.closure(day);
      if (closure) skipped.push(skippedDay(day, closure));
      else remaining--;
    }
  }
  return { resultDate: dayText(day), calendarDays: day - start, startIsBusinessDay, skipped };
}

export interface HolidayOnDay {
  date: string;
  name: string;
}

export interface BusinessDuration {
  businessDays: number;
  calendarDays: number;
  weekendDays: number;
  /** Days the caller's extraClosures closed (neither holiday nor weekend). */
  closedDays: number;
  /** The days a holiday closed, weekend or not (a holiday on a Saturday counts here, not in weekendDays). */
  holidays: HolidayOnDay[];
}

/** Counts the days from `start` up to `end` (end excluded unless includeEnd); each day is counted once: holiday, weekend, closure or business day. */
export function businessDuration(calendar: BusinessCalendar, start: number, end: number, includeEnd: boolean): BusinessDuration {
  const last = includeEnd ? end : end - 1;
  const answer: BusinessDuration = { businessDays: 0, calendarDays: last - start + 1, weekendDays: 0, closedDays: 0, holidays: [] };
  for (let day = start; day <= last; day++) {
    const closure = calendar.closure(day);
    if (!closure) answer.businessDays++;
    else if (closure.reason === 'weekend') answer.weekendDays++;
    else if (closure.reason === 'closure') answer.closedDays++;
    else answer.holidays.push({ date: dayText(day), name: closure.name });
  }
  return answer;
}
