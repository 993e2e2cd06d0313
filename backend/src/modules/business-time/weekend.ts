import { readCldrJson } from '../timezone/cldr/cldr-data.js';
import { BusinessTimeProblems } from './business-time.errors.js';

/** Weekday names as the API writes them, ISO order: index 0 is Monday (ISO 1) … 6 is Sunday (ISO 7). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** CLDR's three-letter day codes, ISO order. */
const CLDR_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

interface WeekData {
  weekendStart: Record<string, string>;
  weekendEnd: Record<string, string>;
}

let weekData: WeekData | undefined;
const data = (): WeekData =>
  (weekData ??= readCldrJson<{ supplemental: { weekData: WeekData } }>('cldr-core/supplemental/weekData.json').supplemental.weekData);

/** ISO weekday (1 Monday … 7 Sunday) of a civil day number (days since 1970-01-01, a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/**
 * A country's weekend from CLDR weekData (weekendStart to weekendEnd, wrapping past Sunday), as ISO weekdays.
 * Territories CLDR lists no row for take the world's (001): Saturday and Sunday.
 */
export function cldrWeekend(country: string): number[] {
  const { weekendStart, weekendEnd } = data();
  const start = CLDR_DAYS.indexOf(weekendStart[country] ?? weekendStart['001']) + 1;
  const end = CLDR_DAYS.indexOf(weekendEnd[country] ?? weekendEnd['001']) + 1;
  const days: number[] = [];
  for (let d = start; ; d = (d % 7) + 1) {
    days.push(d);
    if (d === end) break;
  }
  return days.sort((a, b) => a - b);
}

/** A weekend override (weekday names) as ISO weekdays; an unknown name or a week with no working day is refused. */
export function parseWeekend(names: string[]): number[] {
  const days = new Set<number>();
  for (const name of names) {
    const index = WEEKDAYS.indexOf(name.toLowerCase() as Weekday);
    if (index < 0) throw BusinessTimeProblems.invalidWeekend(`"${name}" is not a weekday; use ${WEEKDAYS.join(', ')}.`);
    days.add(index + 1);
  }
  if (days.size === 7) throw BusinessTimeProblems.invalidWeekend('weekend names every day of the week: no day would be a business day.');
  return [...days].sort((a, b) => a - b);
}

export const weekdayName = (iso: number): Weekday => WEEKDAYS[iso - 1];
