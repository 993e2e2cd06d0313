import { territoryName } from '../cldr/cldr-data.js';
import { timezoneProblem } from '../timezone.errors.js';
import {
  civilMs,
  dayOfYear,
  formatCivil,
  formatDate,
  formatInstant,
  formatOffset,
  isoWeek,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  CIVIL_RANGE,
} from './civil.js';
import { bundledRelease } from '../../tzdb/bundled-release.js';
import type { CompiledZone, ZonePeriod } from '../../tzdb/compiled-zone.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import { requestRelease } from '../../tzdb/request-release.js';
import { moveWallClock } from './calendar-move.js';
import { parseDate, parseDateTime, resolveLocal, type DstAmbiguity, type LocalResolution } from './local-time.js';
import { countryAtPoint, nearestCityIn, PlaceIndex, zonesAtPoint, type City, type ZoneChoice } from './places.js';
import { negate, parseTimeSpan, type TimeSpan } from './timespan.js';
import { ZoneRegistry, type ResolvedZone, type ZoneFacts } from './zone-registry.js';
import { airportIndex } from '../airports/airport-index.js';

/** A zone input naming an airport instead of a zone: `airport:LHR`, `airport:EGLL`. */
const AIRPORT_PREFIX = 'airport:';

/** Point answers' locations remembered per release. */
const POINT_LOCATIONS_KEPT = 10_000;
/** Transitions answers remembered per release (zone and range), and the changes in them all (a 1970-2100 range holds hundreds); more empty the memory and start again. */
const TRANSITIONS_KEPT = 2_000;
const TRANSITION_ITEMS_KEPT = 20_000;

export type * from './answers.js';
import type {
  CalculationResult,
  ConversionResult,
  CurrentTime,
  DayOfWeekResult,
  DifferenceResult,
  PlaceCandidate,
  TargetConversion,
  TransitionsAnswer,
  TransitionView,
  ZoneInfo,
  ZoneListItem,
  ZoneLocation,
} from './answers.js';

const BODY_FIELDS = { from: 'fromTimeZone', to: 'toTimeZone', dateTime: 'dateTime' };
export const QUERY_FIELDS = { from: 'from', to: 'to', dateTime: 'datetime' };
/** A multi-conversion's target fields as a problem names them, written once (a request names up to 100). */
const TARGET_FIELDS = Array.from({ length: 100 }, (_, i) => `toTimeZones[${i}]`);

/** Words that name a zone without being one of its names (a Map: a query such as "__proto__" is no key of it). */
const ZONE_WORDS = new Map([['z', 'UTC']]);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The API serves history back to 1970 (decisions §3) and rules known up to 2100. */
export const TRANSITION_RANGE = { from: civilMs(1970, 1, 1), to: civilMs(2101, 1, 1) };

/** The range transitions() answers when `from` or `to` is left out: the UTC year `now` falls in, [its start, the next's). */
export function defaultTransitionRange(now: number): [number, number] {
  const year = new Date(now).getUTCFullYear();
  return [civilMs(year, 1, 1), civilMs(year + 1, 1, 1)];
}

interface Instant {
  epochMs: number;
  offsetSeconds: number;
}

/** Everything derived from one tz release; swapped whole when the release changes, so no answer mixes two. */
class ReleaseView {
  readonly registry: ZoneRegistry;
  places: PlaceIndex | null = null;
  readonly locationByZone = new Map<string, ZoneLocation>();
  /** Transitions answers by zone and range: clients ask for the same zone's year again and again. */
  readonly transitionsByRange = new Map<string, TransitionsAnswer>();
  /** The changes those answers hold. */
  transitionItems = 0;

  constructor(readonly release: TzRelease) {
    this.registry = new ZoneRegistry(release);
  }
}

/**
 * Every answer of the time zone API as pure functions of their input, `now` and the active tz release; no Nest,
 * no I/O. One per app: `useRelease` switches it to another release between two requests.
 */
export class TimeEngine {
  private activeView: ReleaseView;
  /** Views of the other releases requests are pinned to (tzdb=, Tzdb-Version, a key's pin), built once per release. */
  private readonly pinnedViews = new WeakMap<TzRelease, ReleaseView>();

  constructor(release: TzRelease = bundledRelease()) {
    this.activeView = new ReleaseView(release);
  }

