import { LISTED_AS, listedZoneName } from '../../tzdb/tz-release.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import { territoryName } from '../cldr/cldr-data.js';
import { timezoneProblem } from '../timezone.errors.js';
import { windowsZones, WORLD_TERRITORY } from '../cldr/windows-zones.js';

/** A zone as the API names it: canonical IANA spelling plus the static facts the directory shows. */
export interface ZoneFacts {
  name: string;
  countryCode: string | null;
  countryName: string | null;
  region: string;
  mainCity: string | null;
}

export interface ResolvedZone {
  /** The listed zone name (links resolve to it: Asia/Calcutta becomes Asia/Kolkata). */
  canonical: string;
  /** The tzdb Zone when the listed name is itself a link (UTC is listed, Etc/UTC is the Zone); else null. */
  linkTarget: string | null;
  /** The name the client asked for, when it was another spelling or a link (e.g. Asia/Calcutta); null otherwise. */
  requestedLink: string | null;
  facts: ZoneFacts;
}

/** Names that look like abbreviations but are real tz zones clients rely on. */
const ACCEPTED_SHORT_NAMES = new Set(['UTC', 'GMT', 'UCT', 'ZULU', 'UNIVERSAL', 'GREENWICH']);
/** zic's placeholder zone for machines without a configured one, not a place (it resolves to nothing). */
const UNLISTED = new Set(['Factory']);
/** Distinct zone names remembered by resolve(); more are resolved again after a clear. */
const RESOLVED_MEMO_LIMIT = 5000;

function cityFromZoneName(name: string): string | null {
  if (!name.includes('/') || name.startsWith('Etc/')) return null;
  return name.slice(name.lastIndexOf('/') + 1).replace(/_/g, ' ');
}

/**
 * Every zone and link name of one tz release, which listed zone each resolves to, and the country/city facts of
 * each listed zone (the release's zone1970.tab and zone.tab; country names from Unicode CLDR, else iso3166.tab). Built once per release.
 */
export class ZoneRegistry {
  private readonly nameByLower = new Map<string, string>();
  /** Listed name → the tzdb Zone behind it. */
  private readonly zoneOfListed = new Map<string, string>();
  private readonly factsByListed = new Map<string, ZoneFacts>();
  private readonly zonesByAbbreviation = new Map<string, Set<string>>();
  /** Every zone the directory lists, sorted. */
  readonly canonicalZones: readonly string[];

  constructor(
    readonly release: TzRelease,
    now = Date.now(),
  ) {
    const listedOf = (zone: string) => LISTED_AS[zone] ?? zone;
    for (const zone of release.zones.keys()) {
      if (UNLISTED.has(zone)) continue;
      const listed = listedOf(zone);
      this.zoneOfListed.set(listed, zone);
      this.nameByLower.set(zone.toLowerCase(), listed);
      this.nameByLower.set(listed.toLowerCase(), listed);
    }
    for (const [link, zone] of release.links) {
      if (UNLISTED.has(zone) || this.nameByLower.has(link.toLowerCase())) continue;
      this.nameByLower.set(link.toLowerCase(), listedOf(zone));
    }
    // The directory lists places (Area/City) and UTC (tz-release's one rule); legacy names such as EST5EDT or WET still resolve.
    this.canonicalZones = [...this.zoneOfListed.keys()].filter((name) => listedZoneName(name) === name).sort();

    // Abbreviations in use around now (a year either side), to answer "EST" with a hint instead of a guess.
    const year = 366 * 86_400_000;
    for (const listed of this.canonicalZones) {
      const compiled = release.zones.get(this.zoneOfListed.get(listed)!)!;
      const names = new Set([compiled.periodAt(now - year).abbreviation, compiled.periodAt(now).abbreviation]);
      for (const t of compiled.transitionsBetween(now - year, now + year)) names.add(t.after.abbreviation);
      for (const abbr of names) {
        if (!/^[A-Za-z]+$/.test(abbr) || ACCEPTED_SHORT_NAMES.has(abbr.toUpperCase())) continue;
        const key = abbr.toUpperCase();
        if (!this.zonesByAbbreviation.has(key)) this.zonesByAbbreviation.set(key, new Set());
        this.zonesByAbbreviation.get(key)!.add(listed);
      }
    }
  }

  /** The tzdb Zone a listed name stands for. */
  zoneName(listed: string): string {
    return this.zoneOfListed.get(listed) ?? listed;
  }

  /** Zones currently using an abbreviation (upper case), or undefined. */
  zonesUsing(abbreviation: string): ReadonlySet<string> | undefined {
    return this.zonesByAbbreviation.get(abbreviation.toUpperCase());
  }

