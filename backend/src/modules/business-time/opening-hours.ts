import { BusinessTimeProblems } from './business-time.errors.js';
import { WEEKDAYS, type Weekday } from './weekend.js';

/** A working window of a day in minutes after midnight: [start, end), end up to 1440 (24:00). */
export type DayWindow = readonly [number, number];
/** Windows per ISO weekday, index 0 Monday … 6 Sunday. */
export type OpeningHours = DayWindow[][];

/** At most this many windows a day: bounded work per day walked. */
export const MAX_WINDOWS_PER_DAY = 12;
/** With no openingHours: 09:00-17:00 on every day the calendar keeps open. */
export const DEFAULT_WINDOW = '09:00-17:00';

const RANGE = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

function minutes(h: string, m: string): number {
  return Number(h) * 60 + Number(m);
}

/** One day's ranges ("09:00-12:00", "13:00-17:00"): each in order, none overlapping the one before. */
export function parseDayWindows(ranges: string[], field: string): DayWindow[] {
  if (ranges.length > MAX_WINDOWS_PER_DAY)
    throw BusinessTimeProblems.invalidOpeningHours(`${field} has ${ranges.length} ranges; at most ${MAX_WINDOWS_PER_DAY} a day.`, field);
  const windows: DayWindow[] = [];
  for (const range of ranges) {
    const m = typeof range === 'string' ? RANGE.exec(range.trim()) : null;
    if (!m) throw BusinessTimeProblems.invalidOpeningHours(`${field}: "${String(range)}" is not a range like 09:00-17:00.`, field);
    const start = minutes(m[1], m[2]);
    const end = minutes(m[3], m[4]);
    if (Number(m[2]) > 59 || Number(m[4]) > 59 || start >= 1440 || end > 1440)
      throw BusinessTimeProblems.invalidOpeningHours(`${field}: "${range}" is not a time of day (00:00 to 23:59; 24:00 only as an end).`, field);
    if (end <= start)
      throw BusinessTimeProblems.invalidOpeningHours(`${field}: "${range}" ends before it starts; a range ends on the same day (24:00 at the latest).`, field);
    const previous = windows[windows.length - 1];
    if (previous && start < previous[1])
      throw BusinessTimeProblems.invalidOpeningHours(
        `${field}: "${range}" overlaps or comes before the range before it; list the ranges in order, without overlaps.`,
        field,
      );
    windows.push([start, end]);
  }
  return windows;
}

/** The same ranges on every weekday (the calendar still closes weekends and holidays). */
export function everyDay(ranges: string[], field: string): OpeningHours {
  const windows = parseDayWindows(ranges, field);
  if (windows.length === 0) throw BusinessTimeProblems.invalidOpeningHours(`${field} holds no range: there would be no working time at all.`, field);
  return WEEKDAYS.map(() => windows);
}

/** openingHours by weekday name; a weekday left out is closed. Refused when no day has working time (nothing to count, nothing to wait for). */
export function parseOpeningHours(input: Record<string, unknown> | undefined): OpeningHours {
  if (input === undefined) return everyDay([DEFAULT_WINDOW], 'openingHours');
  const week: OpeningHours = WEEKDAYS.map(() => []);
  for (const [key, value] of Object.entries(input)) {
    const index = WEEKDAYS.indexOf(key.toLowerCase() as Weekday);
    if (index < 0) throw BusinessTimeProblems.invalidOpeningHours(`openingHours: "${key}" is not a weekday; use ${WEEKDAYS.join(', ')}.`);
    if (!Array.isArray(value))
      throw BusinessTimeProblems.invalidOpeningHours(`openingHours.${key} must be a list of ranges like ["09:00-17:00"].`, `openingHours.${key}`);
    week[index] = parseDayWindows(value as string[], `openingHours.${key}`);
  }
  if (week.every((day) => day.length === 0))
    throw BusinessTimeProblems.invalidOpeningHours('openingHours has no range on any day: there would be no working time at all.');
  return week;
}
