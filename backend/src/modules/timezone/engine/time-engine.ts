import { timezoneProblem } from '../timezone.errors.js';
import {
  civilFields,
  civilMs,
  daysInMonth,
  dayOfYear,
  formatCivil,
  formatDate,
  formatInstant,
  formatOffset,
  isoWeek,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
} from './civil.js';
import { parseDate, parseDateTime, resolveLocal, type DstAmbiguity, type LocalResolution } from './local-time.js';
import { PlaceIndex, zoneAtPoint, type City } from './places.js';
import { negate, parseTimeSpan, type TimeSpan } from './timespan.js';
import { zoneClock, type OffsetPeriod, type ZoneClock } from './zone-clock.js';
import { ZoneRegistry, type ResolvedZone, type ZoneFacts } from './zone-registry.js';

export interface ZoneLocation {
  country: string | null;
  country_code: string | null;
  region: string;
  city: string | null;
}

export interface CurrentTime {
  timezone: string;
  requested_timezone?: string;
  canonical_timezone?: string;
  current_time: string;
  utc_offset: string;
  dst_active: boolean;
  abbreviation: string;
  location: ZoneLocation;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A city (or, for lookup by zone name, the zone itself) with the zone in force there. */
export interface PlaceCandidate {
  timezone: string;
  city: string | null;
  province: string | null;
  country: string | null;
  country_code: string | null;
  coordinates: Coordinates | null;
  population: number | null;
  utc_offset: string;
}

export interface ZoneListItem {
  timezone: string;
  canonical_timezone: string;
  country_code: string | null;
  country: string | null;
  region: string;
  main_city: string | null;
  utc_offset: string;
  abbreviation: string;
  dst_active: boolean;
  observes_dst: boolean;
}

export interface TransitionView {
  at: string;
  local_before: string;
  local_after: string;
  offset_before: string;
  offset_after: string;
  abbreviation_before: string;
  abbreviation_after: string;
  dst_after: boolean;
}

export interface ZoneInfo extends CurrentTime {
  date: string;
  raw_offset: string;
  dst_offset: string | null;
  observes_dst: boolean;
  dst_start: string | null;
  dst_end: string | null;
}

export interface ConversionResult {
  fromTimeZone: string;
  toTimeZone: string;
  originalDateTime: string;
  convertedDateTime: string;
  dstActive: boolean;
  abbreviation: string;
  utcOffset: string;
  inputOffsetUsed: boolean;
  ambiguous: boolean;
  options?: { originalDateTime: string; convertedDateTime: string }[];
  requestedTimeZones?: { fromTimeZone?: string; toTimeZone?: string };
}

export interface CalculationResult {
  originalDateTime: string;
  timeSpan: string;
  resultDateTime: string;
  timeZone: string | null;
  arithmetic: 'calendar' | 'exact';
}

export interface DifferenceResult {
  startDateTime: string;
  endDateTime: string;
  timeZone: string | null;
  difference: {
    totalSeconds: number;
    totalMinutes: number;
    totalHours: number;
    totalDays: number;
    breakdown: { days: number; hours: number; minutes: number; seconds: number };
  };
}

export interface DayOfWeekResult {
  date: string;
  dayOfWeek: string;
  dayOfWeekNumber: number;
  isWeekend: boolean;
  weekNumber: number;
  dayOfYear: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The API serves history back to 1970 (decisions §3) and rules known up to 2100. */
export const TRANSITION_RANGE = { from: civilMs(1970, 1, 1), to: civilMs(2101, 1, 1) };

interface Instant {
  epochMs: number;
  offsetMinutes: number;
}

/**
 * Every answer of the time zone API as pure functions of their input and `now`; no Nest, no I/O.
 */
export class TimeEngine {
  readonly registry = new ZoneRegistry();
  private places: PlaceIndex | null = null;
  private readonly locationByZone = new Map<string, ZoneLocation>();

  private placeIndex(): PlaceIndex {
    this.places ??= new PlaceIndex((name) => this.zoneOrNull(name)?.canonical ?? null);
    return this.places;
  }

  /**
   * Builds the city index and scans this year of every zone in small slices between requests, so
   * neither start-up nor the first directory request pays for it.
   */
  warmUp(now: number, slice = 16): Promise<void> {
    this.placeIndex();
    const zones = [...this.registry.canonicalZones];
    return new Promise((resolve) => {
      const next = () => {
        for (const zone of zones.splice(0, slice)) this.clock(zone).periodAt(now);
        if (zones.length > 0) setImmediate(next);
        else resolve();
      };
      setImmediate(next);
    });
  }

