import { timezoneProblem } from '../timezone.errors.js';
import { dayOfYear, formatInstant, formatOffset, isoWeek } from './civil.js';
import { bundledRelease } from '../../tzdb/bundled-release.js';
import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import { requestRelease } from '../../tzdb/request-release.js';
import type { DstAmbiguity } from './local-time.js';
import { PlaceIndex } from './places.js';
import { ZoneRegistry, type ResolvedZone, type ZoneFacts } from './zone-registry.js';
import { airportIndex } from '../airports/airport-index.js';
import type { EngineCore } from './engine-core.js';
import { PointAnswers } from './point-answers.js';
import { DirectoryAnswers } from './directory-answers.js';
import { ZoneAnswers } from './zone-answers.js';
import { BODY_FIELDS, ConversionAnswers } from './conversion-answers.js';
import { CalculationAnswers } from './calculation-answers.js';

/** A zone input naming an airport instead of a zone: `airport:LHR`, `airport:EGLL`. */
const AIRPORT_PREFIX = 'airport:';

export type * from './answers.js';
export { QUERY_FIELDS } from './conversion-answers.js';
export { TRANSITION_RANGE, defaultTransitionRange } from './zone-answers.js';
import type {
  CalculationResult,
  ConversionResult,
  CurrentTime,
  DayOfWeekResult,
  DifferenceResult,
  TransitionsAnswer,
  ZoneInfo,
  ZoneLocation,
} from './answers.js';

/** Everything derived from one tz release; swapped whole when the release changes, so no answer mixes two. */
class ReleaseView {
  readonly registry: ZoneRegistry;
  places: PlaceIndex | null = null;
  readonly locationByZone = new Map<string, ZoneLocation>();

  constructor(readonly release: TzRelease) {
    this.registry = new ZoneRegistry(release);
  }
}

/**
 * Every answer of the time zone API as pure functions of their input, `now` and the active tz release; no Nest,
 * no I/O. One per app: `useRelease` switches it to another release between two requests. The one entry point the
 * controllers and MCP share: it resolves zones and releases, and hands each question to its own class (points,
 * directory, zone history, conversion, calculation).
 */
export class TimeEngine implements EngineCore {
  private activeView: ReleaseView;
  /** Views of the other releases requests are pinned to (tzdb=, Tzdb-Version, a key's pin), built once per release. */
  private readonly pinnedViews = new WeakMap<TzRelease, ReleaseView>();

  private readonly points = new PointAnswers(this);
  private readonly directory = new DirectoryAnswers(this);
  private readonly zones = new ZoneAnswers(this);
  private readonly conversions = new ConversionAnswers(this);
  private readonly calculations = new CalculationAnswers(this);

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

  placeIndex(): PlaceIndex {
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
      return this.points.pointZone(airport.latitude, airport.longitude).zone;
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

  zoneOrNull(name: string): ResolvedZone | null {
    try {
      return this.registry.resolve(name);
    } catch {
      return null;
    }
  }

  currentTimeAt(latitude: number, longitude: number, now: number) {
    return this.points.currentTimeAt(latitude, longitude, now);
  }

  zoneAt(latitude: number, longitude: number, now: number) {
    return this.points.zoneAt(latitude, longitude, now);
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

  list(now: number) {
    return this.directory.list(now);
  }

  search(city: string, now: number) {
    return this.directory.search(city, now);
  }

  lookup(location: string, now: number) {
    return this.directory.lookup(location, now);
  }

  info(input: string, date: string | undefined, now: number, territory?: string): ZoneInfo {
    return this.zones.info(input, date, now, territory);
  }

  transitions(input: string, from: string | undefined, to: string | undefined, now: number, territory?: string): TransitionsAnswer {
    return this.zones.transitions(input, from, to, now, territory);
  }

  convert(fromInput: string, toInput: string, dateTime: string, choice?: DstAmbiguity, fields = BODY_FIELDS): ConversionResult {
    return this.conversions.convert(fromInput, toInput, dateTime, choice, fields);
  }

  convertMany(fromInput: string, toInputs: string[], dateTime: string, choice?: DstAmbiguity) {
    return this.conversions.convertMany(fromInput, toInputs, dateTime, choice);
  }

  add(baseDateTime: string, timeSpan: string, timeZone: string | undefined, subtract = false): CalculationResult {
    return this.calculations.add(baseDateTime, timeSpan, timeZone, subtract);
  }

  difference(startDateTime: string, endDateTime: string, timeZone: string | undefined): DifferenceResult {
    return this.calculations.difference(startDateTime, endDateTime, timeZone);
  }

  dayOfWeek(date: string): DayOfWeekResult {
    return this.calculations.dayOfWeek(date);
  }
}