  /** The release this request answers from: the gateway's pinned one (requestRelease), else the active one. */
  private get view(): ReleaseView {
    const pinned = requestRelease.getStore();
    if (pinned === undefined || pinned === this.activeView.release) return this.activeView;
    let view = this.pinnedViews.get(pinned);
    if (!view) this.pinnedViews.set(pinned, (view = new ReleaseView(pinned)));
    return view;
  }

  /** The release answers come from. */
  get release(): TzRelease {
    return this.view.release;
  }

  get registry(): ZoneRegistry {
    return this.view.registry;
  }

  /** Answers from `release` from the next call on. */
  useRelease(release: TzRelease): void {
    if (release !== this.activeView.release) this.activeView = this.pinnedViews.get(release) ?? new ReleaseView(release);
  }

  private placeIndex(): PlaceIndex {
    const view = this.view;
    view.places ??= new PlaceIndex((name) => this.zoneOrNull(name)?.canonical ?? null, view.release.countries);
    return view.places;
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

  /**
   * A zone name (or Windows ID, read for `territory`) as the registry resolves it; `airport:LHR` (IATA or ICAO) is the
   * zone our boundary data gives at that airport's coordinates. The one place every route's zone input is read.
   */
  zone(input: string, field = 'timezone', territory?: string): ResolvedZone {
    if (input.length > AIRPORT_PREFIX.length && input.slice(0, AIRPORT_PREFIX.length).toLowerCase() === AIRPORT_PREFIX) {
      const code = input.slice(AIRPORT_PREFIX.length);
      const airport = airportIndex().find(code);
      if (!airport) throw timezoneProblem('invalid_timezone', `No airport has the IATA or ICAO code "${code}".`, field);
      return this.pointZone(airport.latitude, airport.longitude).zone;
    }
    return this.registry.resolve(input, field, territory);
  }

  /** The compiled zone behind a listed name. */
  clock(canonical: string): CompiledZone {
    const view = this.view;
    return view.release.zone(view.registry.zoneName(canonical))!;
  }

  private location(facts: ZoneFacts): ZoneLocation {
    const cache = this.view.locationByZone;
    let loc = cache.get(facts.name);
    if (!loc) {
      loc = { country: facts.countryName, country_code: facts.countryCode, region: facts.region, city: facts.mainCity };
      cache.set(facts.name, loc);
    }
    return loc;
  }

  currentTime(input: string, now: number, field = 'timezone', territory?: string): CurrentTime {
    return this.timeAt(this.zone(input, field, territory), now);
  }

  timeAt(zone: ResolvedZone, epochMs: number): CurrentTime {
    const period = this.clock(zone.canonical).periodAt(epochMs);
    const answer: CurrentTime = {
      timezone: zone.canonical,
      windows_zone: this.registry.windowsZone(zone.canonical),
      current_time: formatInstant(epochMs, period.offsetSeconds),
      utc_offset: formatOffset(period.offsetSeconds),
      dst_active: period.dst,
      abbreviation: period.abbreviation,
      location: this.location(zone.facts),
    };
    if (zone.requestedLink) answer.requested_timezone = zone.requestedLink;
    if (zone.linkTarget) answer.canonical_timezone = zone.linkTarget;
    return answer;
  }

  /**
   * The zone at a point and where it is: the boundary data's own zone (Africa/Nairobi, Asia/Vientiane, Europe/Stockholm),
   * its country from tzdb's zone.tab for that zone, and the nearest city of that country. The answer's `timezone` is the
   * zone in canonical spelling (Asia/Vientiane runs on Asia/Bangkok's rules); the place is the boundary data's.
   */
  private pointZone(latitude: number, longitude: number): { zone: ResolvedZone; location: ZoneLocation; at: { zones: string[]; choice: ZoneChoice } } {
    const geography = this.release.geography;
    const at = zonesAtPoint(latitude, longitude, (name) => geography.get(name));
    // A zone newer than the release answering (boundary data ahead of an older active tzdb) falls to the next one.
    let zone: ResolvedZone | null = null;
    let name = at.zones[0];
    for (const candidate of at.zones) {
      zone = this.zoneOrNull(candidate);
      if (zone) {
        name = candidate;
        break;
      }
    }
    if (!zone) zone = this.zone((name = 'Etc/GMT'));
    const location = this.pointLocation(name, zone, latitude, longitude);
    const zones = name === at.zones[0] ? at.zones : [name, ...at.zones.filter((z) => z !== name)];
    return { zone: { ...zone, requestedLink: null }, location, at: { zones, choice: at.choice } };
  }

  private readonly pointLocations = new WeakMap<TzRelease, Map<string, ZoneLocation>>();

  /**
   * Country and city at a point of a zone; remembered per point (clients ask for the same places again and again, and
   * the borders and city look-ups cost tens of µs), a bounded memory emptied when full.
   */
  private pointLocation(name: string, zone: ResolvedZone, latitude: number, longitude: number): ZoneLocation {
    const geography = this.release.geography;
    let memo = this.pointLocations.get(this.release);
    if (!memo) this.pointLocations.set(this.release, (memo = new Map()));
    const key = `${name}|${latitude}|${longitude}`;
    const known = memo.get(key);
    if (known) return known;
    const facts = geography.has(name) ? this.registry.facts(name) : this.nearestPlaceFacts(zone, latitude, longitude);
    const countryCode = countryAtPoint(latitude, longitude, facts.countryCode, geography.get(name)?.countryCodes ?? []);
    const country = countryCode === facts.countryCode ? facts.countryName : (territoryName(countryCode!) ?? this.release.countries.get(countryCode!) ?? null);
    // The city: the nearest of that country; else the zone's own city when the zone was named for that country.
    const fallbackCity = countryCode === facts.countryCode ? facts.mainCity : null;
    const city = countryCode ? (nearestCityIn(countryCode, latitude, longitude) ?? fallbackCity) : fallbackCity;
    const location: ZoneLocation = { country, country_code: countryCode, region: facts.region, city };
    if (memo.size >= POINT_LOCATIONS_KEPT) memo.clear();
    memo.set(key, location);
    return location;
  }

  /** For a zone without a zone.tab row of its own: the nearest zone.tab place running on its rules. */
  private nearestPlaceFacts(zone: ResolvedZone, latitude: number, longitude: number): ZoneFacts {
    let nearest: string | null = null;
    let best = Infinity;
    for (const name of this.placesSharing(this.registry.zoneName(zone.canonical))) {
      const g = this.release.geography.get(name)!;
      if (g.latitude === null || g.longitude === null) continue;
      const d = (g.latitude - latitude) ** 2 + ((g.longitude - longitude) * Math.cos((latitude * Math.PI) / 180)) ** 2;
      if (d < best) [best, nearest] = [d, name];
    }
    return nearest && nearest !== zone.canonical ? this.registry.facts(nearest) : zone.facts;
  }

  private readonly placesByZone = new WeakMap<TzRelease, Map<string, string[]>>();

  /** Names with a zone.tab place that run on the rules of `zone` (itself and the links to it). */
  private placesSharing(zone: string): string[] {
    const release = this.release;
    let byZone = this.placesByZone.get(release);
    if (!byZone) {
      byZone = new Map();
      for (const name of release.geography.keys()) {
        const target = release.links.get(name) ?? name;
        byZone.set(target, [...(byZone.get(target) ?? []), name]);
      }
      this.placesByZone.set(release, byZone);
    }
    return byZone.get(zone) ?? [];
  }

  currentTimeAt(latitude: number, longitude: number, now: number) {
    const { zone, location, at } = this.pointZone(latitude, longitude);
    return { ...this.timeAt(zone, now), location, coordinates: { latitude, longitude }, zones_at_point: at.zones, zone_choice: at.choice };
  }

  zoneAt(latitude: number, longitude: number, now: number) {
    const { zone, location, at } = this.pointZone(latitude, longitude);
    const period = this.clock(zone.canonical).periodAt(now);
    return {
      timezone: zone.canonical,
      windows_zone: this.registry.windowsZone(zone.canonical),
      coordinates: { latitude, longitude },
      utc_offset: formatOffset(period.offsetSeconds),
      dst_active: period.dst,
      abbreviation: period.abbreviation,
      location,
      zones_at_point: at.zones,
      zone_choice: at.choice,
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
      windows_zone: this.registry.windowsZone(name),
      country_code: facts.countryCode,
      country: facts.countryName,
      region: facts.region,
      main_city: facts.mainCity,
      utc_offset: formatOffset(period.offsetSeconds),
      abbreviation: period.abbreviation,
      dst_active: period.dst,
      observes_dst: this.dstPeriods(clock, now).length > 0,
      backzone_history: this.release.hasBackzoneHistory(this.registry.zoneName(name)),
    };
  }

  /** Cities whose name starts with the query; a zone name (or UTC, GMT, Z) answers its zone first. */
  search(city: string, now: number) {
    const zone = this.zoneCandidate(city.trim(), now);
    const { matches, cities } = this.placeIndex().searchCity(city);
    const timezones = cities.map((c) => this.cityView(c, now));
    if (zone) timezones.unshift(zone);
    return { query: city, timezones: timezones.slice(0, 20), matches: matches + (zone ? 1 : 0) };
  }

  lookup(location: string, now: number): { query: string; candidates: PlaceCandidate[]; matches: number; hint?: string; zones?: string[] } {
    const text = location.trim();
    const zones = this.abbreviationUsers(text);
    if (zones) {
      const hint = `"${text}" is a time zone abbreviation, not a place, and abbreviations are ambiguous. Use an IANA zone name such as ${zones.slice(0, 3).join(', ')}, or a city.`;
      return { query: location, candidates: [], matches: 0, hint, zones };
    }
    // A zone name is a location too, and comes first: "UTC" is the zone, not Utrecht.
    const zone = this.zoneCandidate(text, now);
    const candidates = this.placeIndex()
      .lookup(text, zone ? 9 : 10)
      .map((c) => this.cityView(c, now));
    if (zone) candidates.unshift(zone);
    return { query: location, candidates, matches: candidates.length };
  }

  /** The zone a query names (any IANA name or link, any case, and "Z" for UTC), as a place candidate; else null. */
  private zoneCandidate(text: string, now: number): PlaceCandidate | null {
    const name = ZONE_WORDS.get(text.toLowerCase()) ?? text;
    // Most queries are places: a set look-up answers them without building a refusal.
    const zone = this.registry.knows(name) ? this.zoneOrNull(name) : null;
    if (!zone) return null;
    return {
      timezone: zone.canonical,
      city: zone.facts.mainCity,
      province: null,
      country: zone.facts.countryName,
      country_code: zone.facts.countryCode,
      coordinates: null,
      population: null,
      utc_offset: formatOffset(this.clock(zone.canonical).offsetAt(now)),
    };
  }

  /** The zones using `text` as their abbreviation ("EST"), or null when it is not one. */
  private abbreviationUsers(text: string): string[] | null {
    if (!/^[A-Za-z]{2,6}$/.test(text)) return null;
    const users = this.registry.zonesUsing(text);
    return users ? [...users].slice(0, 5) : null;
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
      utc_offset: formatOffset(period.offsetSeconds),
    };
  }

