import { iso1A2Code } from '@rapideditor/country-coder';
import { find as findZonesAt, setCache as setBoundaryCache } from 'geo-tz/all';
import { timezoneProblem } from '../timezone.errors.js';
import { loadCityData } from './city-data.js';
import type { CityRow } from './city-data.js';

// Coordinates to answers: the zones at a point (timezone-boundary-builder through geo-tz), its country and nearest city.

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
