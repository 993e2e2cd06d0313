import type { CompiledZone } from './compiled-zone.js';
import type { TzBuild } from './release-files.js';

export type { TzBuild } from './release-files.js';

/** Where a zone is, as the release's zone1970.tab / zone.tab and iso3166.tab say. */
export interface ZoneGeography {
  /** ISO 3166 codes, most specific first (zone.tab's one code, then zone1970.tab's list). */
  countryCodes: string[];
  /** The tab file's comment column, e.g. "Mountain (most areas)". */
  comment: string | null;
  /** The tab file's coordinates, in degrees. */
  latitude: number | null;
  longitude: number | null;
  /** Whether zone1970.tab lists it (a zone of its own since 1970), not only zone.tab. */
  since1970: boolean;
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
 * The builds of one release (release-files.ts): the one compiled first (backzone when the source has it), the other
 * compiled on its first use and kept with it, so a release never holds more than its two builds.
 */
export class ReleaseBuilds {
  private readonly made = new Map<TzBuild, TzRelease>();

  constructor(
    /** The builds the release's source holds, the default first. */
    readonly available: readonly TzBuild[],
    /** Zones with their own history before 1970 in backzone (links to another zone in the main build). */
    readonly backzoneZones: ReadonlySet<string>,
    private readonly compile: (build: TzBuild, first: TzRelease) => TzRelease,
  ) {}

  /** The build answers come from unless a request asks for another. */
  get default(): TzBuild {
    return this.available[0];
  }

  /** The compiled build, compiled now on its first use; null when the release's source does not hold it. */
  get(build: TzBuild): TzRelease | null {
    const made = this.made.get(build);
    if (made) return made;
    const first = this.made.get(this.default);
    if (!first || !this.available.includes(build)) return null;
    const compiled = this.compile(build, first);
    this.made.set(build, compiled);
    return compiled;
  }

  /** Whether a build is compiled already (the bench and the memory figures read it). */
  compiled(build: TzBuild): boolean {
    return this.made.has(build);
  }

  /** Records the release compiled first (compile-release.ts). */
  first(release: TzRelease): void {
    this.made.set(release.build, release);
  }
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
    /** Which build of the release this is. */
    readonly build: TzBuild = 'backzone',
    /** Both builds of the release (this one among them). */
    readonly builds: ReleaseBuilds = new ReleaseBuilds([build], new Set(), () => {
      throw new Error('a single build');
    }),
  ) {}

  /** This release in another build (compiled on first use), or null when its source does not hold that build. */
  as(build: TzBuild): TzRelease | null {
    return build === this.build ? this : this.builds.get(build);
  }

  /** Whether a zone (listed name, zone or link) has its own history before 1970 in backzone. */
  hasBackzoneHistory(zone: string): boolean {
    return this.builds.backzoneZones.has(zone);
  }

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