  /** DST periods that overlap the UTC year of `at`. */
  private dstPeriods(clock: CompiledZone, at: number): ZonePeriod[] {
    const year = new Date(at).getUTCFullYear();
    const from = civilMs(year, 1, 1);
    const to = civilMs(year + 1, 1, 1);
    const out: ZonePeriod[] = [];
    let t = from;
    while (t < to) {
      const p = clock.periodAt(t);
      if (p.dst) out.push(p);
      t = p.end;
    }
    return out;
  }

  info(input: string, date: string | undefined, now: number, territory?: string): ZoneInfo {
    const zone = this.zone(input, 'timezone', territory);
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
    return {
      ...base,
      date: formatDate(at + period.offsetSeconds * 1000),
      raw_offset: formatOffset(period.standardOffsetSeconds),
      dst_offset: start !== null ? formatOffset(clock.periodAt(start).offsetSeconds) : null,
      observes_dst: start !== null,
      backzone_history: this.release.hasBackzoneHistory(this.registry.zoneName(zone.canonical)),
      dst_start: start !== null ? formatInstant(start, clock.offsetAt(start)) : null,
      dst_end: end !== null ? formatInstant(end, clock.offsetAt(end)) : null,
    };
  }

  /** The DST stretch in force at `at`, else the next one within a year, else none. */
  private dstWindow(clock: CompiledZone, at: number): { start: number | null; end: number | null } {
    const horizon = at + 366 * MS_PER_DAY;
    let p = clock.periodAt(at);
    if (!p.dst) {
      let t = p.end;
      p = clock.periodAt(t);
      while (!p.dst && t < horizon) {
        t = p.end;
        p = clock.periodAt(t);
      }
      // The next DST may begin years later (Montevideo in 1996: 2004): beyond a year it is not "the next one".
      if (!p.dst || p.start > horizon) return { start: null, end: null };
    }
    // One DST stretch may span several periods (an abbreviation change inside summer time, the clamps of years
    // computed from the carried-forward rules): walk over them. A stretch with no end in sight has none.
    let start = p.start;
    while (Number.isFinite(start) && clock.periodAt(start - 1).dst && start > at - 2 * 366 * MS_PER_DAY) start = clock.periodAt(start - 1).start;
    let end = p.end;
    while (Number.isFinite(end) && clock.periodAt(end).dst && end < horizon + 366 * MS_PER_DAY) end = clock.periodAt(end).end;
    return { start: Number.isFinite(start) ? start : null, end: Number.isFinite(end) && end < horizon + 366 * MS_PER_DAY ? end : null };
  }

