import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { parseInstant } from '../engine/civil.js';
import type { TimeEngine } from '../engine/time-engine.js';
import type { ZoneRegistry } from '../engine/zone-registry.js';
import { metazones, territoryName, type MetazoneUse } from './cldr-data.js';
import { cldrKnows, zoneNames, type ZoneNames } from './zone-names.js';

type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface RegistryFacts {
  /** Listed zone → the CLDR ID CLDR files it under (Asia/Kolkata → Asia/Calcutta), or itself. */
  cldrIds: Map<string, string>;
  /** Country → how many listed zones it has (a country of one zone is named by its country, TR35). */
  zonesPerCountry: Map<string, number>;
  /** tzdb Zone → the link names pointing to it. */
  linksTo: Map<string, string[]>;
  /** Locale → zone as an answer names it → what naming it takes (see ZoneNaming). */
  namings: Map<string, Map<string, ZoneNaming>>;
}

/** Locales and zones whose namings are kept per release; more empty the memory and start again. */
const LOCALES_KEPT = 64;
const ZONES_KEPT = 2_000;

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
    facts = { cldrIds: new Map(), zonesPerCountry, linksTo, namings: new Map() };
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
 * One zone of one release named in one locale: what the names depend on, worked out once, and the names already
 * resolved per metazone period and standard/daylight (per offset where no metazone applies), so naming an answer
 * costs a period look-up and a Map read.
 */
class ZoneNaming {
  private readonly names = new Map<number | string, ZoneNames>();

  constructor(
    private readonly locale: string,
    private readonly clock: CompiledZone,
    private readonly cldrZone: string,
    private readonly sole: string | null,
    private readonly uses: readonly MetazoneUse[] | undefined,
  ) {}

  at(epochMs: number): ZoneNames {
    const period = this.clock.periodAt(epochMs);
    const uses = this.uses ?? [];
    let use = -1;
    // The latest use first: answers are mostly about now.
    for (let i = uses.length - 1; i >= 0; i--) {
      if (epochMs >= uses[i].from && epochMs < uses[i].to) {
        use = i;
        break;
      }
    }
    const key = use >= 0 ? use * 2 + (period.dst ? 1 : 0) : `${period.offsetSeconds}|${period.dst}`;
    let names = this.names.get(key);
    if (!names) {
      names = zoneNames(this.locale, this.cldrZone, epochMs, period.dst, period.offsetSeconds, this.sole);
      this.names.set(key, names);
    }
    return names;
  }

  /**
   * The instants [from, until) around epochMs within which at() names the zone as at epochMs and its offset stays the
   * same: the tz period, narrowed by the metazone use in force (or the gap between two uses).
   */
  span(epochMs: number): [number, number] {
    const period = this.clock.periodAt(epochMs);
    let from = period.start;
    let until = period.end;
    for (const use of this.uses ?? []) {
      if (use.to <= epochMs) from = Math.max(from, use.to);
      else if (use.from > epochMs) until = Math.min(until, use.from);
      else {
        from = Math.max(from, use.from);
        until = Math.min(until, use.to);
      }
    }
    return [from, until];
  }
}

function zoneNaming(engine: TimeEngine, registry: ZoneRegistry, facts: RegistryFacts, locale: string, zone: string, requested: Json): ZoneNaming | null {
  let byZone = facts.namings.get(locale);
  if (!byZone) {
    if (facts.namings.size >= LOCALES_KEPT) facts.namings.clear();
    facts.namings.set(locale, (byZone = new Map()));
  }
  const key = typeof requested === 'string' ? `${zone}|${requested}` : zone;
  let naming = byZone.get(key);
  if (naming) return naming;
  if (!registry.knows(zone)) return null;
  const listed = registry.resolve(zone).canonical;
  // A link CLDR knows by the name sent (Asia/Calcutta) is named as sent; else the zone under CLDR's ID for it.
  const asked = typeof requested === 'string' && cldrKnows(requested) ? requested : cldrId(registry, facts, listed);
  const code = registry.facts(listed).countryCode;
  const sole = code && facts.zonesPerCountry.get(code) === 1 ? code : null;
  naming = new ZoneNaming(locale, engine.clock(listed), asked, sole, metazones().get(asked));
  if (byZone.size >= ZONES_KEPT) byZone.clear();
  byZone.set(key, naming);
  return naming;
}

/**
 * A transitions list as named last: the engine shares a zone's list between requests, so a list asked for again in the
 * same language is named once. One naming per list, so the memory stays the size of the engine's.
 */
const namedTransitionLists = new WeakMap<Json[], { naming: ZoneNaming; named: Json[] }>();

