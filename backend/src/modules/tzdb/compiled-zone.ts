/** One stretch of time during which a zone's offset, DST flag and abbreviation stay the same. */
export interface ZonePeriod {
  /** First instant of the period, epoch ms (-Infinity for the period before the first transition). */
  readonly start: number;
  /** First instant after the period, epoch ms (Infinity for the last one). */
  readonly end: number;
  /** UT offset in seconds (may carry seconds: Monrovia until 1972 is -2670). */
  readonly offsetSeconds: number;
  /** tzdb's isdst as zic compiles the main form (negative DST, as in Dublin's winter, is isdst). */
  readonly isdst: boolean;
  /** The API's reading (tzdb's rearguard form): summer time is DST, also in zones whose main form has negative DST. */
  readonly dst: boolean;
  /** Standard offset in force, seconds, in the same rearguard reading. */
  readonly standardOffsetSeconds: number;
  /** The abbreviation tzdb gives the period ("PST", "-03", "+0545"). */
  readonly abbreviation: string;
}

export interface ZoneTransition {
  /** Epoch ms of the first instant of `after`. */
  readonly at: number;
  readonly before: ZonePeriod;
  readonly after: ZonePeriod;
}

import { tailTransitions, type CompiledTransitions, type LocalType, type ZoneTail } from './zic-compiler.js';

const MS = 1000;
/** Years past the compiled range are computed from the tail rules on demand; this many stay cached. */
const TAIL_CACHE_YEARS = 64;

function period(type: LocalType, start: number, end: number): ZonePeriod {
  return {
    start,
    end,
    offsetSeconds: type.utoff,
    isdst: type.isdst,
    dst: type.dst,
    standardOffsetSeconds: type.standardOffset,
    abbreviation: type.abbr,
  };
}

function yearStartMs(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
}

/**
 * A zone's whole history and its rules carried forward, answering look-ups by instant: a binary search over the
 * compiled periods (the last answer is kept, so "now" costs one comparison), and beyond the compiled range the
 * ongoing rules year by year.
 */
export class CompiledZone {
  private readonly starts: Float64Array;
  private readonly periods: ZonePeriod[];
  /** First instant not covered by `periods` (Infinity when the zone has no ongoing rules). */
  private readonly horizon: number;
  private readonly horizonYear: number;
  /** The ongoing rules after the compiled range (the TZif footer is written from them); null when the zone settles. */
  readonly tail: ZoneTail | null;
  private readonly tailYears = new Map<number, ZonePeriod[]>();
  private last: ZonePeriod;

  constructor(
    readonly name: string,
    compiled: CompiledTransitions,
    /** The last year compiled eagerly. */
    lastYear: number,
  ) {
    this.tail = compiled.tail;
    this.horizonYear = lastYear + 1;
    this.horizon = this.tail ? yearStartMs(this.horizonYear) : Infinity;
    const n = compiled.at.length;
    const bounds: number[] = [-Infinity];
    const kinds: LocalType[] = [compiled.initial];
    for (let i = 0; i < n; i++) {
      const at = compiled.at[i] * MS;
      if (at >= this.horizon) break;
      bounds.push(at);
      kinds.push(compiled.types[i]);
    }
    this.starts = Float64Array.from(bounds);
    this.periods = kinds.map((k, i) => period(k, bounds[i], i + 1 < bounds.length ? bounds[i + 1] : this.horizon));
    this.last = this.periods[this.periods.length - 1];
  }

  /** The period holding an instant (epoch ms). */
  periodAt(epochMs: number): ZonePeriod {
    const last = this.last;
    if (epochMs >= last.start && epochMs < last.end) return last;
    let found: ZonePeriod;
    if (this.tail && epochMs >= this.horizon) found = this.tailPeriodAt(epochMs);
    else {
      const starts = this.starts;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= epochMs) lo = mid;
        else hi = mid - 1;
      }
      found = this.periods[lo];
    }
    this.last = found;
    return found;
  }

  /** UT offset in seconds at an instant. */
  offsetAt(epochMs: number): number {
    return this.periodAt(epochMs).offsetSeconds;
  }

  /** Every change in [fromMs, toMs), in order. */
  transitionsBetween(fromMs: number, toMs: number): ZoneTransition[] {
    const out: ZoneTransition[] = [];
    let p = this.periodAt(fromMs);
    while (p.end < toMs) {
      const next = this.periodAt(p.end);
      if (next.offsetSeconds !== p.offsetSeconds || next.isdst !== p.isdst || next.abbreviation !== p.abbreviation || next.dst !== p.dst) {
        if (next.start >= fromMs) out.push({ at: next.start, before: p, after: next });
      }
      p = next;
    }
    return out;
  }

  /** The first change after an instant, looking at most `years` years ahead. */
  nextTransition(epochMs: number, years = 2): ZoneTransition | null {
    const found = this.transitionsBetween(epochMs + 1, epochMs + years * 366 * 86_400_000);
    return found[0] ?? null;
  }

  /** The last change at or before an instant, looking at most `years` years back. */
  previousTransition(epochMs: number, years = 2): ZoneTransition | null {
    const found = this.transitionsBetween(epochMs - years * 366 * 86_400_000, epochMs + 1);
    return found[found.length - 1] ?? null;
  }

  /** Periods of one UTC year past the compiled range, clamped to the year (like the compiled ones at the horizon). */
  private tailPeriodAt(epochMs: number): ZonePeriod {
    const year = new Date(epochMs).getUTCFullYear();
    let periods = this.tailYears.get(year);
    if (!periods) {
      periods = this.tailYear(year);
      if (this.tailYears.size >= TAIL_CACHE_YEARS) this.tailYears.delete(this.tailYears.keys().next().value as number);
      this.tailYears.set(year, periods);
    }
    let found = periods[0];
    for (const p of periods) if (p.start <= epochMs) found = p;
    return found;
  }

  private tailYear(year: number): ZonePeriod[] {
    const tail = this.tail!;
    const from = Math.max(yearStartMs(year), this.horizon);
    const to = yearStartMs(year + 1);
    const events = [...tailTransitions(tail, year - 1), ...tailTransitions(tail, year)].map((e) => ({ at: e.at * MS, type: e.type }));
    // Deduplicate the overlap of the two years' computations.
    const unique = [...new Map(events.map((e) => [e.at, e])).values()].sort((a, b) => a.at - b.at);
    let current = unique.filter((e) => e.at <= from).pop()?.type ?? this.periods[this.periods.length - 1];
    const out: ZonePeriod[] = [];
    let start = from;
    const asType = (p: LocalType | ZonePeriod): LocalType =>
      'utoff' in p ? p : { utoff: p.offsetSeconds, isdst: p.isdst, abbr: p.abbreviation, dst: p.dst, standardOffset: p.standardOffsetSeconds };
    for (const e of unique) {
      if (e.at <= from || e.at >= to) continue;
      out.push(period(asType(current), start, e.at));
      start = e.at;
      current = e.type;
    }
    out.push(period(asType(current), start, to));
    return out;
  }
}
