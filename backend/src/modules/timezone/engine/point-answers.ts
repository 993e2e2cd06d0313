import { territoryName } from '../cldr/cldr-data.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import { formatOffset } from './civil.js';
import type { EngineCore } from './engine-core.js';
import { countryAtPoint, nearestCityIn, zonesAtPoint, type ZoneChoice } from './places.js';
import type { ResolvedZone, ZoneFacts } from './zone-registry.js';
import type { ZoneLocation } from './answers.js';

/** Point answers' locations remembered per release. */
const POINT_LOCATIONS_KEPT = 10_000;

export interface PointZone {
  zone: ResolvedZone;
  location: ZoneLocation;
  at: { zones: string[]; choice: ZoneChoice };
}

/** The engine's answers about a point on the map: its zone, its country and nearest city, and the time there. */
export class PointAnswers {
  private readonly pointLocations = new WeakMap<TzRelease, Map<string, ZoneLocation>>();
  private readonly placesByZone = new WeakMap<TzRelease, Map<string, string[]>>();

  constructor(private readonly core: EngineCore) {}

  currentTimeAt(latitude: number, longitude: number, now: number) {
    const { zone, location, at } = this.pointZone(latitude, longitude);
    return { ...this.core.timeAt(zone, now), location, coordinates: { latitude, longitude }, zones_at_point: at.zones, zone_choice: at.choice };
  }

  zoneAt(latitude: number, longitude: number, now: number) {
    const { zone, location, at } = this.pointZone(latitude, longitude);
    const period = this.core.clock(zone.canonical).periodAt(now);
    return {
      timezone: zone.canonical,
      windows_zone: this.core.registry.windowsZone(zone.canonical),
      coordinates: { latitude, longitude },
      utc_offset: formatOffset(period.offsetSeconds),
      dst_active: period.dst,
      abbreviation: period.abbreviation,
      location,
      zones_at_point: at.zones,
      zone_choice: at.choice,
    };
  }

  /**
   * The zone at a point and where it is: the boundary data's own zone (Africa/Nairobi, Asia/Vientiane, Europe/Stockholm),
   * its country from tzdb's zone.tab for that zone, and the nearest city of that country. The answer's `timezone` is the
   * zone in canonical spelling (Asia/Vientiane runs on Asia/Bangkok's rules); the place is the boundary data's.
   */
  pointZone(latitude: number, longitude: number): PointZone {
    const geography = this.core.release.geography;
    const at = zonesAtPoint(latitude, longitude, (name) => geography.get(name));
    // A zone newer than the release answering (boundary data ahead of an older active tzdb) falls to the next one.
    let zone: ResolvedZone | null = null;
    let name = at.zones[0];
    for (const candidate of at.zones) {
      zone = this.core.zoneOrNull(candidate);
      if (zone) {
        name = candidate;
        break;
      }
    }
    if (!zone) zone = this.core.zone((name = 'Etc/GMT'));
    const location = this.pointLocation(name, zone, latitude, longitude);
    const zones = name === at.zones[0] ? at.zones : [name, ...at.zones.filter((z) => z !== name)];
    return { zone: { ...zone, requestedLink: null }, location, at: { zones, choice: at.choice } };
  }

  /**
   * Country and city at a point of a zone; remembered per point (clients ask for the same places again and again, and
   * the borders and city look-ups cost tens of µs), a bounded memory emptied when full.
   */
  private pointLocation(name: string, zone: ResolvedZone, latitude: number, longitude: number): ZoneLocation {
    const release = this.core.release;
    const geography = release.geography;
    let memo = this.pointLocations.get(release);
    if (!memo) this.pointLocations.set(release, (memo = new Map()));
    const key = `${name}|${latitude}|${longitude}`;
    const known = memo.get(key);
    if (known) return known;
    const facts = geography.has(name) ? this.core.registry.facts(name) : this.nearestPlaceFacts(zone, latitude, longitude);
    const countryCode = countryAtPoint(latitude, longitude, facts.countryCode, geography.get(name)?.countryCodes ?? []);
    const country = countryCode === facts.countryCode ? facts.countryName : (territoryName(countryCode!) ?? release.countries.get(countryCode!) ?? null);
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
    const geography = this.core.release.geography;
    for (const name of this.placesSharing(this.core.registry.zoneName(zone.canonical))) {
      const g = geography.get(name)!;
      if (g.latitude === null || g.longitude === null) continue;
      const d = (g.latitude - latitude) ** 2 + ((g.longitude - longitude) * Math.cos((latitude * Math.PI) / 180)) ** 2;
      if (d < best) [best, nearest] = [d, name];
    }
    return nearest && nearest !== zone.canonical ? this.core.registry.facts(nearest) : zone.facts;
  }

  /** Names with a zone.tab place that run on the rules of `zone` (itself and the links to it). */
  private placesSharing(zone: string): string[] {
    const release = this.core.release;
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
}
