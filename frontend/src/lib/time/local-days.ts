import { offsetMinutes } from './zone-math';

const DAY_MS = 86_400_000;

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function localDateOf(zone: string, at: number): string {
  return new Date(at + offsetMinutes(zone, new Date(at)) * 60_000).toISOString().slice(0, 10);
}

/** The first instant of a local date in a zone (its midnight; a skipped midnight: the first instant after it). */
export function startOfLocalDay(zone: string, date: string): number {
  const civil = Date.parse(`${date}T00:00:00Z`);
  let t = civil - offsetMinutes(zone, new Date(civil)) * 60_000;
  t = civil - offsetMinutes(zone, new Date(t)) * 60_000;
  // A midnight the clocks skip reads as the day before: the day starts an offset change later.
  if (localDateOf(zone, t) < date) t = civil - offsetMinutes(zone, new Date(t + DAY_MS / 2)) * 60_000;
  return t;
}

/**
 * Where a range of the Usage and Requests pages starts, the same on both (so their totals agree): 'Last 24 hours' (1 day)
 * is rolling, 'Last N days' are the N local days ending today, from the first one's midnight in the display zone.
 */
export function rangeStart(days: number, zone: string, now = Date.now()): number {
  if (days <= 1) return now - DAY_MS;
  const today = localDateOf(zone, now);
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return startOfLocalDay(zone, first);
}