  /** The answer is shared between requests for the same zone and range (callers copy what they change, as localizeAnswer does). */
  transitions(input: string, from: string | undefined, to: string | undefined, now: number, territory?: string): TransitionsAnswer {
    const zone = this.zone(input, 'timezone', territory);
    const [yearStart, nextYear] = defaultTransitionRange(now);
    const fromMs = from !== undefined ? this.boundary(from, 'from') : yearStart;
    const toMs = to !== undefined ? this.boundary(to, 'to') : nextYear;
    if (fromMs < TRANSITION_RANGE.from || toMs > TRANSITION_RANGE.to) {
      throw timezoneProblem('invalid_range', 'Transitions are available from 1970-01-01 to 2100-12-31.', fromMs < TRANSITION_RANGE.from ? 'from' : 'to');
    }
    if (toMs <= fromMs) throw timezoneProblem('invalid_range', '"to" must be after "from".', 'to');
    const view = this.view;
    const memo = view.transitionsByRange;
    const key = `${zone.canonical}|${fromMs}|${toMs}`;
    let answer = memo.get(key);
    if (!answer) {
      answer = this.transitionsAnswer(zone.canonical, fromMs, toMs);
      if (memo.size >= TRANSITIONS_KEPT || view.transitionItems + answer.total > TRANSITION_ITEMS_KEPT) {
        memo.clear();
        view.transitionItems = 0;
      }
      memo.set(key, answer);
      view.transitionItems += answer.total;
    }
    return answer;
  }

