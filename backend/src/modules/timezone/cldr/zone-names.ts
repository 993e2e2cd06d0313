import {
  DEFAULT_LOCALE,
  localeAncestors,
  metazoneAt,
  metazones,
  primaryZones,
  territoryName,
  timeZoneNames,
  type NameSet,
  type TimeZoneNamesData,
} from './cldr-data.js';

/** What a zone is called at one instant in one locale (CLDR, TR35 "Using Time Zone Names"). */
export interface ZoneNames {
  /** The specific name for that instant: "Central European Summer Time", "heure d’été d’Europe centrale". */
  timezone_name: string;
  /** The generic name: "Central European Time". */
  timezone_generic_name: string;
  /** The zone's exemplar city in that locale ("Londres"); from the zone ID where CLDR has none; null for Etc zones. */
  exemplar_city: string | null;
}

/** Names remembered per locale, zone, metazone and DST: a handful of strings each. */
const NAMES_KEPT = 20_000;
const namesMemo = new Map<string, ZoneNames>();

function zoneEntry(data: TimeZoneNamesData, cldrZone: string): { long?: NameSet; exemplarCity?: string } | undefined {
  let node: unknown = data.zone ?? {};
  for (const part of cldrZone.split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as { long?: NameSet; exemplarCity?: string } | undefined;
}

/** TR35: the exemplar city is the locale's, else the zone ID's last part with spaces for underscores; Etc zones have none. */
function exemplarCity(data: TimeZoneNamesData, cldrZone: string): string | null {
  const own = zoneEntry(data, cldrZone)?.exemplarCity;
  if (own) return own;
  if (!cldrZone.includes('/') || cldrZone.startsWith('Etc/')) return null;
  return cldrZone.slice(cldrZone.lastIndexOf('/') + 1).replace(/_/g, ' ');
}

/**
 * Where a locale reads its zone and metazone names: its own file when it has metazone names; else the nearest ancestor's
 * that has them (parentLocales, then the tag truncated); else English's, as CLDR's root has none to give.
 */
function namesSource(locale: string): TimeZoneNamesData {
  for (const candidate of [locale, ...localeAncestors(locale)]) {
    const data = timeZoneNames(candidate);
    if (data.metazone) return data;
  }
  return timeZoneNames(DEFAULT_LOCALE);
}

/** A locale's formats, each from the locale where it has one, else English's (every locale ships them; this never throws). */
function formatsOf(data: TimeZoneNamesData): TimeZoneNamesData {
  const en = timeZoneNames(DEFAULT_LOCALE);
  const pick = (key: 'regionFormat' | 'regionFormat-type-daylight' | 'regionFormat-type-standard' | 'gmtFormat' | 'gmtZeroFormat' | 'hourFormat') =>
    typeof data[key] === 'string' ? data[key] : en[key];
  return {
    ...data,
    regionFormat: pick('regionFormat'),
    'regionFormat-type-daylight': pick('regionFormat-type-daylight'),
    'regionFormat-type-standard': pick('regionFormat-type-standard'),
    gmtFormat: pick('gmtFormat'),
    gmtZeroFormat: pick('gmtZeroFormat'),
    hourFormat: pick('hourFormat'),
  };
}

/** TR35 localized GMT format: "GMT-08:00", "UTC+01:00", or the zero format. */
function gmtName(data: TimeZoneNamesData, offsetSeconds: number): string {
  if (offsetSeconds === 0) return data.gmtZeroFormat;
  const [plus, minus = plus] = data.hourFormat.split(';');
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  const pattern = offsetSeconds > 0 ? plus : minus;
  return data.gmtFormat.replace('{0}', pattern.replace('HH', hh).replace('mm', mm));
}

/**
 * The CLDR names of a zone at an instant. The metazone is the one in force then (metaZones.json history), so
 * America/Argentina/La_Rioja in 2004 is "Western Argentina" and later "Argentina". Fallbacks as TR35 says: a
 * zone-specific name wins over its metazone's; a missing generic name reads the standard one; a missing specific
 * name (a metazone without daylight names, a zone without metazone) is the region format with the place
 * ("{0} (heure d’été)", the country when the zone is its country's only or primary one, else the city); a zone without place (Etc/GMT+5) is the localized GMT offset.
 */
export function zoneNames(
  locale: string,
  cldrZone: string,
  epochMs: number,
  dst: boolean,
  offsetSeconds: number,
  soleTerritory: string | null = null,
): ZoneNames {
  const metazone = metazoneAt(cldrZone, epochMs);
  const key = `${locale}|${cldrZone}|${metazone}|${dst ? 1 : 0}|${metazone ? '' : offsetSeconds}`;
  const known = namesMemo.get(key);
  if (known) return known;
  const data = formatsOf(timeZoneNames(locale));
  const source = namesSource(locale);
  const own = zoneEntry(source, cldrZone)?.long ?? {};
  const shared: NameSet = (metazone ? source.metazone?.[metazone]?.long : undefined) ?? {};
  const city = exemplarCity(data, cldrZone);
  const territory = soleTerritory ?? primaryZones().get(cldrZone);
  const place = (territory ? territoryName(territory, locale) : null) ?? city;
  const type = dst ? 'daylight' : 'standard';
  const located = (format: string) => (place ? format.replace('{0}', place) : gmtName(data, offsetSeconds));
  const specific = own[type] ?? shared[type] ?? located(data[dst ? 'regionFormat-type-daylight' : 'regionFormat-type-standard']);
  // No generic name: the standard one, unless the zone changes names with DST (London: GMT, then British Summer Time),
  // where TR35 reads the place ("United Kingdom Time").
  const generic =
    own.generic ??
    shared.generic ??
    (own.daylight !== undefined || dst ? located(data.regionFormat) : (own.standard ?? shared.standard ?? located(data.regionFormat)));
  const names: ZoneNames = { timezone_name: specific, timezone_generic_name: generic, exemplar_city: city };
  if (namesMemo.size >= NAMES_KEPT) namesMemo.clear();
  namesMemo.set(key, names);
  return names;
}

/** Whether CLDR knows a zone ID (its metazone history or its names). */
export function cldrKnows(zone: string): boolean {
  return metazones().has(zone) || zoneEntry(timeZoneNames('en'), zone) !== undefined;
}
