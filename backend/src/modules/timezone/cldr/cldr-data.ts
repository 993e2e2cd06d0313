import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Unicode CLDR's JSON data packages (cldr-core, cldr-dates-full, cldr-localenames-full), read from node_modules: the
 * supplemental files once, on first use; a locale's files when a request first asks for that locale, then kept.
 * Nothing here runs for a request that asks for no language.
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** A JSON file of an installed CLDR package by its specifier ('cldr-core/supplemental/windowsZones.json'), never downloaded. */
export function readCldrJson<T>(specifier: string): T {
  return readJson<T>(require.resolve(specifier));
}

let coreDir: string | undefined;
const core = () => (coreDir ??= packageDir('cldr-core'));
const supplemental = <T>(file: string): T => readJson<{ supplemental: T }>(join(core(), 'supplemental', file)).supplemental;

/** The CLDR release the data packages hold (cldr-core's version, e.g. "48.2.0"), as /api/health names it. */
export const CLDR_VERSION: string = readJson<{ version: string }>(join(packageDir('cldr-core'), 'package.json')).version;

/** A locale's `timeZoneNames` (cldr-dates-full), fully resolved by CLDR's JSON build. */
export interface TimeZoneNamesData {
  regionFormat: string;
  'regionFormat-type-daylight': string;
  'regionFormat-type-standard': string;
  gmtFormat: string;
  gmtZeroFormat: string;
  hourFormat: string;
  /** Absent in locales with no zone data of their own. */
  zone?: Record<string, unknown>;
  /** Absent in locales with no metazone names (aa, bo, kab…: about a quarter of CLDR's locales). */
  metazone?: Record<string, { long?: NameSet }>;
}

export interface NameSet {
  generic?: string;
  standard?: string;
  daylight?: string;
}

/** One entry of a zone's metazone history (metaZones.json): UTC instants, open-ended when absent. */
export interface MetazoneUse {
  metazone: string;
  from: number;
  to: number;
}

let metazoneHistory: Map<string, MetazoneUse[]> | undefined;

const cldrInstant = (s: string | undefined, open: number) => (s ? Date.parse(`${s.replace(' ', 'T')}:00Z`) : open);

/** Every zone's metazone history, by CLDR zone ID (Asia/Calcutta, not Asia/Kolkata: CLDR keeps its first spelling). */
export function metazones(): ReadonlyMap<string, MetazoneUse[]> {
  if (metazoneHistory) return metazoneHistory;
  type Use = { usesMetazone: { _mzone: string; _from?: string; _to?: string } };
  const tree = supplemental<{ metaZones: { metazoneInfo: { timezone: Record<string, unknown> } } }>('metaZones.json').metaZones.metazoneInfo.timezone;
  const out = new Map<string, MetazoneUse[]>();
  const walk = (node: Record<string, unknown>, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      const id = path ? `${path}/${key}` : key;
      if (Array.isArray(value)) {
        out.set(
          id,
          (value as Use[]).map(({ usesMetazone: u }) => ({ metazone: u._mzone, from: cldrInstant(u._from, -Infinity), to: cldrInstant(u._to, Infinity) })),
        );
      } else walk(value as Record<string, unknown>, id);
    }
  };
  walk(tree, '');
  return (metazoneHistory = out);
}

/** The metazone a CLDR zone uses at an instant, or null (Etc/GMT+5, or a stretch of history with none). */
export function metazoneAt(cldrZone: string, epochMs: number): string | null {
  const uses = metazones().get(cldrZone);
  if (!uses) return null;
  for (const use of uses) if (epochMs >= use.from && epochMs < use.to) return use.metazone;
  return null;
}

let primary: Map<string, string> | undefined;
/** Zone → territory, for zones CLDR names as their country's primary zone (primaryZones.json). */
export function primaryZones(): ReadonlyMap<string, string> {
  if (!primary) {
    const data = supplemental<{ primaryZones: Record<string, string> }>('primaryZones.json').primaryZones;
    primary = new Map(Object.entries(data).map(([territory, zone]) => [zone, territory]));
  }
  return primary;
}

let locales: { available: Set<string>; parents: Record<string, string>; likely: Record<string, string> } | undefined;
function localeData() {
  if (!locales) {
    const available = new Set(readJson<{ availableLocales: { full: string[] } }>(join(core(), 'availableLocales.json')).availableLocales.full);
    const parents = supplemental<{ parentLocales: { parentLocale: Record<string, string> } }>('parentLocales.json').parentLocales.parentLocale;
    const likely = supplemental<{ likelySubtags: Record<string, string> }>('likelySubtags.json').likelySubtags;
    locales = { available, parents, likely };
  }
  return locales;
}

/** The locale answers use when no other one fits (CLDR's root has no names to read). */
export const DEFAULT_LOCALE = 'en';

/** A BCP 47 tag as CLDR spells it (underscores read as hyphens; language lower case, script title case, region upper case). */
export function canonicalTag(tag: string): string {
  return tag
    .trim()
    .replace(/_/g, '-')
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 4 && /^[A-Za-z]+$/.test(part)) return part[0].toUpperCase() + part.slice(1).toLowerCase();
      if (part.length === 2 || (part.length === 3 && /^\d+$/.test(part))) return part.toUpperCase();
      return part.toLowerCase();
    })
    .join('-');
}

