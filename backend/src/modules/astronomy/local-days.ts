import { Problems } from '../../common/problems/problem.js';
import type { CompiledZone } from '../tzdb/compiled-zone.js';
import { MS_PER_DAY } from '../timezone/engine/civil.js';
import { parseDate, resolveLocal } from '../timezone/engine/local-time.js';
import { timezoneProblem } from '../timezone/timezone.errors.js';
import { ASTRONOMY_DATES, ASTRONOMY_MAX_DAYS, AstronomyProblems } from './astronomy.errors.js';

export interface DaysAsked {
  date?: string;
  from?: string;
  to?: string;
}

/** A local date (civil ms at midnight) and the instants its midnight and the next one fall at in the zone. */
export interface LocalDay {
  civil: number;
  start: number;
  end: number;
}

const FIRST = parseDate(ASTRONOMY_DATES.first);
const LAST = parseDate(ASTRONOMY_DATES.last);

function checkedDate(value: string, field: string): number {
  const civil = parseDate(value, field);
  if (civil < FIRST || civil > LAST) throw AstronomyProblems.dateOutOfRange(field, value);
  return civil;
}

/** How many local dates a query asks for (1 for `date` or none), or null when it cannot say: the route's weight reads it. */
export function daysAsked(query: DaysAsked): number | null {
  if (query.from === undefined || query.to === undefined) return 1;
  try {
    return Math.round((parseDate(query.to, 'to') - parseDate(query.from, 'from')) / MS_PER_DAY) + 1;
  } catch {
    return null;
  }
}

/** The local dates asked for, as civil ms: `date`, or `from`..`to` inclusive, or today at the place (`today`). */
export function askedDates(query: DaysAsked, today: number): number[] {
  if (query.date !== undefined && (query.from !== undefined || query.to !== undefined))
    throw Problems.validation([{ field: 'date', message: 'date and from/to do not go together: send one date, or a range' }]);
  if ((query.from === undefined) !== (query.to === undefined)) {
    const missing = query.from === undefined ? 'from' : 'to';
    throw Problems.validation([{ field: missing, message: `${missing} is required with ${missing === 'from' ? 'to' : 'from'}` }]);
  }
  if (query.from !== undefined && query.to !== undefined) {
    const from = checkedDate(query.from, 'from');
    const to = checkedDate(query.to, 'to');
    if (to < from) throw timezoneProblem('invalid_range', `to (${query.to}) is before from (${query.from}).`, 'to');
    const days = Math.round((to - from) / MS_PER_DAY) + 1;
    if (days > ASTRONOMY_MAX_DAYS) throw AstronomyProblems.rangeTooLong(days);
    return Array.from({ length: days }, (_, i) => from + i * MS_PER_DAY);
  }
  return [query.date !== undefined ? checkedDate(query.date, 'date') : today];
}

/** The place's date at an instant, as civil ms at midnight. */
export function localDate(clock: CompiledZone, at: number): number {
  const civil = at + clock.offsetAt(at) * 1000;
  return civil - (((civil % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY);
}

/** A local date's day in the zone: from its first instant to the next date's (a midnight a DST change skips starts when the clocks resume). */
export function localDay(clock: CompiledZone, civil: number): LocalDay {
  return {
    civil,
    start: resolveLocal(clock, civil, 'compatible').epochMs,
    end: resolveLocal(clock, civil + MS_PER_DAY, 'compatible').epochMs,
  };
}