  zone(input: string, field = 'timezone'): ResolvedZone {
    return this.registry.resolve(input, field);
  }

  clock(canonical: string): ZoneClock {
    return zoneClock(canonical, this.registry.facts(canonical).countryCode);
  }

  private location(facts: ZoneFacts): ZoneLocation {
    let loc = this.locationByZone.get(facts.name);
    if (!loc) {
      loc = { country: facts.countryName, country_code: facts.countryCode, region: facts.region, city: facts.mainCity };
      this.locationByZone.set(facts.name, loc);
    }
    return loc;
  }

  currentTime(input: string, now: number, field = 'timezone'): CurrentTime {
    return this.timeAt(this.zone(input, field), now);
  }

  timeAt(zone: ResolvedZone, epochMs: number): CurrentTime {
    const period = this.clock(zone.canonical).periodAt(epochMs);
    const answer: CurrentTime = {
      timezone: zone.canonical,
      current_time: formatInstant(epochMs, period.offsetMinutes),
      utc_offset: formatOffset(period.offsetMinutes),
      dst_active: period.dst,
      abbreviation: period.abbreviation,
      location: this.location(zone.facts),
    };
    if (zone.requestedLink) answer.requested_timezone = zone.requestedLink;
    if (zone.linkTarget) answer.canonical_timezone = zone.linkTarget;
    return answer;
  }

  currentTimeAt(latitude: number, longitude: number, now: number): CurrentTime & { coordinates: Coordinates } {
    const zone = this.zone(zoneAtPoint(latitude, longitude));
    return { ...this.timeAt({ ...zone, requestedLink: null }, now), coordinates: { latitude, longitude } };
  }

  zoneAt(latitude: number, longitude: number, now: number) {
    const zone = this.zone(zoneAtPoint(latitude, longitude));
    const period = this.clock(zone.canonical).periodAt(now);
    return {
      timezone: zone.canonical,
      coordinates: { latitude, longitude },
      utc_offset: formatOffset(period.offsetMinutes),
      dst_active: period.dst,
      abbreviation: period.abbreviation,
      location: this.location(zone.facts),
    };
  }

  utc(now: number) {
    return {
      utc_time: new Date(now).toISOString(),
      unix_timestamp: Math.floor(now / 1000),
      timestamp_ms: now,
      day_of_year: dayOfYear(now),
      week_number: isoWeek(now),
    };
  }

  list(now: number): { timezones: ZoneListItem[]; total: number } {
    const timezones = this.registry.canonicalZones.map((name) => this.listItem(name, now));
    return { timezones, total: timezones.length };
  }

  private listItem(name: string, now: number): ZoneListItem {
    const facts = this.registry.facts(name);
    const clock = this.clock(name);
    const period = clock.periodAt(now);
    return {
      timezone: name,
      canonical_timezone: this.registry.resolve(name).linkTarget ?? name,
      country_code: facts.countryCode,
      country: facts.countryName,
      region: facts.region,
      main_city: facts.mainCity,
      utc_offset: formatOffset(period.offsetMinutes),
      abbreviation: period.abbreviation,
      dst_active: period.dst,
      observes_dst: this.dstPeriods(clock, now).length > 0,
    };
  }

  search(city: string, now: number) {
    const { matches, cities } = this.placeIndex().searchCity(city);
    return { query: city, timezones: cities.map((c) => this.cityView(c, now)), matches };
  }

  lookup(location: string, now: number) {
    const text = location.trim();
    const cities = this.placeIndex().lookup(text);
    const candidates = cities.map((c) => this.cityView(c, now));
    // A zone name is a location too.
    if (candidates.length === 0 && text.includes('/')) {
      const zone = this.zoneOrNull(text);
      if (zone) {
        candidates.push({
          timezone: zone.canonical,
          city: zone.facts.mainCity,
          province: null,
          country: zone.facts.countryName,
          country_code: zone.facts.countryCode,
          coordinates: null,
          population: null,
          utc_offset: formatOffset(this.clock(zone.canonical).offsetAt(now)),
        });
      }
    }
    return { query: location, candidates, matches: candidates.length };
  }

  private zoneOrNull(name: string): ResolvedZone | null {
    try {
      return this.registry.resolve(name);
    } catch {
      return null;
    }
  }