  private transitionsAnswer(canonical: string, fromMs: number, toMs: number): TransitionsAnswer {
    const clock = this.clock(canonical);
    const list: TransitionView[] = clock.transitionsBetween(fromMs, toMs).map(({ at, before, after }) => ({
      at: new Date(at).toISOString(),
      local_before: formatCivil(at + before.offsetSeconds * 1000),
      local_after: formatCivil(at + after.offsetSeconds * 1000),
      offset_before: formatOffset(before.offsetSeconds),
      offset_after: formatOffset(after.offsetSeconds),
      offset_before_seconds: before.offsetSeconds,
      offset_after_seconds: after.offsetSeconds,
      abbreviation_before: before.abbreviation,
      abbreviation_after: after.abbreviation,
      dst_after: after.dst,
    }));
    return {
      timezone: canonical,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      transitions: list,
      total: list.length,
    };
  }

  /** A range boundary: a date (UTC midnight) or a date-time (its offset, else UTC). */
  private boundary(value: string, field: string): number {
    const parsed = parseDateTime(value, field);
    return parsed.civil - (parsed.offsetSeconds ?? 0) * 1000;
  }

  /** An input date-time to an instant: its own offset wins; otherwise read in `clock`'s zone. */
  private instant(value: string, field: string, clock: CompiledZone | null, choice?: DstAmbiguity): LocalResolution & { inputOffset: boolean } {
    const parsed = parseDateTime(value, field);
    if (parsed.offsetSeconds !== null) {
      return {
        epochMs: parsed.civil - parsed.offsetSeconds * 1000,
        offsetSeconds: parsed.offsetSeconds,
        ambiguous: false,
        options: [],
        gap: null,
        inputOffset: true,
      };
    }
    if (!clock) return { epochMs: parsed.civil, offsetSeconds: 0, ambiguous: false, options: [], gap: null, inputOffset: false };
    return { ...resolveLocal(clock, parsed.civil, choice, field), inputOffset: false };
  }

