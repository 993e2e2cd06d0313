import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { iso1A2Code } from '@rapideditor/country-coder';
import ct from 'countries-and-timezones';
import { find as findZonesAt, setCache as setBoundaryCache } from 'geo-tz/all';
import { territoryName } from '../cldr/cldr-data.js';
import { timezoneProblem } from '../timezone.errors.js';

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

/** GeoNames towns of 15,000+ people with alternate names (src/bin/build-city-data.ts writes it). */
const CITY_DATA = fileURLToPath(new URL('../../../../data/cities/cities15000.tsv', import.meta.url));

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

interface CityRow {
  name: string;
  latitude: number;
  longitude: number;
  countryCode: string;
  admin1: string;
  population: number;
  timezone: string;
  province: string;
}

interface CityData {
  rows: CityRow[];
  /**
   * Name key → rows with that exact name, each as row × 2 + 1 for an alternate name, row × 2 for one of the city's own
   * names (GeoNames name, ASCII name): one small array per key, as many keys as there are names (about 300,000).
   */
  byKey: Map<string, number[]>;
  /** First 1, 2 and 3 characters of a name key → the keys starting so, for prefix search. */
  byPrefix: Map<string, string[]>;
}

let cityData: CityData | null = null;

/** The data file read and its name index built once per process; each engine (one per tz release) maps its rows to zones. */
function loadCityData(): CityData {
  if (cityData) return cityData;
  const rows: CityRow[] = [];
  const byKey = new Map<string, number[]>();
  const byPrefix = new Map<string, string[]>();
  const add = (key: string, index: number, alternate: boolean) => {
    let entry = byKey.get(key);
    if (!entry) {
      byKey.set(key, (entry = []));
      for (let n = 1; n <= 3 && n <= key.length; n++) {
        const prefix = key.slice(0, n);
        let sharing = byPrefix.get(prefix);
        if (!sharing) byPrefix.set(prefix, (sharing = []));
        sharing.push(key);
      }
    }
    entry.push(index * 2 + (alternate ? 1 : 0));
  };
  for (const line of readFileSync(CITY_DATA, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [name, own, alternate, lat, lng, countryCode, admin1, population, timezone, province] = line.split('\t');
    const index = rows.length;
    rows.push({ name, latitude: Number(lat), longitude: Number(lng), countryCode, admin1, population: Number(population), timezone, province });
    for (const key of own.split('|')) if (key) add(key, index, false);
    for (const key of alternate.split('|')) if (key) add(key, index, true);
  }
  return (cityData = { rows, byKey, byPrefix });
}

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

export function checkCoordinates(latitude: number, longitude: number): void {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw timezoneProblem('invalid_coordinates', `latitude ${latitude} is outside -90..90.`, 'latitude');
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw timezoneProblem('invalid_coordinates', `longitude ${longitude} is outside -180..180.`, 'longitude');
  }
}

/**
 * Decoded boundary cells kept in memory. geo-tz keeps every cell it ever decoded (its default cache never forgets):
 * the whole full product decoded is about 1.5 GB of heap (the 1970 product 1.3 GB). The data has 21,525 stored
 * cells of about 70 KB each decoded; the 2,000 used last (about 140 MB at most, far less in practice: cities cluster)
 * stay, a cell read again costs about 0.1 ms from the page cache.
 */
export const BOUNDARY_CELLS_KEPT = 2000;