  private cityView(c: City, now: number): PlaceCandidate {
    const period = this.clock(c.timezone).periodAt(now);
    return {
      timezone: c.timezone,
      city: c.city,
      province: c.province,
      country: c.country,
      country_code: c.countryCode,
      coordinates: { latitude: c.latitude, longitude: c.longitude },
      population: c.population,
      utc_offset: formatOffset(period.offsetMinutes),
    };
  }

  /** DST periods of the year before, of and after `at` (they decide dst_start/dst_end). */
  private dstPeriods(clock: ZoneClock, at: number): OffsetPeriod[] {
    const year = new Date(at).getUTCFullYear();
    const from = civilMs(year, 1, 1);
    const to = civilMs(year + 1, 1, 1);
    const out: OffsetPeriod[] = [];
    let t = from;
    while (t < to) {
      const p = clock.periodAt(t);
      if (p.dst) out.push(p);
      t = p.end;
    }
    return out;
  }

  info(input: string, date: string | undefined, now: number): ZoneInfo {
    const zone = this.zone(input);
    const clock = this.clock(zone.canonical);
    let at = now;
    if (date !== undefined) {
      // Noon local: a date always has a noon, even on days with a transition.
      const civil = parseDate(date) + 12 * MS_PER_HOUR;
      at = resolveLocal(clock, civil, 'compatible', 'date').epochMs;
    }
    const base = this.timeAt(zone, at);
    const period = clock.periodAt(at);
    const { start, end } = this.dstWindow(clock, at);
    const dstPeriod = start !== null ? clock.periodAt(start) : null;
    return {
      ...base,
      date: formatDate(at + period.offsetMinutes * MS_PER_MINUTE),
      raw_offset: formatOffset(period.standardOffsetMinutes),
      dst_offset: dstPeriod ? formatOffset(dstPeriod.offsetMinutes) : null,
      observes_dst: start !== null,
      dst_start: start !== null ? formatInstant(start, clock.offsetAt(start)) : null,
      dst_end: end !== null ? formatInstant(end, clock.offsetAt(end)) : null,
    };
  }

  /** The DST stretch in force at `at`, else the next one within a year, else none. */
  private dstWindow(clock: ZoneClock, at: number): { start: number | null; end: number | null } {
    const horizon = at + 366 * MS_PER_DAY;
    let p = clock.periodAt(at);
    if (!p.dst) {
      let t = p.end;
      p = clock.periodAt(t);
      while (!p.dst && t < horizon) {
        t = p.end;
        p = clock.periodAt(t);
      }
      if (!p.dst) return { start: null, end: null };
    }
    // Periods are clamped to UTC years: walk back and forward over the clamps.
    let start = p.start;
    while (clock.periodAt(start - 1).dst && start > at - 366 * MS_PER_DAY) start = clock.periodAt(start - 1).start;
    let end = p.end;
    while (clock.periodAt(end).dst && end < horizon + 366 * MS_PER_DAY) end = clock.periodAt(end).end;
    return { start, end };
  }

  transitions(input: string, from: string | undefined, to: string | undefined, now: number) {
    const zone = this.zone(input);
    const clock = this.clock(zone.canonical);
    const year = new Date(now).getUTCFullYear();
    const fromMs = from !== undefined ? this.boundary(from, 'from') : civilMs(year, 1, 1);
    const toMs = to !== undefined ? this.boundary(to, 'to') : civilMs(year + 1, 1, 1);
    if (fromMs < TRANSITION_RANGE.from || toMs > TRANSITION_RANGE.to) {
      throw timezoneProblem('invalid_range', 'Transitions are available from 1970-01-01 to 2100-12-31.', fromMs < TRANSITION_RANGE.from ? 'from' : 'to');
    }
    if (toMs <= fromMs) throw timezoneProblem('invalid_range', '"to" must be after "from".', 'to');
    const list: TransitionView[] = clock.transitionsBetween(fromMs, toMs).map((t) => {
      const before = clock.periodAt(t.at - 1);
      const after = clock.periodAt(t.at);
      return {
        at: new Date(t.at).toISOString(),
        local_before: formatCivil(t.at + t.offsetBefore * MS_PER_MINUTE),
        local_after: formatCivil(t.at + t.offsetAfter * MS_PER_MINUTE),
        offset_before: formatOffset(t.offsetBefore),
        offset_after: formatOffset(t.offsetAfter),
        abbreviation_before: before.abbreviation,
        abbreviation_after: after.abbreviation,
        dst_after: after.dst,
      };
    });
    return {
      timezone: zone.canonical,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      transitions: list,
      total: list.length,
    };
  }

