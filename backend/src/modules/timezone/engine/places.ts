import cityTimezones from 'city-timezones';
import ct from 'countries-and-timezones';
import { find as findZonesAt } from 'geo-tz';
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
  key: string;
  countryKeys: string[];
}

const SEARCH_CACHE_SIZE = 1000;

/** Lower-case, accents stripped, punctuation collapsed: "São Paulo" and "sao paulo" meet. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** City and coordinate look-ups over city-timezones and geo-tz; the index is built once. */
export class PlaceIndex {
  private readonly cities: IndexedCity[];
  private readonly countryCodeByKey = new Map<string, string>();
  private readonly searchCache = new Map<string, { matches: number; cities: City[] }>();

  constructor(canonicalZone: (name: string) => string | null) {
    const countries = ct.getAllCountries();
    for (const [code, c] of Object.entries(countries)) {
      this.countryCodeByKey.set(code.toLowerCase(), code);
      this.countryCodeByKey.set(normalizeText(c.name), code);
    }
    this.countryCodeByKey.set('usa', 'US');
    this.countryCodeByKey.set('uk', 'GB');
    const cities: IndexedCity[] = [];
    for (const c of cityTimezones.cityMapping) {
      const zone = c.timezone ? canonicalZone(c.timezone) : null;
      if (!zone) continue;
      cities.push({
        city: c.city,
        province: c.province || null,
        country: c.country,
        countryCode: c.iso2,
        timezone: zone,
        latitude: c.lat,
        longitude: c.lng,
        population: Math.round(c.pop),
        key: normalizeText(String(c.city)),
        countryKeys: [c.iso2, c.iso3, c.country, c.province].filter((k): k is string => typeof k === 'string' && k !== '').map((k) => normalizeText(k)),
      });
      const ascii = normalizeText(String(c.city_ascii));
      if (ascii !== normalizeText(String(c.city))) cities.push({ ...cities[cities.length - 1], key: ascii });
    }
    cities.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.population - a.population));
    this.cities = cities;
  }

  /** Cities whose name starts with the query, most populous first (exact names ahead). */
  searchCity(query: string, limit = 20): { matches: number; cities: City[] } {
    const key = normalizeText(query);
    if (!key) return { matches: 0, cities: [] };
    const cacheKey = `${limit}:${key}`;
    const cached = this.searchCache.get(cacheKey);
    if (cached) return cached;
    const answer = this.rankPrefix(key, limit);
    // Short prefixes ("san") scan thousands of rows; a bounded cache keeps popular queries O(1).
    if (this.searchCache.size >= SEARCH_CACHE_SIZE) this.searchCache.delete(this.searchCache.keys().next().value!);
    this.searchCache.set(cacheKey, answer);
    return answer;
  }

  private rankPrefix(key: string, limit: number): { matches: number; cities: City[] } {
    const found = this.prefixRange(key);
    const seen = new Set<string>();
    const unique: IndexedCity[] = [];
    for (const c of found) {
      const id = `${c.city}|${c.countryCode}|${c.latitude}|${c.longitude}`;
      if (seen.has(id)) continue;
      seen.add(id);
      unique.push(c);
    }
    unique.sort((a, b) => Number(b.key === key) - Number(a.key === key) || b.population - a.population);
    return { matches: unique.length, cities: unique.slice(0, limit).map(strip) };
  }

  /** Free text such as "Paris", "Paris, France", "Springfield, US" or "Tokyo JP" to ranked cities. */
  lookup(location: string, limit = 10): City[] {
    const text = location.trim();
    const parts = text.split(',').map((p) => normalizeText(p)).filter(Boolean);
    if (parts.length === 0) return [];
    let cityKey = parts[0];
    let qualifiers = parts.slice(1);
    if (qualifiers.length === 0) {
      // "Tokyo JP": a trailing country code or name without a comma.
      const words = cityKey.split(' ');
      for (let cut = 1; cut < words.length; cut++) {
        const tail = words.slice(cut).join(' ');
        if (this.countryCodeByKey.has(tail) && this.exact(words.slice(0, cut).join(' ')).length > 0) {
          cityKey = words.slice(0, cut).join(' ');
          qualifiers = [tail];
          break;
        }
      }
    }
    let candidates = this.exact(cityKey);
    if (candidates.length === 0) candidates = this.prefixRange(cityKey);
    for (const q of qualifiers) {
      const code = this.countryCodeByKey.get(q);
      candidates = candidates.filter((c) => c.countryKeys.includes(q) || (code !== undefined && c.countryCode === code));
    }
    const seen = new Set<string>();
    return candidates
      .sort((a, b) => b.population - a.population)
      .filter((c) => {
        const id = `${c.city}|${c.countryCode}|${c.latitude}|${c.longitude}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      })
      .slice(0, limit)
      .map(strip);
  }

  private exact(key: string): IndexedCity[] {
    return this.prefixRange(key).filter((c) => c.key === key);
  }

  private prefixRange(key: string): IndexedCity[] {
    let lo = 0;
    let hi = this.cities.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cities[mid].key < key) lo = mid + 1;
      else hi = mid;
    }
    const out: IndexedCity[] = [];
    for (let i = lo; i < this.cities.length && this.cities[i].key.startsWith(key); i++) out.push(this.cities[i]);
    return out;
  }
}

function strip(c: IndexedCity): City {
  const { key: _key, countryKeys: _countryKeys, ...city } = c;
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

/** Nautical zone of a longitude: Etc/GMT-12 east of 172.5°E, Etc/GMT+12 west of 172.5°W. */
function nauticalZone(longitude: number): string {
  const hours = Math.round(longitude / 15);
  if (hours === 0) return 'Etc/GMT';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

/**
 * Zone at a point. geo-tz answers several zones at the poles and on the date line; pick the one
 * matching the longitude's nautical zone so the answer is stable.
 */
export function zoneAtPoint(latitude: number, longitude: number): string {
  checkCoordinates(latitude, longitude);
  const zones = findZonesAt(latitude, longitude);
  if (zones.length === 1) return zones[0];
  const nautical = nauticalZone(longitude);
  if (zones.length === 0 || zones.includes(nautical)) return nautical;
  return zones[0];
}
