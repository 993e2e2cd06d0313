import ct from 'countries-and-timezones';
import { territoryName } from '../cldr/cldr-data.js';
import { loadCityData } from './city-data.js';

export interface City {
  city: string;
  province: string | null;
  country: string;
  countryCode: string;
  timezone: string;
  latitude: number;
  longitude: number;
  population: number;
}

interface IndexedCity extends City {
  /** Normalized country codes, country names, province names and abbreviations: what may follow the comma. */
  regionKeys: string[];
}

const SEARCH_CACHE_SIZE = 1000;

const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

/** Lower-case, accents folded, punctuation collapsed; letters of every script kept: "São Paulo", "sao paulo" and "Москва" all index. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (ch) => FOLDED[ch])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** St, St., Sankt, Sint and Saint are one word in place names; so are Ste and Sainte. */
export function placeKey(text: string): string {
  return normalizeText(text)
    .replace(/(^| )(st|saint|sankt|sint|svyatoy)(?= |$)/g, '$1saint')
    .replace(/(^| )(ste|sainte)(?= |$)/g, '$1sainte');
}

/** What people type for a few big cities that no name list spells that way. */
const CITY_ALIASES = new Map<string, string>([
  ['nyc', 'new york city'],
  ['ny', 'new york city'],
  ['new york', 'new york city'],
  ['la', 'los angeles'],
  ['sf', 'san francisco'],
  ['san fran', 'san francisco'],
  ['dc', 'washington'],
  ['washington dc', 'washington'],
  ['philly', 'philadelphia'],
  ['vegas', 'las vegas'],
  ['rio', 'rio de janeiro'],
  ['cdmx', 'mexico city'],
  ['spb', 'saint petersburg'],
  ['hk', 'hong kong'],
  ['kl', 'kuala lumpur'],
]);

/** Region names people write after the comma that neither list spells. */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['usa', 'united states', 'united states of america', 'america'],
  GB: ['uk', 'united kingdom', 'great britain', 'britain', 'england', 'scotland', 'wales'],
  AE: ['uae'],
  KR: ['korea', 'south korea'],
  RU: ['russia'],
};
/** Postal abbreviations of provinces whose GeoNames code is numeric. */
const PROVINCE_CODES: Record<string, Record<string, string>> = {
  CA: {
    Alberta: 'ab',
    'British Columbia': 'bc',
    Manitoba: 'mb',
    'New Brunswick': 'nb',
    'Newfoundland and Labrador': 'nl',
    'Nova Scotia': 'ns',
    Ontario: 'on',
    'Prince Edward Island': 'pe',
    Quebec: 'qc',
    Saskatchewan: 'sk',
    'Northwest Territories': 'nt',
    Nunavut: 'nu',
    Yukon: 'yt',
  },
  AU: {
    'New South Wales': 'nsw',
    Victoria: 'vic',
    Queensland: 'qld',
    'Western Australia': 'wa',
    'South Australia': 'sa',
    Tasmania: 'tas',
    'Australian Capital Territory': 'act',
    'Northern Territory': 'nt',
  },
};

/** How well a city matched a query; lower ranks first. Equal matches rank by population. */
const Match = { OwnName: 0, AlternateName: 1, OwnPrefix: 2, AlternatePrefix: 3 } as const;
type Match = (typeof Match)[keyof typeof Match];

/** City and coordinate look-ups over GeoNames cities (with their alternate and native names) and geo-tz; the index is built once. */
export class PlaceIndex {
  private readonly data = loadCityData();
  /** By data row; null where this release has no zone for the row. */
  private readonly cities: (IndexedCity | null)[] = [];
  private readonly regionKeys = new Set<string>();
  private readonly searchCache = new Map<string, { matches: number; cities: City[] }>();
  private readonly lookupCache = new Map<string, City[]>();

  constructor(canonicalZone: (name: string) => string | null, countries: ReadonlyMap<string, string> = new Map()) {
    const countryNames = new Map<string, string[]>();
    for (const [code, c] of Object.entries(ct.getAllCountries())) countryNames.set(code, [c.name]);
    for (const [code, name] of countries) countryNames.set(code, [...(countryNames.get(code) ?? []), name]);
    // CLDR's English name too ("United Kingdom"): the name answers show.
    for (const [code, names] of countryNames) {
      const cldr = territoryName(code);
      if (cldr && !names.includes(cldr)) names.push(cldr);
    }
    const countryKeys = new Map<string, string[]>();
    const zones = new Map<string, string | null>();
    const regionKeysOf = new Map<string, string[]>();
    for (const row of this.data.rows) {
      let zone = zones.get(row.timezone);
      if (zone === undefined) zones.set(row.timezone, (zone = canonicalZone(row.timezone)));
      if (!zone) {
        this.cities.push(null);
        continue;
      }
      const names = countryNames.get(row.countryCode) ?? [];
      const province = row.province || null;
      // Cities of one province share one list.
      const regionId = `${row.countryCode}|${row.admin1}|${row.province}`;
      let regionKeys = regionKeysOf.get(regionId);
      if (!regionKeys) {
        let ofCountry = countryKeys.get(row.countryCode);
        if (!ofCountry)
          countryKeys.set(row.countryCode, (ofCountry = [row.countryCode, ...names, ...(COUNTRY_ALIASES[row.countryCode] ?? [])].map(normalizeText)));
        const ofProvince = [
          province ?? '',
          /^[A-Z]{2,3}$/.test(row.admin1) ? row.admin1 : '',
          province ? (PROVINCE_CODES[row.countryCode]?.[province] ?? '') : '',
        ].map(normalizeText);
        regionKeys = [...new Set([...ofCountry, ...ofProvince].filter(Boolean))];
        regionKeysOf.set(regionId, regionKeys);
        for (const k of regionKeys) this.regionKeys.add(k);
      }
      this.cities.push({
        city: row.name,
        province,
        country: territoryName(row.countryCode) ?? countries.get(row.countryCode) ?? names[0] ?? row.countryCode,
        countryCode: row.countryCode,
        timezone: zone,
        latitude: row.latitude,
        longitude: row.longitude,
        population: row.population,
        regionKeys,
      });
    }
  }