/** A least-recently-used map for geo-tz's cell cache. */
export class BoundedCellCache<V> {
  private readonly cells = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get size(): number {
    return this.cells.size;
  }
  get(key: string): V | undefined {
    const value = this.cells.get(key);
    if (value !== undefined) {
      this.cells.delete(key);
      this.cells.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.cells.set(key, value);
    if (this.cells.size > this.limit) this.cells.delete(this.cells.keys().next().value!);
  }
}

export const boundaryCells = new BoundedCellCache<unknown>(BOUNDARY_CELLS_KEPT);
setBoundaryCache({ store: boundaryCells });

/** Nautical zone of a longitude: Etc/GMT-12 east of 172.5°E, Etc/GMT+12 west of 172.5°W. */
export function nauticalZone(longitude: number): string {
  const hours = Math.round(longitude / 15);
  if (hours === 0) return 'Etc/GMT';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

/**
 * Why the first of the zones at a point was chosen:
 * - `only_zone`: the boundary data holds one zone there;
 * - `open_sea`: the boundary data's ocean zone (nautical Etc/GMT±N by longitude, territorial waters excepted);
 * - `pole`: latitude ±90, where every meridian meets: the nautical zone of the longitude asked;
 * - `date_line`: on the ±180° meridian at sea both nautical zones touch: the one of the longitude's sign;
 * - `nearest_zone_location`: overlapping or disputed boundaries (Xinjiang, Abkhazia, Abyei) hold several zones: the one
 *   whose tzdb principal location (zone.tab) is nearest the point.
 */
export type ZoneChoice = 'only_zone' | 'open_sea' | 'pole' | 'date_line' | 'nearest_zone_location';

export interface ZonesAtPoint {
  /** Every zone the boundary data holds at the point, the chosen one first. */
  zones: string[];
  choice: ZoneChoice;
}

/** A zone's tzdb principal location (zone.tab), for choosing among overlapping zones. */
export type ZoneLocator = (zone: string) => { latitude: number | null; longitude: number | null } | undefined;

function distanceSquared(latitude: number, longitude: number, lat: number, lon: number): number {
  let dLon = Math.abs(lon - longitude);
  if (dLon > 180) dLon = 360 - dLon;
  return (lat - latitude) ** 2 + (dLon * Math.cos((latitude * Math.PI) / 180)) ** 2;
}

/**
 * Zones at a point from timezone-boundary-builder's full product with oceans (geo-tz/all: every tzdb zone of
 * zone.tab, not the product merged by "same clocks since 1970", which answers Asia/Riyadh in Nairobi).
 */
export function zonesAtPoint(latitude: number, longitude: number, locate: ZoneLocator): ZonesAtPoint {
  checkCoordinates(latitude, longitude);
  if (Math.abs(latitude) === 90) return { zones: [nauticalZone(longitude)], choice: 'pole' };
  const raw = findZonesAt(latitude, longitude);
  if (raw.length === 1) return { zones: raw, choice: raw[0].startsWith('Etc/') ? 'open_sea' : 'only_zone' };
  const found = [...new Set(raw)];
  const land = found.filter((z) => !z.startsWith('Etc/'));
  if (land.length === 0) {
    const nautical = nauticalZone(longitude);
    if (found.length <= 1) return { zones: found.length === 1 ? found : [nautical], choice: 'open_sea' };
    const first = found.includes(nautical) ? nautical : found[0];
    return { zones: [first, ...found.filter((z) => z !== first)], choice: 'date_line' };
  }
  if (land.length === 1) return { zones: land, choice: 'only_zone' };
  const ranked = land
    .map((zone) => {
      const at = locate(zone);
      const d = at && at.latitude !== null && at.longitude !== null ? distanceSquared(latitude, longitude, at.latitude, at.longitude) : Infinity;
      return { zone, d };
    })
    .sort((a, b) => a.d - b.d || a.zone.localeCompare(b.zone));
  return { zones: ranked.map((r) => r.zone), choice: 'nearest_zone_location' };
}

interface CityGrid {
  /** Cell id ((row + 90) * 360 + column + 180, 1° cells) → data rows in it. */
  cells: Map<number, number[]>;
  latitude: Float64Array;
  longitude: Float64Array;
}

let cityGrid: CityGrid | null = null;
const KM_PER_DEGREE = 111.195;

function loadCityGrid(rows: CityRow[]): CityGrid {
  const cells = new Map<number, number[]>();
  const latitude = new Float64Array(rows.length);
  const longitude = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    latitude[i] = row.latitude;
    longitude[i] = row.longitude;
    const id = (Math.floor(row.latitude) + 90) * 360 + Math.floor(row.longitude) + 180;
    let cell = cells.get(id);
    if (!cell) cells.set(id, (cell = []));
    cell.push(i);
  });
  return { cells, latitude, longitude };
}

/**
 * The nearest GeoNames city (15,000+ people) of `countryCode` within `maxKm` of a point, or null: a coordinate answer
 * names a city of the country it answers, never a neighbour's. A 1° grid keeps it to the cities of a few cells.
 */
export function nearestCityIn(countryCode: string, latitude: number, longitude: number, maxKm = 100): string | null {
  const { rows } = loadCityData();
  const grid = (cityGrid ??= loadCityGrid(rows));
  const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const latCells = Math.ceil(maxKm / KM_PER_DEGREE);
  const lonCells = Math.min(Math.ceil(maxKm / (KM_PER_DEGREE * cos)), 180);
  const row0 = Math.floor(latitude);
  const col0 = Math.floor(longitude);
  let best = -1;
  let bestKm = maxKm;
  for (let r = Math.max(row0 - latCells, -90); r <= Math.min(row0 + latCells, 89); r++) {
    for (let c = col0 - lonCells; c <= col0 + lonCells; c++) {
      const column = ((((c + 180) % 360) + 360) % 360) - 180;
      const cell = grid.cells.get((r + 90) * 360 + column + 180);
      if (!cell) continue;
      for (const i of cell) {
        // A cheap flat-earth bound first; the great-circle distance only for the few that may be nearer.
        let dLon = Math.abs(grid.longitude[i] - longitude);
        if (dLon > 180) dLon = 360 - dLon;
        const dLat = Math.abs(grid.latitude[i] - latitude);
        if (dLat * KM_PER_DEGREE > bestKm * 1.01 || dLon * KM_PER_DEGREE * Math.min(cos, Math.cos((grid.latitude[i] * Math.PI) / 180)) > bestKm * 1.01)
          continue;
        if (rows[i].countryCode !== countryCode) continue;
        const km = haversineKm(latitude, longitude, grid.latitude[i], grid.longitude[i]);
        if (km <= bestKm) [bestKm, best] = [km, i];
      }
    }
  }
  return best >= 0 ? rows[best].name : null;
}

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The country at a point in a zone. A zone is named in zone.tab for one country, and that is the answer, except for the
 * few zones whose boundary covers parts of several (zone1970.tab lists them: Asia/Bangkok also runs north Vietnam).
 * There the point-in-polygon of country borders (country-coder, OpenStreetMap borders) picks among the zone's own
 * countries; a border point it cannot place keeps the zone.tab country.
 */
export function countryAtPoint(latitude: number, longitude: number, zoneCountry: string | null, zoneCountries: readonly string[]): string | null {
  if (!zoneCountry || zoneCountries.length <= 1) return zoneCountry;
  const here = iso1A2Code([longitude, latitude], { level: 'territory' });
  return here && zoneCountries.includes(here) ? here : zoneCountry;
}