  /** Whether a name (any case, links included) is one of this release's zone names: a cheap test before resolve(). */
  knows(input: string): boolean {
    return this.nameByLower.has(input.trim().toLowerCase());
  }

  /**
   * Resolves a client-supplied zone name (any case, links allowed) or throws invalid_timezone. A Windows ID
   * ("Pacific Standard Time") is read through CLDR's windowsZones for `territory` (default 001, the world).
   */
  resolve(input: string, field = 'timezone', territory?: string): ResolvedZone {
    // Callers repeat their zone names: a name resolved once is answered from memory (bounded, cleared when full).
    const key = territory ? `${territory}|${input}` : input;
    const known = this.resolved.get(key);
    if (known) return known;
    const resolved = this.resolveAnew(input, field, territory);
    if (this.resolved.size >= RESOLVED_MEMO_LIMIT) this.resolved.clear();
    this.resolved.set(key, resolved);
    return resolved;
  }

  private readonly resolved = new Map<string, ResolvedZone>();

  private resolveAnew(input: string, field: string, territory = WORLD_TERRITORY): ResolvedZone {
    const trimmed = input.trim();
    if (trimmed === '') throw timezoneProblem('invalid_timezone', 'A time zone name is required.', field);
    const windowsZone = this.nameByLower.has(trimmed.toLowerCase()) ? undefined : windowsZones().zoneFor(trimmed, territory);
    const canonical = this.nameByLower.get((windowsZone ?? trimmed).toLowerCase());
    const abbreviationUsers = this.zonesByAbbreviation.get(trimmed.toUpperCase());
    if (abbreviationUsers && (!canonical || !trimmed.includes('/'))) {
      const examples = [...abbreviationUsers].slice(0, 5);
      throw timezoneProblem(
        'invalid_timezone',
        `"${trimmed}" is an abbreviation, and abbreviations are ambiguous. Use an IANA zone name such as ${examples.join(', ')}.`,
        field,
        { hint: 'Use an IANA zone name (Area/City).', candidates: examples },
      );
    }
    if (!canonical) {
      throw timezoneProblem(
        'invalid_timezone',
        `"${trimmed}" is not an IANA time zone name or a Windows time zone ID. Names look like America/New_York; GET /api/timezone/list lists them all (GET /api/timezone/windows the Windows IDs).`,
        field,
      );
    }
    const zone = this.zoneName(canonical);
    return {
      canonical,
      linkTarget: zone !== canonical ? zone : null,
      requestedLink: trimmed.toLowerCase() === canonical.toLowerCase() ? null : trimmed,
      facts: this.facts(canonical),
    };
  }

  /** Listed zone → its Windows ID, built on first use from CLDR's windowsZones through this release's names and links. */
  private windowsByListed: Map<string, string> | null = null;

  /**
   * The Windows ID of a listed zone, or null when CLDR maps none to it. A zone CLDR names itself wins over one reached
   * through a link (tzdb links Europe/Amsterdam to Europe/Brussels; CLDR gives them different Windows IDs).
   */
  windowsZone(listed: string): string | null {
    if (!this.windowsByListed) {
      const direct = new Map<string, string>();
      const throughLink = new Map<string, string>();
      for (const m of windowsZones().mappings) {
        for (const zone of m.timezones) {
          const target = this.nameByLower.get(zone.toLowerCase());
          if (!target) continue;
          const into = target.toLowerCase() === zone.toLowerCase() || this.zoneName(target) === zone ? direct : throughLink;
          if (!into.has(target)) into.set(target, m.windows_zone);
        }
      }
      this.windowsByListed = new Map([...throughLink, ...direct]);
    }
    return this.windowsByListed.get(listed) ?? null;
  }

  facts(listed: string): ZoneFacts {
    let facts = this.factsByListed.get(listed);
    if (!facts) {
      const zone = this.zoneName(listed);
      const countryCode = this.release.geography.get(zone)?.countryCodes[0] ?? null;
      facts = {
        name: listed,
        countryCode,
        // People read CLDR's English name (United Kingdom), not tzdb's label (Britain (UK)).
        countryName: countryCode ? (territoryName(countryCode) ?? this.release.countries.get(countryCode) ?? null) : null,
        region: listed.includes('/') ? listed.slice(0, listed.indexOf('/')) : 'Etc',
        mainCity: cityFromZoneName(listed),
      };
      this.factsByListed.set(listed, facts);
    }
    return facts;
  }
}