  /**
   * Cities whose name (own, alternate or common abbreviation) starts with the query: a city's own name exactly first,
   * then an alternate name exactly, then own names starting so, then alternate names starting so; by population within each.
   */
  searchCity(query: string, limit = 20): { matches: number; cities: City[] } {
    const key = placeKey(query);
    if (!key) return { matches: 0, cities: [] };
    const cacheKey = `${limit}:${key}`;
    const cached = this.searchCache.get(cacheKey);
    if (cached) return cached;
    const found = new Map<number, Match>();
    this.exact(key, found);
    const alias = CITY_ALIASES.get(key);
    if (alias) this.exact(alias, found);
    this.prefix(key, found);
    const ranked = this.rank(found);
    const answer = { matches: ranked.length, cities: ranked.slice(0, limit).map(strip) };
    // Short prefixes ("san") match thousands of names; a bounded cache keeps popular queries O(1).
    if (this.searchCache.size >= SEARCH_CACHE_SIZE) this.searchCache.delete(this.searchCache.keys().next().value!);
    this.searchCache.set(cacheKey, answer);
    return answer;
  }

  /**
   * Free text to ranked cities: "Paris", "Paris, France", "London, ON", "Springfield, MO", "Paris, Texas", "Tokyo JP".
   * After the comma: a country code or name, or a state or province name or code. Cities named so rank above cities
   * that have it as an alternate name, most populous first within each.
   */
  lookup(location: string, limit = 10): City[] {
    // Clients look the same places up again and again, and reading one costs several text passes: a bounded cache, as for search.
    const cacheKey = `${limit}:${location}`;
    let cities = this.lookupCache.get(cacheKey);
    if (!cities) {
      cities = this.lookupUncached(location, limit);
      if (this.lookupCache.size >= SEARCH_CACHE_SIZE) this.lookupCache.delete(this.lookupCache.keys().next().value!);
      this.lookupCache.set(cacheKey, cities);
    }
    return cities;
  }

  private lookupUncached(location: string, limit: number): City[] {
    const parts = location
      .split(',')
      .map((p) => placeKey(p))
      .filter(Boolean);
    if (parts.length === 0) return [];
    let cityKey = parts[0];
    let qualifiers = parts.slice(1).map(normalizeText);
    if (qualifiers.length === 0) {
      // "Tokyo JP", "Paris Texas": a trailing region without a comma.
      const words = cityKey.split(' ');
      for (let cut = 1; cut < words.length; cut++) {
        const head = words.slice(0, cut).join(' ');
        const tail = normalizeText(words.slice(cut).join(' '));
        if (this.regionKeys.has(tail) && this.exact(head, new Map()).size > 0) {
          cityKey = head;
          qualifiers = [tail];
          break;
        }
      }
    }
    const found = new Map<number, Match>();
    this.exact(cityKey, found);
    const alias = CITY_ALIASES.get(cityKey);
    if (alias) this.exact(alias, found);
    if (found.size === 0 && cityKey.length >= 3) this.prefix(cityKey, found);
    for (const q of qualifiers) for (const i of found.keys()) if (!this.cities[i]!.regionKeys.includes(q)) found.delete(i);
    return this.rank(found).slice(0, limit).map(strip);
  }

  /** Records the best match of each city found; returns `found`. */
  private exact(key: string, found: Map<number, Match>): Map<number, Match> {
    for (const e of this.data.byKey.get(key) ?? []) this.note(found, e >> 1, e & 1 ? Match.AlternateName : Match.OwnName);
    return found;
  }

  private prefix(key: string, found: Map<number, Match>): void {
    for (const k of this.data.byPrefix.get(key.slice(0, 3)) ?? []) {
      if (!k.startsWith(key)) continue;
      for (const e of this.data.byKey.get(k)!) this.note(found, e >> 1, e & 1 ? Match.AlternatePrefix : Match.OwnPrefix);
    }
  }

  private note(found: Map<number, Match>, index: number, match: Match): void {
    if (this.cities[index] === null) return;
    const before = found.get(index);
    if (before === undefined || match < before) found.set(index, match);
  }

  /** Best match first, then by population. */
  private rank(found: Map<number, Match>): IndexedCity[] {
    return [...found]
      .map(([i, match]) => ({ match, city: this.cities[i]! }))
      .sort((a, b) => a.match - b.match || b.city.population - a.city.population)
      .map((x) => x.city);
  }
}

function strip(c: IndexedCity): City {
  const { regionKeys: _regionKeys, ...city } = c;
  return city;
}

// The point look-up (coordinates to zones, country and nearest city) is point-lookup.ts; the engine imports both from here.
export {
  BOUNDARY_CELLS_KEPT,
  BoundedCellCache,
  boundaryCells,
  checkCoordinates,
  countryAtPoint,
  haversineKm,
  nauticalZone,
  nearestCityIn,
  zonesAtPoint,
} from './point-lookup.js';
export type { ZoneChoice, ZoneLocator, ZonesAtPoint } from './point-lookup.js';
