import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** GeoNames towns of 15,000+ people with alternate names (src/bin/build-city-data.ts writes it). */
const CITY_DATA = fileURLToPath(new URL('../../../../data/cities/cities15000.tsv', import.meta.url));

export interface CityRow {
  name: string;
  latitude: number;
  longitude: number;
  countryCode: string;
  admin1: string;
  population: number;
  timezone: string;
  province: string;
}

export interface CityData {
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
export function loadCityData(): CityData {
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
