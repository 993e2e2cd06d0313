import ct from 'countries-and-timezones';
import { rawTimeZones } from '@vvo/tzdb';
import { timezoneProblem } from '../timezone.errors.js';

/** A zone as the API names it: canonical IANA spelling plus the static facts the directory shows. */
export interface ZoneFacts {
  name: string;
  countryCode: string | null;
  countryName: string | null;
  region: string;
  mainCity: string | null;
}

export interface ResolvedZone {
  /** The listed zone name, current spelling (Asia/Calcutta becomes Asia/Kolkata). */
  canonical: string;
  /** The tzdb canonical zone when the listed name is a link to it (Atlantic/Reykjavik → Africa/Abidjan); else null. */
  linkTarget: string | null;
  /** The name the client asked for, when it was a link (e.g. Asia/Calcutta); null otherwise. */
  requestedLink: string | null;
  facts: ZoneFacts;
}

/** Names that look like abbreviations but are real tz zones clients rely on. */
const ACCEPTED_SHORT_NAMES = new Set(['UTC', 'GMT', 'UCT', 'ZULU', 'UNIVERSAL', 'GREENWICH']);

function isUsableZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function cityFromZoneName(name: string): string | null {
  if (!name.includes('/') || name.startsWith('Etc/')) return null;
  return name.slice(name.lastIndexOf('/') + 1).replace(/_/g, ' ');
}

/**
 * Knows every zone name the runtime's tz data answers, which names are links to which canonical
 * zone, and the country/city facts of each canonical zone. Built once, read on every request.
 */
export class ZoneRegistry {
  private readonly nameByLower = new Map<string, string>();
  private readonly canonicalOfName = new Map<string, string>();
  private readonly factsByCanonical = new Map<string, ZoneFacts>();
  private readonly buildFacts: (name: string) => ZoneFacts;
  private readonly zonesByAbbreviation = new Map<string, Set<string>>();
  /** Every zone the directory lists (one per runtime zone id, current spelling). */
  readonly canonicalZones: readonly string[];

  constructor() {
    const ctZones = new Map<string, { aliasOf?: string; countries: readonly string[] }>(
      Object.entries(ct.getAllTimezones({ deprecated: true })),
    );
    const canonicalOf = (name: string): string => ctZones.get(name)?.aliasOf ?? name;
    const tzdbByName = new Map<string, (typeof rawTimeZones)[number]>();
    const tzdbGroupLeader = new Map<string, string>();
    for (const zone of rawTimeZones) {
      tzdbByName.set(zone.name, zone);
      for (const member of zone.group) if (member !== zone.name) tzdbGroupLeader.set(member, zone.name);
    }

    // The directory is the runtime's own zone ids (ICU keeps old spellings such as Asia/Calcutta):
    // a pure rename shows the current spelling, a link to another listed zone (Atlantic/Reykjavik) stays listed.
    const icuIds = new Set(Intl.supportedValuesOf('timeZone'));
    const listed = new Set<string>(['UTC']);
    // ICU lists no UTC; clients say "UTC" far more than "Etc/UTC", so that is the listed name.
    this.nameByLower.set('utc', 'UTC');
    for (const id of icuIds) {
      const target = ctZones.get(id)?.aliasOf;
      const name = target && !icuIds.has(target) && isUsableZone(target) ? target : id;
      listed.add(name);
      this.nameByLower.set(id.toLowerCase(), name);
      this.nameByLower.set(name.toLowerCase(), name);
    }
    for (const name of ctZones.keys()) {
      if (this.nameByLower.has(name.toLowerCase()) || !isUsableZone(name)) continue;
      const target = canonicalOf(name);
      this.nameByLower.set(name.toLowerCase(), listed.has(target) ? target : (this.nameByLower.get(target.toLowerCase()) ?? target));
    }
    for (const [member, leader] of tzdbGroupLeader) {
      if (!this.nameByLower.has(member.toLowerCase()) && isUsableZone(member)) this.nameByLower.set(member.toLowerCase(), leader);
    }
    this.canonicalZones = [...listed].sort();
    for (const name of this.canonicalZones) this.canonicalOfName.set(name, canonicalOf(name));

    this.buildFacts = (name: string): ZoneFacts => {
      const countryCode = ctZones.get(name)?.countries[0] ?? null;
      const countries = ct.getAllCountries();
      return {
        name,
        countryCode,
        countryName: countryCode ? (countries[countryCode as keyof typeof countries]?.name ?? null) : null,
        region: name.includes('/') ? name.slice(0, name.indexOf('/')) : 'Etc',
        mainCity: tzdbByName.get(name)?.mainCities[0] ?? cityFromZoneName(name),
      };
    };
    for (const zone of rawTimeZones) {
      for (const abbr of [zone.abbreviation, (zone as { dstAbbreviation?: string }).dstAbbreviation]) {
        if (!abbr || /^[+-]/.test(abbr)) continue;
        const key = abbr.toUpperCase();
        if (ACCEPTED_SHORT_NAMES.has(key)) continue;
        if (!this.zonesByAbbreviation.has(key)) this.zonesByAbbreviation.set(key, new Set());
        this.zonesByAbbreviation.get(key)!.add(zone.name);
      }
    }
  }

  /** Resolves a client-supplied zone name (any case, links allowed) or throws invalid_timezone. */
  resolve(input: string, field = 'timezone'): ResolvedZone {
    const trimmed = input.trim();
    if (trimmed === '') throw timezoneProblem('invalid_timezone', 'A time zone name is required.', field);
    const abbreviationUsers = this.zonesByAbbreviation.get(trimmed.toUpperCase());
    if (abbreviationUsers) {
      const examples = [...abbreviationUsers].slice(0, 5);
      throw timezoneProblem(
        'invalid_timezone',
        `"${trimmed}" is an abbreviation, and abbreviations are ambiguous. Use an IANA zone name such as ${examples.join(', ')}.`,
        field,
        { hint: 'Use an IANA zone name (Area/City).', candidates: examples },
      );
    }
    const canonical = this.nameByLower.get(trimmed.toLowerCase());
    if (!canonical) {
      throw timezoneProblem(
        'invalid_timezone',
        `"${trimmed}" is not an IANA time zone name. Names look like America/New_York; GET /api/timezone/list lists them all.`,
        field,
      );
    }
    const exactCanonical = trimmed === canonical || trimmed.toLowerCase() === canonical.toLowerCase();
    const target = this.canonicalOfName.get(canonical) ?? canonical;
    return {
      canonical,
      linkTarget: target !== canonical ? target : null,
      requestedLink: exactCanonical ? null : trimmed,
      facts: this.facts(canonical),
    };
  }

  facts(name: string): ZoneFacts {
    let facts = this.factsByCanonical.get(name);
    if (!facts) {
      facts = this.buildFacts(name);
      this.factsByCanonical.set(name, facts);
    }
    return facts;
  }
}