/** Offset changes: each change is named on both sides (a range has no one instant to name the zone at). */
function namedTransitions(list: Json[], naming: ZoneNaming): Json[] {
  const last = namedTransitionLists.get(list);
  if (last?.naming === naming) return last.named;
  const named = list.map((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item) || typeof item.at !== 'string') return item;
    const at = parseInstant(item.at);
    return { ...item, timezone_name_before: naming.at(at - 1).timezone_name, timezone_name_after: naming.at(at).timezone_name };
  });
  namedTransitionLists.set(list, { naming, named });
  return named;
}

/**
 * The one place zone answers get their names: every object of the answer naming a zone (`timezone`) gains
 * `timezone_name`, `timezone_generic_name` and `exemplar_city` for its instant (`current_time`, else `now`; in the
 * camelCase conversion answers `timeZoneName`, `timeZoneGenericName`, `exemplarCity` of the target at the converted
 * instant), every `country` beside a `country_code` becomes CLDR's name in that language, and the answer says its
 * `locale` (English when the caller asked for none). Engine answers are cached and shared, so nothing is changed in
 * place: an object is copied only where something in it changes (in English, a zone's location stays the engine's).
 */
export function localizeAnswer<T>(engine: TimeEngine, answer: T, locale: string, now: number): T {
  const registry = engine.registry;
  const facts = registryFacts(registry);
  const visit = (value: Json): Json => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      let items: Json[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item = visit(value[i]);
        if (item !== value[i]) (items ??= value.slice())[i] = item;
      }
      return items ?? value;
    }
    let out: JsonObject | undefined;
    for (const key in value) {
      const v = value[key];
      // requestedTimeZones echoes the names as sent: nothing to name there.
      if (v === null || typeof v !== 'object' || key === 'requestedTimeZones') continue;
      const named = visit(v);
      if (named !== v) (out ??= { ...value })[key] = named;
    }
    if (typeof value.country_code === 'string' && 'country' in value) {
      const country = territoryName(value.country_code, locale);
      if (country !== null && country !== value.country) (out ??= { ...value }).country = country;
    }
    // The zone an object names and its instant: time and zone answers (`timezone`, `current_time`), a conversion's target
    // (`toTimeZone`, `convertedDateTime`; its fields are camelCase) and each item of a multi-conversion (`convertedTime`).
    const zone = typeof value.toTimeZone === 'string' ? value.toTimeZone : value.timezone;
    if (typeof zone !== 'string') return out ?? value;
    const naming = zoneNaming(engine, registry, facts, locale, zone, value.requested_timezone);
    if (!naming) return out ?? value;
    out ??= { ...value };
    if (Array.isArray(out.transitions)) {
      out.transitions = namedTransitions(out.transitions, naming);
      return out;
    }
    const instant = out.current_time ?? out.convertedDateTime ?? out.convertedTime;
    const names = naming.at(typeof instant === 'string' ? parseInstant(instant) : now);
    if ('toTimeZone' in out || 'convertedTime' in out) {
      out.timeZoneName = names.timezone_name;
      out.timeZoneGenericName = names.timezone_generic_name;
      out.exemplarCity = names.exemplar_city;
    } else {
      out.timezone_name = names.timezone_name;
      out.timezone_generic_name = names.timezone_generic_name;
      out.exemplar_city = names.exemplar_city;
    }
    return out;
  };
  const localized = visit(answer as Json);
  if (!localized || typeof localized !== 'object' || Array.isArray(localized)) return localized as T;
  return (localized === (answer as Json) ? { ...localized, locale } : Object.assign(localized, { locale })) as T;
}

/**
 * The instants [from, until) around `now` within which every zone an answer names has the offset and the names it has
 * at `now` in `locale`: a place answer (search, lookup) built and named at `now` is the same answer anywhere in the
 * span. Only for answers whose one dependence on the clock is their zones' state now (no `current_time` of their own).
 */
export function answerSpan(engine: TimeEngine, answer: unknown, locale: string, now: number): [number, number] {
  const registry = engine.registry;
  const facts = registryFacts(registry);
  let from = -Infinity;
  let until = Infinity;
  const visit = (value: Json): void => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    for (const key in value) visit(value[key]);
    if (typeof value.timezone !== 'string') return;
    const naming = zoneNaming(engine, registry, facts, locale, value.timezone, value.requested_timezone);
    // A zone the release does not know would not be named at all: nothing of it can change.
    if (!naming) return;
    const [start, end] = naming.span(now);
    from = Math.max(from, start);
    until = Math.min(until, end);
  };
  visit(answer as Json);
  return [from, until];
}
