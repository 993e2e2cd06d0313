import { formatOffset } from './civil.js';
import type { EngineCore } from './engine-core.js';
import type { City } from './places.js';
import { dstPeriods } from './zone-answers.js';
import type { PlaceCandidate, ZoneListItem } from './answers.js';

/** Words that name a zone without being one of its names (a Map: a query such as "__proto__" is no key of it). */
const ZONE_WORDS = new Map([['z', 'UTC']]);

/** The engine's directory: the list of zones, city search and free-text look-up. */
export class DirectoryAnswers {
  constructor(private readonly core: EngineCore) {}

  list(now: number): { timezones: ZoneListItem[]; total: number } {
    const timezones = this.core.registry.canonicalZones.map((name) => this.listItem(name, now));
    return { timezones, total: timezones.length };
  }

  private listItem(name: string, now: number): ZoneListItem {
    const registry = this.core.registry;
    const facts = registry.facts(name);
    const clock = this.core.clock(name);
    const period = clock.periodAt(now);
    return {
      timezone: name,
      canonical_timezone: registry.resolve(name).linkTarget ?? name,
      windows_zone: registry.windowsZone(name),
      country_code: facts.countryCode,
      country: facts.countryName,
      region: facts.region,
      main_city: facts.mainCity,
      utc_offset: formatOffset(period.offsetSeconds),
      abbreviation: period.abbreviation,
      dst_active: period.dst,
      observes_dst: dstPeriods(clock, now).length > 0,
      backzone_history: this.core.release.hasBackzoneHistory(registry.zoneName(name)),
    };
  }

  /** Cities whose name starts with the query; a zone name (or UTC, GMT, Z) answers its zone first. */
  search(city: string, now: number) {
    const zone = this.zoneCandidate(city.trim(), now);
    const { matches, cities } = this.core.placeIndex().searchCity(city);
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
    const candidates = this.core
      .placeIndex()
      .lookup(text, zone ? 9 : 10)
      .map((c) => this.cityView(c, now));
    if (zone) candidates.unshift(zone);
    return { query: location, candidates, matches: candidates.length };
  }

  /** The zone a query names (any IANA name or link, any case, and "Z" for UTC), as a place candidate; else null. */
  private zoneCandidate(text: string, now: number): PlaceCandidate | null {
    const name = ZONE_WORDS.get(text.toLowerCase()) ?? text;
    // Most queries are places: a set look-up answers them without building a refusal.
    const zone = this.core.registry.knows(name) ? this.core.zoneOrNull(name) : null;
    if (!zone) return null;
    return {
      timezone: zone.canonical,
      city: zone.facts.mainCity,
      province: null,
      country: zone.facts.countryName,
      country_code: zone.facts.countryCode,
      coordinates: null,
      population: null,
      utc_offset: formatOffset(this.core.clock(zone.canonical).offsetAt(now)),
    };
  }

  /** The zones using `text` as their abbreviation ("EST"), or null when it is not one. */
  private abbreviationUsers(text: string): string[] | null {
    if (!/^[A-Za-z]{2,6}$/.test(text)) return null;
    const users = this.core.registry.zonesUsing(text);
    return users ? [...users].slice(0, 5) : null;
  }

  private cityView(c: City, now: number): PlaceCandidate {
    const period = this.core.clock(c.timezone).periodAt(now);
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
}