  /** A range boundary: a date (UTC midnight) or a date-time (its offset, else UTC). */
  private boundary(value: string, field: string): number {
    const parsed = parseDateTime(value, field);
    return parsed.civil - (parsed.offsetMinutes ?? 0) * MS_PER_MINUTE;
  }

  /** An input date-time to an instant: its own offset wins; otherwise read in `clock`'s zone. */
  private instant(value: string, field: string, clock: ZoneClock | null, choice?: DstAmbiguity): LocalResolution & { inputOffset: boolean } {
    const parsed = parseDateTime(value, field);
    if (parsed.offsetMinutes !== null) {
      return {
        epochMs: parsed.civil - parsed.offsetMinutes * MS_PER_MINUTE,
        offsetMinutes: parsed.offsetMinutes,
        ambiguous: false,
        options: [],
        gap: null,
        inputOffset: true,
      };
    }
    if (!clock) return { epochMs: parsed.civil, offsetMinutes: 0, ambiguous: false, options: [], gap: null, inputOffset: false };
    return { ...resolveLocal(clock, parsed.civil, choice, field), inputOffset: false };
  }

  convert(fromInput: string, toInput: string, dateTime: string, choice?: DstAmbiguity): ConversionResult {
    const from = this.zone(fromInput, 'fromTimeZone');
    const to = this.zone(toInput, 'toTimeZone');
    const fromClock = this.clock(from.canonical);
    const toClock = this.clock(to.canonical);
    const start = this.instant(dateTime, 'dateTime', fromClock, choice);
    const shown = (i: Instant) => formatInstant(i.epochMs, start.inputOffset ? start.offsetMinutes : fromClock.offsetAt(i.epochMs));
    const target = toClock.periodAt(start.epochMs);
    const result: ConversionResult = {
      fromTimeZone: from.canonical,
      toTimeZone: to.canonical,
      originalDateTime: shown(start),
      convertedDateTime: formatInstant(start.epochMs, target.offsetMinutes),
      dstActive: target.dst,
      abbreviation: target.abbreviation,
      utcOffset: formatOffset(target.offsetMinutes),
      inputOffsetUsed: start.inputOffset,
      ambiguous: start.ambiguous,
    };
    if (start.ambiguous) {
      result.options = start.options.map((o) => ({
        originalDateTime: formatInstant(o.epochMs, o.offsetMinutes),
        convertedDateTime: formatInstant(o.epochMs, toClock.offsetAt(o.epochMs)),
      }));
    }
    if (from.requestedLink || to.requestedLink) {
      result.requestedTimeZones = {
        ...(from.requestedLink && { fromTimeZone: from.requestedLink }),
        ...(to.requestedLink && { toTimeZone: to.requestedLink }),
      };
    }
    return result;
  }

  convertMany(fromInput: string, toInputs: string[], dateTime: string, choice?: DstAmbiguity) {
    const from = this.zone(fromInput, 'fromTimeZone');
    const fromClock = this.clock(from.canonical);
    const start = this.instant(dateTime, 'dateTime', fromClock, choice);
    const targets = toInputs.map((name, i) => this.zone(name, `toTimeZones[${i}]`));
    return {
      fromTimeZone: from.canonical,
      dateTime,
      originalDateTime: formatInstant(start.epochMs, start.offsetMinutes),
      ambiguous: start.ambiguous,
      conversions: targets.map((zone) => {
        const period = this.clock(zone.canonical).periodAt(start.epochMs);
        return {
          timezone: zone.canonical,
          convertedTime: formatInstant(start.epochMs, period.offsetMinutes),
          abbreviation: period.abbreviation,
          utcOffset: formatOffset(period.offsetMinutes),
          dstActive: period.dst,
        };
      }),
    };
  }

  /**
   * Adds a span. With a zone: years/months/days move the wall clock (kept across DST, gaps resolved
   * the 'compatible' way), hours/minutes/seconds are exact. Without: everything exact at the input's offset.
   */
  add(baseDateTime: string, timeSpan: string, timeZone: string | undefined, subtract = false): CalculationResult {
    const zone = timeZone !== undefined ? this.zone(timeZone, 'timeZone') : null;
    const clock = zone ? this.clock(zone.canonical) : null;
    const span = parseTimeSpan(timeSpan);
    const start = this.instant(baseDateTime, 'baseDateTime', clock);
    const result = this.applySpan(start, subtract ? negate(span) : span, clock);
    return {
      originalDateTime: formatInstant(start.epochMs, clock ? clock.offsetAt(start.epochMs) : start.offsetMinutes),
      timeSpan,
      resultDateTime: formatInstant(result.epochMs, result.offsetMinutes),
      timeZone: zone?.canonical ?? null,
      arithmetic: clock ? 'calendar' : 'exact',
    };
  }

