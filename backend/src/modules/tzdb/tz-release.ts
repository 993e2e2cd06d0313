import type { CompiledZone } from './compiled-zone.js';

/** Where a zone is, as the release's zone1970.tab / zone.tab and iso3166.tab say. */
export interface ZoneGeography {
  /** ISO 3166 codes, most specific first (zone.tab's one code, then zone1970.tab's list). */
  countryCodes: string[];
  /** The tab file's comment column, e.g. "Mountain (most areas)". */
  comment: string | null;
  /** The tab file's coordinates, in degrees. */
  latitude: number | null;
  longitude: number | null;
}

/** zic's placeholder zone for machines without a configured one, not a place. */
const UNLISTED = new Set(['Factory']);
/** Clients say "UTC" far more than "Etc/UTC", so that is the name the directory lists for that Zone. */
export const LISTED_AS: Readonly<Record<string, string>> = { 'Etc/UTC': 'UTC' };

/**
 * The one rule of which Zones are counted and listed (the zone directory, the site's figures, the console): places
 * (Area/City, Etc/GMT±n) and UTC. Legacy names such as EST5EDT or WET still resolve, but are not zones people pick.
 */
export function listedZoneName(zone: string): string | null {
  if (UNLISTED.has(zone)) return null;
  const listed = LISTED_AS[zone] ?? zone;
  return listed.includes('/') || listed === 'UTC' ? listed : null;
}

/**
 * One IANA release, compiled: every Zone of its zic source, every Link resolved to its Zone, and the country tables.
 * Immutable: a new release is a new object, so readers never see half a switch.
 */
export class TzRelease {
  constructor(
    /** "2026f", from the source's "# version" line or the tarball's `version` file. */
    readonly version: string,
    /** Zone name → compiled zone, for every Zone line of the source (links excluded). */
    readonly zones: ReadonlyMap<string, CompiledZone>,
    /** Link name → the Zone it resolves to (chains of links followed). */
    readonly links: ReadonlyMap<string, string>,
    /** ISO 3166 code → country name (iso3166.tab). */
    readonly countries: ReadonlyMap<string, string>,
    /** Zone name → its geography (zone1970.tab, zone.tab). */
    readonly geography: ReadonlyMap<string, ZoneGeography>,
    /** SHA-256 (hex) of the source bytes the release was compiled from. */
    readonly digest: string,
    /** How long compiling took, in milliseconds. */
    readonly compileMs: number,
  ) {}

  /** How many zones the directory lists (listedZoneName): the count the site and the console both show. */
  get listedZoneCount(): number {
    const listed = new Set<string>();
    for (const zone of this.zones.keys()) {
      const name = listedZoneName(zone);
      if (name !== null) listed.add(name);
    }
    return listed.size;
  }

  /** The Zone a name (zone or link, exact spelling) resolves to, or undefined. */
  zone(name: string): CompiledZone | undefined {
    return this.zones.get(name) ?? this.zones.get(this.links.get(name) ?? '');
  }
}
