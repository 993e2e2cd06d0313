import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { civilFromDays, daysFromCivil, MS_PER_DAY } from './civil.js';

/** Date's TimeClip: whole milliseconds toward zero, NaN beyond ±8.64e15 ms (what `new Date(x).getTime()` gives). */
function timeClip(ms: number): number {
  return Math.abs(ms) <= 8.64e15 ? Math.trunc(ms) + 0 : NaN;
}

/** Days in a month whose number may run past 12 or below 1 (month 14 of 2023 is February 2024). */
function daysInAnyMonth(year: number, month: number): number {
  const inYear = month - 1 - 12 * Math.floor((month - 1) / 12) + 1;
  const y = year + (month - inYear) / 12;
  if (inYear !== 2) return MONTH_DAYS[inYear - 1];
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
}
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The wall clock (civil ms) after moving the wall clock at `epochMs` by years, months and days in `clock`'s zone (UTC
 * when null): the day kept, or the target month's last day when it has fewer, then the days added; that wall time is
 * placed with the offset in force at the start (else the one found there, in a gap the later), and the wall clock of
 * the instant found is the answer. This is luxon 3's DateTime#plus step for step, offsets counted as luxon counts
 * them (minutes, fractions for offsets with seconds), so answers stayed the same to the millisecond when luxon left
 * this path: its objects and Duration cost more than the whole answer. calendar-move.spec.ts keeps checking it
 * against luxon.
 */
export function moveWallClock(clock: CompiledZone | null, epochMs: number, years: number, months: number, days: number): number {
  const minutesAt = (at: number) => (clock ? clock.offsetAt(at) / 60 : 0);
  const o = minutesAt(epochMs);
  const local = timeClip(epochMs + o * 60 * 1000);
  const day = Math.floor(local / MS_PER_DAY);
  const timeOfDay = local - day * MS_PER_DAY;
  const from = civilFromDays(day);
  const year = from.year + years;
  const month = from.month + months;
  const dayOfMonth = Math.min(from.day, daysInAnyMonth(year, month)) + days;
  // Date.UTC(year, month - 1, dayOfMonth, …): months past December and days past the month's end roll over.
  const yearOfMonth = year + Math.floor((month - 1) / 12);
  const monthInYear = month - 1 - 12 * Math.floor((month - 1) / 12) + 1;
  const localTS = timeClip((daysFromCivil(yearOfMonth, monthInYear, 1) + dayOfMonth - 1) * MS_PER_DAY + timeOfDay);
  // luxon's fixOffset: the start's offset, else the one at the guess, else (a gap) the wall time read with the smaller.
  let ts = localTS - o * 60 * 1000;
  const o2 = minutesAt(ts);
  if (o2 !== o) {
    ts -= (o2 - o) * 60 * 1000;
    const o3 = minutesAt(ts);
    if (o3 !== o2) ts = localTS - Math.min(o2, o3) * 60 * 1000;
  }
  return timeClip(ts + minutesAt(ts) * 60 * 1000);
}