  private applySpan(start: Instant, span: TimeSpan, clock: ZoneClock | null): Instant {
    const offset = clock ? clock.offsetAt(start.epochMs) : start.offsetMinutes;
    let epochMs = start.epochMs;
    if (span.years || span.months || span.days) {
      const civil = addCalendar(start.epochMs + offset * MS_PER_MINUTE, span);
      epochMs = clock ? resolveLocal(clock, civil, 'compatible').epochMs : civil - offset * MS_PER_MINUTE;
    }
    epochMs += span.sign * span.exactMs;
    if (!Number.isFinite(epochMs) || epochMs < civilMs(1, 1, 2) || epochMs >= civilMs(9999, 12, 31)) {
      throw timezoneProblem('invalid_timespan', 'The result falls outside the years 0001-9999.', 'timeSpan');
    }
    return { epochMs, offsetMinutes: clock ? clock.offsetAt(epochMs) : offset };
  }

  difference(startDateTime: string, endDateTime: string, timeZone: string | undefined): DifferenceResult {
    const zone = timeZone !== undefined ? this.zone(timeZone, 'timeZone') : null;
    const clock = zone ? this.clock(zone.canonical) : null;
    const start = this.instant(startDateTime, 'startDateTime', clock);
    const end = this.instant(endDateTime, 'endDateTime', clock);
    const ms = end.epochMs - start.epochMs;
    const sign = ms < 0 ? -1 : 1;
    let days: number;
    let rest: number;
    if (clock) {
      // Whole calendar days first (a DST day counts as one day), then the exact remainder.
      const wall = (i: number) => i + clock.offsetAt(i) * MS_PER_MINUTE;
      days = Math.trunc((wall(end.epochMs) - wall(start.epochMs)) / MS_PER_DAY);
      const dayShift = (d: number) => this.applySpan(start, { sign: 1, years: 0, months: 0, days: d, exactMs: 0 }, clock).epochMs;
      while (days !== 0 && Math.sign(end.epochMs - dayShift(days)) === -sign) days -= sign;
      rest = end.epochMs - dayShift(days);
    } else {
      days = Math.trunc(ms / MS_PER_DAY);
      rest = ms - days * MS_PER_DAY;
    }
    const abs = Math.abs(rest);
    const hours = Math.floor(abs / MS_PER_HOUR);
    const minutes = Math.floor((abs % MS_PER_HOUR) / MS_PER_MINUTE);
    const seconds = (abs % MS_PER_MINUTE) / 1000;
    const signed = (n: number) => (n === 0 ? 0 : sign * n);
    return {
      startDateTime: formatInstant(start.epochMs, clock ? clock.offsetAt(start.epochMs) : start.offsetMinutes),
      endDateTime: formatInstant(end.epochMs, clock ? clock.offsetAt(end.epochMs) : end.offsetMinutes),
      timeZone: zone?.canonical ?? null,
      difference: {
        totalSeconds: ms / 1000,
        totalMinutes: ms / MS_PER_MINUTE,
        totalHours: ms / MS_PER_HOUR,
        totalDays: ms / MS_PER_DAY,
        breakdown: { days: days === 0 ? 0 : days, hours: signed(hours), minutes: signed(minutes), seconds: signed(seconds) },
      },
    };
  }

  dayOfWeek(date: string): DayOfWeekResult {
    const civil = parseDate(date);
    const weekday = new Date(civil).getUTCDay();
    return {
      date: formatDate(civil),
      dayOfWeek: WEEKDAYS[weekday],
      dayOfWeekNumber: weekday === 0 ? 7 : weekday,
      isWeekend: weekday === 0 || weekday === 6,
      weekNumber: isoWeek(civil),
      dayOfYear: dayOfYear(civil),
    };
  }
}

/** Calendar addition on a wall-clock reading; the day is clamped to the target month (Temporal's 'constrain'). */
function addCalendar(civil: number, span: TimeSpan): number {
  const f = civilFields(civil);
  const totalMonths = f.year * 12 + (f.month - 1) + span.sign * (span.years * 12 + span.months);
  const year = Math.floor(totalMonths / 12);
  const month = (totalMonths % 12) + 1;
  const day = Math.min(f.day, daysInMonth(year, month));
  const moved = civilMs(year, month, day, f.hour, f.minute, f.second, f.millisecond);
  return moved + span.sign * span.days * MS_PER_DAY;
}

