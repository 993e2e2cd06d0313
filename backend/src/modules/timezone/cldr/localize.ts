import type { TimeEngine } from '../engine/time-engine.js';
import type { ZoneRegistry } from '../engine/zone-registry.js';
import { territoryName } from './cldr-data.js';
import { cldrKnows, zoneNames } from './zone-names.js';

type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

interface RegistryFacts {
  /** Listed zone → the CLDR ID CLDR files it under (Asia/Kolkata → Asia/Calcutta), or itself. */
  cldrIds: Map<string, string>;
  /** Country → how many listed zones it has (a country of one zone is named by its country, TR35). */
  zonesPerCountry: Map<string, number>;
  /** tzdb Zone → the link names pointing to it. */
  linksTo: Map<string, string[]>;
}

const factsOf = new WeakMap<ZoneRegistry, RegistryFacts>();

function registryFacts(registry: ZoneRegistry): RegistryFacts {
  let facts = factsOf.get(registry);
  if (!facts) {
    const zonesPerCountry = new Map<string, number>();
    for (const zone of registry.canonicalZones) {
      const code = registry.facts(zone).countryCode;
      if (code) zonesPerCountry.set(code, (zonesPerCountry.get(code) ?? 0) + 1);
    }
    const linksTo = new Map<string, string[]>();
    for (const [link, zone] of registry.release.links) linksTo.set(zone, [...(linksTo.get(zone) ?? []), link]);
    facts = { cldrIds: new Map(), zonesPerCountry, linksTo };
    factsOf.set(registry, facts);
  }
  return facts;
}

/** The ID CLDR keeps a zone under: its own name, else a tzdb link to it that CLDR knows (CLDR keeps first spellings). */
function cldrId(registry: ZoneRegistry, facts: RegistryFacts, listed: string): string {
  let id = facts.cldrIds.get(listed);
  if (id === undefined) {
    const zone = registry.zoneName(listed);
    id = [listed, zone, ...(facts.linksTo.get(zone) ?? [])].find(cldrKnows) ?? listed;
    facts.cldrIds.set(listed, id);
  }
  return id;
}

/**
 * The one place zone answers get their names in a language: every object of the answer naming a zone (`timezone`)
 * gains `timezone_name`, `timezone_generic_name` and `exemplar_city` for its instant (`current_time`, else `now`; in the
 * camelCase conversion answers `timeZoneName`, `timeZoneGenericName`, `exemplarCity` of the target at the converted instant), every
 * `country` beside a `country_code` becomes CLDR's name in that language, and the answer says its `locale`.
 * A new answer is built (engine answers are cached and shared); with no locale the answer is returned as it is.
 */
export function localizeAnswer<T>(engine: TimeEngine, answer: T, locale: string | null | undefined, now: number): T {
  if (!locale) return answer;
  const registry = engine.registry;
  const facts = registryFacts(registry);
  const visit = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const out: { [key: string]: Json } = {};
    // requestedTimeZones echoes the names as sent: nothing to name there.
    for (const [key, v] of Object.entries(value)) out[key] = v !== null && typeof v === 'object' && key !== 'requestedTimeZones' ? visit(v) : v;
    if (typeof out.country_code === 'string' && 'country' in out) out.country = territoryName(out.country_code, locale) ?? out.country;
    // The zone an object names and its instant: time and zone answers (`timezone`, `current_time`), a conversion's target
    // (`toTimeZone`, `convertedDateTime`; its fields are camelCase) and each item of a multi-conversion (`convertedTime`).
    const zone = typeof out.toTimeZone === 'string' ? out.toTimeZone : out.timezone;
    if (typeof zone !== 'string' || !registry.knows(zone)) return out;
    const listed = registry.resolve(zone).canonical;
    const clock = engine.clock(listed);
    // A link CLDR knows by the name sent (Asia/Calcutta) is named as sent; else the zone under CLDR's ID for it.
    const asked = typeof out.requested_timezone === 'string' && cldrKnows(out.requested_timezone) ? out.requested_timezone : cldrId(registry, facts, listed);
    const code = registry.facts(listed).countryCode;
    const sole = code && facts.zonesPerCountry.get(code) === 1 ? code : null;
    const namesAt = (at: number) => {
      const period = clock.periodAt(at);
      return zoneNames(locale, asked, at, period.dst, period.offsetSeconds, sole);
    };
    if (Array.isArray(out.transitions)) {
      // Offset changes: each change is named on both sides (a range has no one instant to name the zone at).
      for (const item of out.transitions) {
        if (!item || typeof item !== 'object' || Array.isArray(item) || typeof item.at !== 'string') continue;
        const at = Date.parse(item.at);
        item.timezone_name_before = namesAt(at - 1).timezone_name;
        item.timezone_name_after = namesAt(at).timezone_name;
      }
      return out;
    }
    const instant = out.current_time ?? out.convertedDateTime ?? out.convertedTime;
    const names = namesAt(typeof instant === 'string' ? Date.parse(instant) : now);
    if ('toTimeZone' in out || 'convertedTime' in out) {
      out.timeZoneName = names.timezone_name;
      out.timeZoneGenericName = names.timezone_generic_name;
      out.exemplarCity = names.exemplar_city;
    } else Object.assign(out, names);
    return out;
  };
  const localized = visit(answer as Json);
  if (localized && typeof localized === 'object' && !Array.isArray(localized)) localized.locale = locale;
  return localized as T;
}
