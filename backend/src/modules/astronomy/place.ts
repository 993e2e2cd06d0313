import { parseCoordinate } from '../timezone/coordinates.js';
import type { TimeEngine } from '../timezone/engine/time-engine.js';
import { ipZone } from '../timezone/ip/ip-answer.js';
import { IpProblems } from '../timezone/ip/ip.errors.js';
import type { IpLocator } from '../timezone/ip/ip-locator.js';
import type { AstronomyPlace } from './astronomy-answer.js';
import { AstronomyProblems, ELEVATION_RANGE } from './astronomy.errors.js';

export interface PlaceAsked {
  latitude?: string;
  longitude?: string;
  city?: string;
  ip?: string;
  elevation?: string;
}

/** The place and the zone its times are written in. */
export interface ResolvedPlace {
  place: AstronomyPlace;
  timezone: string;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function elevation(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = DECIMAL.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= ELEVATION_RANGE.min && n <= ELEVATION_RANGE.max)) throw AstronomyProblems.invalidElevation(value);
  return n;
}

/**
 * Where the sky is asked for: coordinates (zone from the boundary data, as GET /api/timezone/coordinate), a city
 * (lookup's first candidate with coordinates, then its zone as its coordinates resolve it), or an IP address (located
 * and zoned as GET /api/time/current/ip does).
 */
export function resolvePlace(engine: TimeEngine, locator: IpLocator, asked: PlaceAsked, now: number): ResolvedPlace {
  const given = [
    ...(asked.latitude !== undefined || asked.longitude !== undefined ? ['latitude/longitude'] : []),
    ...(asked.city !== undefined ? ['city'] : []),
    ...(asked.ip !== undefined ? ['ip'] : []),
  ];
  if (given.length !== 1) throw AstronomyProblems.invalidPlace(given);
  const metres = elevation(asked.elevation);
  if (asked.city !== undefined) {
    const candidate = engine.lookup(asked.city, now).candidates.find((c) => c.coordinates !== null);
    if (!candidate?.coordinates) throw AstronomyProblems.unknownCity(asked.city);
    const { latitude, longitude } = candidate.coordinates;
    return {
      place: { source: 'city', latitude, longitude, elevation: metres, city: candidate.city, country_code: candidate.country_code, ip: null },
      timezone: engine.zoneAt(latitude, longitude, now).timezone,
    };
  }
  if (asked.ip !== undefined) {
    const { address, location } = locator.locate(asked.ip, undefined);
    if (location.latitude === null || location.longitude === null) throw IpProblems.notLocated(address.ip);
    return {
      place: {
        source: 'ip',
        latitude: location.latitude,
        longitude: location.longitude,
        elevation: metres,
        city: location.city,
        country_code: location.countryCode,
        ip: address.ip,
      },
      timezone: ipZone(engine, address, location),
    };
  }
  const latitude = parseCoordinate(asked.latitude ?? '', 'latitude');
  const longitude = parseCoordinate(asked.longitude ?? '', 'longitude');
  // zoneAt refuses a point off the globe (invalid_coordinates) before any sky is computed.
  const timezone = engine.zoneAt(latitude, longitude, now).timezone;
  return { place: { source: 'coordinates', latitude, longitude, elevation: metres, city: null, country_code: null, ip: null }, timezone };
}