  /** `fields`: the names the request used (the GET form says from, to, datetime), so a problem names the field sent. */
  convert(fromInput: string, toInput: string, dateTime: string, choice?: DstAmbiguity, fields = BODY_FIELDS): ConversionResult {
    const from = this.zone(fromInput, fields.from);
    const to = this.zone(toInput, fields.to);
    const fromClock = this.clock(from.canonical);
    const toClock = this.clock(to.canonical);
    const start = this.instant(dateTime, fields.dateTime, fromClock, choice);
    const shown = (i: Instant) => formatInstant(i.epochMs, start.inputOffset ? start.offsetSeconds : fromClock.offsetAt(i.epochMs));
    const target = toClock.periodAt(start.epochMs);
    const result: ConversionResult = {
      fromTimeZone: from.canonical,
      toTimeZone: to.canonical,
      originalDateTime: shown(start),
      convertedDateTime: formatInstant(start.epochMs, target.offsetSeconds),
      dstActive: target.dst,
      abbreviation: target.abbreviation,
      utcOffset: formatOffset(target.offsetSeconds),
      inputOffsetUsed: start.inputOffset,
      ambiguous: start.ambiguous,
    };
    if (start.ambiguous) {
      result.options = start.options.map((o) => ({
        originalDateTime: formatInstant(o.epochMs, o.offsetSeconds),
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
    // The request's release is looked up once for all targets (up to 100).
    const { registry, release } = this.view;
    const targets = toInputs.map((name, i) => this.zone(name, TARGET_FIELDS[i] ?? `toTimeZones[${i}]`));
    return {
      fromTimeZone: from.canonical,
      dateTime,
      originalDateTime: formatInstant(start.epochMs, start.offsetSeconds),
      ambiguous: start.ambiguous,
      conversions: targets.map((zone) => {
        const clock = release.zone(registry.zoneName(zone.canonical))!;
        const period = clock.periodAt(start.epochMs);
        const conversion: TargetConversion = {
          timezone: zone.canonical,
          convertedTime: formatInstant(start.epochMs, period.offsetSeconds),
          abbreviation: period.abbreviation,
          utcOffset: formatOffset(period.offsetSeconds),
          dstActive: period.dst,
        };
        // Both readings of a repeated time, as a single conversion answers them.
        if (start.ambiguous) {
          conversion.options = start.options.map((o) => ({
            originalDateTime: formatInstant(o.epochMs, o.offsetSeconds),
            convertedDateTime: formatInstant(o.epochMs, clock.offsetAt(o.epochMs)),
          }));
        }
        return conversion;
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
      originalDateTime: formatInstant(start.epochMs, clock ? clock.offsetAt(start.epochMs) : start.offsetSeconds),
      timeSpan,
      resultDateTime: formatInstant(result.epochMs, result.offsetSeconds),
      timeZone: zone?.canonical ?? null,
      arithmetic: clock ? 'calendar' : 'exact',
    };
  }

  /**
   * Calendar units move the wall clock (moveWallClock, over the active release; the day is constrained to the target
   * month), the wall time is then read back the Temporal 'compatible' way, and hours/minutes/seconds are added exactly.
   */
  private applySpan(start: Instant, span: TimeSpan, clock: CompiledZone | null): Instant {
    const offset = clock ? clock.offsetAt(start.epochMs) : start.offsetSeconds;
    let epochMs = start.epochMs;
    if (span.years || span.months || span.days) {
      const outOfRange = () => timezoneProblem('invalid_timespan', 'The result falls outside the years 0001-9999.', 'timeSpan');
      if (span.years > 10_000 || span.months > 120_000 || span.days > 3_660_000) throw outOfRange();
      const civil = moveWallClock(
        clock,
        clock ? start.epochMs : start.epochMs + offset * 1000,
        span.sign * span.years,
        span.sign * span.months,
        span.sign * span.days,
      );
      if (Number.isNaN(civil)) throw outOfRange();
      epochMs = clock ? resolveLocal(clock, civil, 'compatible').epochMs : civil - offset * 1000;
    }
    epochMs += span.sign * span.exactMs;
    const offsetAfter = clock ? clock.offsetAt(epochMs) : offset;
    const local = epochMs + offsetAfter * 1000;
    if (!Number.isFinite(epochMs) || local < CIVIL_RANGE.from || local >= CIVIL_RANGE.to) {
      throw timezoneProblem('invalid_timespan', 'The result falls outside the years 0001-9999.', 'timeSpan');
    }
    return { epochMs, offsetSeconds: offsetAfter };
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
      const wall = (i: number) => i + clock.offsetAt(i) * 1000;
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
      startDateTime: formatInstant(start.epochMs, clock ? clock.offsetAt(start.epochMs) : start.offsetSeconds),
      endDateTime: formatInstant(end.epochMs, clock ? clock.offsetAt(end.epochMs) : end.offsetSeconds),
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
