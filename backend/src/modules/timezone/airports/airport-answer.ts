import type { TimeEngine } from '../engine/time-engine.js';
import type { Airport } from './airport-index.js';

/** The airport as answered: the data's own fields, the country named by the release's ISO 3166 table. */
export interface AirportFacts {
  iata: string | null;
  icao: string | null;
  name: string;
  city: string | null;
  country_code: string;
  country: string | null;
  latitude: number;
  longitude: number;
}

/**
 * The current time at an airport: the zone our boundary data gives at its coordinates (never a zone column of the
 * airport data), with the fields of /api/time/current/coordinate and the airport itself.
 */
export function airportTime(engine: TimeEngine, airport: Airport, now: number) {
  const facts: AirportFacts = {
    iata: airport.iata,
    icao: airport.icao,
    name: airport.name,
    city: airport.city,
    country_code: airport.countryCode,
    country: engine.release.countries.get(airport.countryCode) ?? null,
    latitude: airport.latitude,
    longitude: airport.longitude,
  };
  return { airport: facts, ...engine.currentTimeAt(airport.latitude, airport.longitude, now) };
}
