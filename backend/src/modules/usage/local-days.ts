/**
 * Days and hours of the viewer's display zone, cut from the usage tables (issue 48). The daily roll-ups are whole UTC
 * days; a day of Asia/Kolkata (UTC+05:30) runs from 18:30 UTC to 18:30 UTC, so no UTC day lies inside one. A window is
 * planned as: the UTC days wholly inside it (from the roll-ups), the two edges (from the raw rows), and, for each of those
 * UTC days that a local midnight cuts, the shorter pieces (raw rows; the longest piece is the roll-up less the others).
 * Hours come from raw rows counted per UTC quarter-hour: every zone's hours begin on a quarter-hour of UTC.
 */

/** A zone's clock as the buckets read it: its UTC offset in seconds at an instant (a CompiledZone of our tz engine). */
export interface ZoneClock {
  offsetAt(epochMs: number): number;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const QUARTER_HOUR_MS = 900_000;

/** The calendar date (YYYY-MM-DD) an instant falls on in the zone. */
export function localDate(zone: ZoneClock, epochMs: number): string {
  return new Date(epochMs + zone.offsetAt(epochMs) * 1000).toISOString().slice(0, 10);
}

/** The date after `date` (YYYY-MM-DD). */
export function nextDate(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first instant in [lo, hi] whose wall clock reads `civil` or later (a clock that jumped past it: the jump). */
function firstAtOrAfter(zone: ZoneClock, civil: number, lo: number, hi: number): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (mid + zone.offsetAt(mid) * 1000 >= civil) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The instant a wall-clock reading first occurs, or the end of the gap it falls in (a midnight the clocks skip). */
function firstInstantOf(zone: ZoneClock, civil: number): number {
  const before = zone.offsetAt(civil - DAY_MS);
  const after = zone.offsetAt(civil + DAY_MS);
  const candidates = (before === after ? [before] : [before, after])
    .map((offset) => civil - offset * 1000)
    .filter((t) => zone.offsetAt(t) * 1000 === civil - t);
  if (candidates.length) return Math.min(...candidates);
  const [a, b] = [civil - before * 1000, civil - after * 1000].sort((x, y) => x - y);
  return firstAtOrAfter(zone, civil, a - 1, b);
}

/** The first instant of a local date (its midnight, or when the clock jumps past a skipped midnight). */
export function startOfLocalDay(zone: ZoneClock, date: string): number {
  return firstInstantOf(zone, Date.parse(`${date}T00:00:00Z`));
}

/** The `count` local dates up to the one `now` falls on (today last), and the instants they span, [from, to). */
export function lastLocalDates(zone: ZoneClock, count: number, now: number): { dates: string[]; from: number; to: number } {
  const today = localDate(zone, now);
  const dates = Array.from({ length: count }, (_, i) => nextDate(today, i - (count - 1)));
  return { dates, from: startOfLocalDay(zone, dates[0]), to: startOfLocalDay(zone, nextDate(today)) };
}

/** The start of the local hour an instant falls in. */
export function hourOf(zone: ZoneClock, epochMs: number): number {
  const offset = zone.offsetAt(epochMs) * 1000;
  const start = Math.floor((epochMs + offset) / HOUR_MS) * HOUR_MS - offset;
  // An offset change inside the hour: the hour (as this offset reads it) began at the change.
  return zone.offsetAt(start) * 1000 === offset ? start : firstAtOrAfter(zone, start + offset, start, epochMs);
}

/** Every local hour that [from, to) touches, by its start: 24 a day, 23 or 25 when the clocks change. */
export function localHours(zone: ZoneClock, from: number, to: number): number[] {
  const hours: number[] = [];
  for (let h = hourOf(zone, from); h < to; h = Math.max(h + 1, hourOf(zone, h + HOUR_MS))) hours.push(h);
  return hours;
}

/** A local day of the window: [start, end), clipped to the window. */
export interface DayBucket {
  date: string;
  start: number;
  end: number;
}

/** A stretch counted from the raw rows: an edge of the window, or a short piece of a UTC day a local midnight cuts. */
export interface RawPiece {
  lo: number;
  hi: number;
  /** The index of the local day it belongs to. */
  day: number;
  /** An edge counts toward every total; a piece of a roll-up day only moves counts between two local days. */
  edge: boolean;
  /** For a piece of a roll-up day: that UTC day. */
  utcDay?: string;
}

export interface WindowPlan {
  from: number;
  to: number;
  days: DayBucket[];
  /** The UTC days wholly inside the window (read from the daily roll-ups), or null. */
  rollups: { first: string; last: string } | null;
  /** For each roll-up day, the local day that takes its count less its raw pieces. */
  rollupDay: Map<string, number>;
  raw: RawPiece[];
}

const utcDayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** The local days of [from, to) in the zone, and how each is counted from the roll-ups and the raw rows. */
export function planWindow(zone: ZoneClock, from: number, to: number): WindowPlan {
  const days: DayBucket[] = [];
  for (let date = localDate(zone, from), start = from; start < to; date = nextDate(date)) {
    const end = Math.min(startOfLocalDay(zone, nextDate(date)), to);
    if (end > start) days.push({ date, start, end });
    start = Math.max(start, end);
  }
  // The pieces of [lo, hi) by local day (days are in order; `first` is where to start looking).
  let first = 0;
  const cut = (lo: number, hi: number): { lo: number; hi: number; day: number }[] => {
    const out: { lo: number; hi: number; day: number }[] = [];
    while (first < days.length && days[first].end <= lo) first++;
    for (let i = first; i < days.length && days[i].start < hi; i++) {
      const piece = { lo: Math.max(lo, days[i].start), hi: Math.min(hi, days[i].end), day: i };
      if (piece.hi > piece.lo) out.push(piece);
    }
    return out;
  };
  const firstWhole = Math.ceil(from / DAY_MS) * DAY_MS;
  const wholeEnd = Math.floor(to / DAY_MS) * DAY_MS;
  const raw: RawPiece[] = [];
  const rollupDay = new Map<string, number>();
  if (firstWhole >= wholeEnd) {
    for (const piece of cut(from, to)) raw.push({ ...piece, edge: true });
    return { from, to, days, rollups: null, rollupDay, raw };
  }
  for (const piece of cut(from, firstWhole)) raw.push({ ...piece, edge: true });
  for (let u = firstWhole; u < wholeEnd; u += DAY_MS) {
    const pieces = cut(u, u + DAY_MS);
    const longest = pieces.reduce((a, b) => (b.hi - b.lo > a.hi - a.lo ? b : a));
    const utcDay = utcDayOf(u);
    rollupDay.set(utcDay, longest.day);
    for (const piece of pieces) if (piece !== longest) raw.push({ ...piece, edge: false, utcDay });
  }
  for (const piece of cut(wholeEnd, to)) raw.push({ ...piece, edge: true });
  return { from, to, days, rollups: { first: utcDayOf(firstWhole), last: utcDayOf(wholeEnd - DAY_MS) }, rollupDay, raw };
}

/** The count of each local day: its raw pieces, plus the roll-up days it takes less their other pieces. */
export function dayCounts(plan: WindowPlan, rollupByUtcDay: Map<string, number>, rawCounts: number[]): number[] {
  const counts = plan.days.map(() => 0);
  const left = new Map(rollupByUtcDay);
  plan.raw.forEach((piece, i) => {
    counts[piece.day] += rawCounts[i] ?? 0;
    if (piece.utcDay) left.set(piece.utcDay, (left.get(piece.utcDay) ?? 0) - (rawCounts[i] ?? 0));
  });
  for (const [utcDay, day] of plan.rollupDay) counts[day] += left.get(utcDay) ?? 0;
  return counts;
}
