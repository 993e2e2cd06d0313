import { rawTimeZones } from '@vvo/tzdb';
import { civilMs, formatOffset, MS_PER_DAY, MS_PER_MINUTE } from './civil.js';

/** One stretch of time during which a zone's offset stays the same (clamped to a UTC year). */
export interface OffsetPeriod {
  start: number;
  end: number;
  offsetMinutes: number;
  /** Offset of standard time in force that year (lowest offset of the year). */
  standardOffsetMinutes: number;
  dst: boolean;
  abbreviation: string;
}

export interface Transition {
  /** Epoch ms of the first instant with the new offset. */
  at: number;
  offsetBefore: number;
  offsetAfter: number;
}

interface YearData {
  start: number;
  end: number;
  startOffset: number;
  transitions: Transition[];
  periods: OffsetPeriod[];
}

/** Sampling once a day, then bisecting, finds every transition of 1970-2030 that 6-hourly sampling finds (checked for all zones). */
const SAMPLE_STEP_MS = MS_PER_DAY;
/** "12/31/2023 AD, 19:00:00" as en-US formats it with era and h23. */
const NUMERIC_READING = /^(\d+)\/(\d+)\/(\d+) ([AB])\D*?,? (\d+):(\d+):(\d+)$/;
/** Years outside this window are computed on demand and not cached, so odd inputs cannot grow memory. */
const CACHED_YEARS = { from: 1900, to: 2100 };

const tzdbAbbreviations = new Map(
  rawTimeZones.flatMap((z) => z.group.map((name) => [name, z] as const)),
);

/**
 * Offsets, transitions, DST and abbreviations of one zone. Intl formatters are built once per zone
 * and each UTC year is scanned once (sampling twice a day, then bisecting to the second), so a
 * lookup is a binary search over a handful of transitions instead of new Intl objects per call.
 */
export class ZoneClock {
  private readonly numeric: Intl.DateTimeFormat;
  private longNames: Intl.DateTimeFormat | null = null;
  private shortNames: Intl.DateTimeFormat[] | null = null;
  private readonly years = new Map<number, YearData>();
  private lastPeriod: OffsetPeriod | null = null;

  constructor(
    readonly zone: string,
    private readonly countryCode: string | null,
  ) {
    this.numeric = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  }

  /** Offset straight from ICU; only used while scanning a year. format() + a regex is about twice as fast as formatToParts(). */
  private rawOffset(epochMs: number): number {
    const seconds = Math.floor(epochMs / 1000) * 1000;
    const m = NUMERIC_READING.exec(this.numeric.format(seconds));
    if (!m) throw new Error(`Unexpected ICU date format for ${this.zone}`);
    const year = m[4] === 'B' ? 1 - Number(m[3]) : Number(m[3]);
    const civil = civilMs(year, Number(m[1]), Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
    return Math.round((civil - seconds) / MS_PER_MINUTE);
  }

  private scanYear(year: number): YearData {
    const start = civilMs(year, 1, 1);
    const end = civilMs(year + 1, 1, 1);
    const transitions: Transition[] = [];
    let prevAt = start;
    let prevOffset = this.rawOffset(start);
    const startOffset = prevOffset;
    for (let t = Math.min(start + SAMPLE_STEP_MS, end); ; t = Math.min(t + SAMPLE_STEP_MS, end)) {
      const offset = this.rawOffset(t);
      // Several changes inside one step are found one after another.
      while (offset !== prevOffset) {
        let lo = prevAt;
        let hi = t;
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
          if (this.rawOffset(mid) === prevOffset) lo = mid;
          else hi = mid;
        }
        const after = this.rawOffset(hi);
        transitions.push({ at: hi, offsetBefore: prevOffset, offsetAfter: after });
        prevAt = hi;
        prevOffset = after;
      }
      prevAt = t;
      if (t >= end) break;
    }
    // A change exactly at the next year's first instant belongs to that year.
    if (transitions.length && transitions[transitions.length - 1].at >= end) transitions.pop();
    return { start, end, startOffset, transitions, periods: this.buildPeriods(start, end, startOffset, transitions) };
  }