/**
 * A locale's parent as CLDR says: parentLocales; root for a language with a script not its likely one (the
 * nonlikelyScript rule: zh-Latn is not read from zh); else the tag without its last subtag; undefined past the language.
 */
function parentOf(locale: string): string | undefined {
  const { parents, likely } = localeData();
  if (parents[locale]) return parents[locale];
  const parts = locale.split('-');
  if (parts.length === 2 && parts[1].length === 4 && likely[parts[0]]?.split('-')[1] !== parts[1]) return 'root';
  return parts.length > 1 ? parts.slice(0, -1).join('-') : undefined;
}

/** A locale's ancestors, nearest first, up to (not including) root: az-Cyrl-AZ → [az-Cyrl] (parentLocales sends it to root). */
export function localeAncestors(locale: string): string[] {
  const out: string[] = [];
  for (let p = parentOf(locale); p && p !== 'root' && p !== 'und' && out.length < 8; p = parentOf(p)) out.push(p);
  return out;
}

/** Every locale the CLDR packages ship (cldr-core availableLocales "full"). */
export function availableLocales(): ReadonlySet<string> {
  return localeData().available;
}

const lookedUp = new Map<string, string | null>();
const LOOKED_UP_LIMIT = 2000;

/**
 * The CLDR locale a language tag is answered in, by CLDR's lookup: the tag itself when CLDR has it; else (a region
 * without a script, such as zh-TW) its likely script first (zh-Hant-TW); then parentLocales, else the tag without its
 * last subtag (pt-BR → pt, fr-CH → fr). Null when the chain reaches root (a language CLDR has no data for).
 */
export function lookupLocale(tag: string): string | null {
  const memo = lookedUp.get(tag);
  if (memo !== undefined) return memo;
  const { available, likely } = localeData();
  const canonical = canonicalTag(tag);
  const parts = canonical.split('-');
  let start = canonical;
  // A tag with a region and no script whose likely script differs from the language's own (zh-TW is Hant, zh is Hans).
  if (!available.has(canonical) && parts.length >= 2 && parts[1].length !== 4) {
    const full = likely[`${parts[0]}-${parts[1]}`];
    const plain = likely[parts[0]];
    if (full && plain && full.split('-')[1] !== plain.split('-')[1]) start = full;
  }
  let found: string | null = null;
  for (let candidate: string | undefined = start; candidate && candidate !== 'root' && candidate !== 'und';) {
    if (available.has(candidate)) {
      found = candidate;
      break;
    }
    candidate = parentOf(candidate);
  }
  if (lookedUp.size >= LOOKED_UP_LIMIT) lookedUp.clear();
  lookedUp.set(tag, found);
  return found;
}

/** The locale a language tag is answered in: lookupLocale(), else English. */
export function resolveLocale(tag: string): string {
  return lookupLocale(tag) ?? DEFAULT_LOCALE;
}

const zoneNameFiles = new Map<string, TimeZoneNamesData>();
let datesDir: string | undefined;

/** A locale's time zone names (cldr-dates-full), read on first use and kept. `locale` must come from resolveLocale(). */
export function timeZoneNames(locale: string): TimeZoneNamesData {
  let names = zoneNameFiles.get(locale);
  if (!names) {
    datesDir ??= packageDir('cldr-dates-full');
    const path = join(datesDir, 'main', locale, 'timeZoneNames.json');
    const file = existsSync(path) ? path : join(datesDir, 'main', DEFAULT_LOCALE, 'timeZoneNames.json');
    const main = readJson<{ main: Record<string, { dates: { timeZoneNames: TimeZoneNamesData } }> }>(file).main;
    names = Object.values(main)[0].dates.timeZoneNames;
    zoneNameFiles.set(locale, names);
  }
  return names;
}

const territoryFiles = new Map<string, Record<string, string>>();
let namesDir: string | undefined;

/** A locale's territory names (cldr-localenames-full territories.json), read on first use and kept. */
export function territoryNames(locale: string): Readonly<Record<string, string>> {
  let names = territoryFiles.get(locale);
  if (!names) {
    namesDir ??= packageDir('cldr-localenames-full');
    const path = join(namesDir, 'main', locale, 'territories.json');
    const file = existsSync(path) ? path : join(namesDir, 'main', DEFAULT_LOCALE, 'territories.json');
    const main = readJson<{ main: Record<string, { localeDisplayNames: { territories: Record<string, string> } }> }>(file).main;
    names = Object.values(main)[0].localeDisplayNames.territories;
    territoryFiles.set(locale, names);
  }
  return names;
}

/** A country's name in a locale ("Royaume-Uni"; English by default: "United Kingdom", not tzdb's "Britain (UK)"), or null. */
export function territoryName(code: string, locale = DEFAULT_LOCALE): string | null {
  return territoryNames(locale)[code] ?? null;
}