  private buildPeriods(start: number, end: number, startOffset: number, transitions: Transition[]): OffsetPeriod[] {
    const bounds = [start, ...transitions.map((t) => t.at), end];
    const offsets = [startOffset, ...transitions.map((t) => t.offsetAfter)];
    const standard = Math.min(...offsets);
    const standardLong = this.longName(bounds[offsets.indexOf(standard)]);
    return offsets.map((offsetMinutes, i) => {
      const at = bounds[i];
      const dst = offsetMinutes > standard && this.isDaylightName(this.longName(at), standardLong);
      return {
        start: bounds[i],
        end: bounds[i + 1],
        offsetMinutes,
        standardOffsetMinutes: standard,
        dst,
        abbreviation: this.abbreviation(at, offsetMinutes, dst),
      };
    });
  }

  /** ICU knows "Moscow Standard Time" at +04 in 2012; trust a named zone's own word over offsets. */
  private isDaylightName(name: string, standardName: string): boolean {
    if (/Daylight|Summer/i.test(name)) return true;
    if (/^GMT/.test(name)) return true;
    return name !== standardName;
  }

  private longName(at: number): string {
    this.longNames ??= new Intl.DateTimeFormat('en-US', { timeZone: this.zone, timeZoneName: 'long' });
    return this.longNames.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  }

  private abbreviation(at: number, offsetMinutes: number, dst: boolean): string {
    this.shortNames ??= [...new Set([this.countryCode ? `en-${this.countryCode}` : 'en-US', 'en-US', 'en-GB'])].map(
      (locale) => new Intl.DateTimeFormat(locale, { timeZone: this.zone, timeZoneName: 'short' }),
    );
    for (const fmt of this.shortNames) {
      const name = fmt.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
      if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
    }
    const tzdb = tzdbAbbreviations.get(this.zone);
    if (tzdb && !dst && tzdb.rawOffsetInMinutes === offsetMinutes && !/^[+-]/.test(tzdb.abbreviation)) return tzdb.abbreviation;
    // tzdata's own style for zones without a letter abbreviation: +0545, -03.
    const numeric = formatOffset(offsetMinutes).replace(':', '');
    return numeric.endsWith('00') ? numeric.slice(0, 3) : numeric;
  }

  private year(year: number): YearData {
    const cached = this.years.get(year);
    if (cached) return cached;
    const data = this.scanYear(year);
    if (year >= CACHED_YEARS.from && year <= CACHED_YEARS.to) this.years.set(year, data);
    return data;
  }

  /** The offset period holding an instant; O(1) while the hot path keeps asking about "now". */
  periodAt(epochMs: number): OffsetPeriod {
    const last = this.lastPeriod;
    if (last && epochMs >= last.start && epochMs < last.end) return last;
    const data = this.year(new Date(epochMs).getUTCFullYear());
    const periods = data.periods;
    let lo = 0;
    let hi = periods.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (periods[mid].start <= epochMs) lo = mid;
      else hi = mid - 1;
    }
    const period = periods[lo];
    this.lastPeriod = period;
    return period;
  }

  offsetAt(epochMs: number): number {
    return this.periodAt(epochMs).offsetMinutes;
  }

  /** Every offset change in [from, to). */
  transitionsBetween(from: number, to: number): Transition[] {
    const out: Transition[] = [];
    const firstYear = new Date(from).getUTCFullYear();
    const lastYear = new Date(to - 1).getUTCFullYear();
    for (let y = firstYear; y <= lastYear; y++) {
      for (const t of this.year(y).transitions) if (t.at >= from && t.at < to) out.push(t);
    }
    return out;
  }

  /** The last transition at or before an instant, searching back up to `years` years. */
  previousTransition(epochMs: number, years = 2): Transition | null {
    const y0 = new Date(epochMs).getUTCFullYear();
    for (let y = y0; y > y0 - years - 1; y--) {
      const ts = this.year(y).transitions;
      for (let i = ts.length - 1; i >= 0; i--) if (ts[i].at <= epochMs) return ts[i];
    }
    return null;
  }

  /** The first transition after an instant, searching forward up to `years` years. */
  nextTransition(epochMs: number, years = 2): Transition | null {
    const y0 = new Date(epochMs).getUTCFullYear();
    for (let y = y0; y < y0 + years + 1; y++) {
      for (const t of this.year(y).transitions) if (t.at > epochMs) return t;
    }
    return null;
  }
}

const clocks = new Map<string, ZoneClock>();

/** One clock per canonical zone for the life of the process. */
export function zoneClock(zone: string, countryCode: string | null = null): ZoneClock {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new ZoneClock(zone, countryCode);
    clocks.set(zone, clock);
  }
  return clock;
}
