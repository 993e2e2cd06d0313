import type { MoonPhaseName, SunStatus } from './sky-day.js';

/** An instant written twice: with the place's offset in force at that very instant, and in UTC. */
export interface PlaceInstant {
  time: string;
  utc: string;
}

export interface InstantSpan {
  begin: PlaceInstant | null;
  end: PlaceInstant | null;
}

export interface MoonPhase {
  name: MoonPhaseName;
  angle: number;
}

export interface AstronomyDay {
  date: string;
  sun_status: SunStatus;
  sun_status_reason: string | null;
  sunrise: PlaceInstant | null;
  sunset: PlaceInstant | null;
  solar_noon: PlaceInstant | null;
  day_length: string;
  day_length_seconds: number;
  civil_twilight: InstantSpan;
  nautical_twilight: InstantSpan;
  astronomical_twilight: InstantSpan;
  golden_hour_morning: InstantSpan;
  golden_hour_evening: InstantSpan;
  blue_hour_morning: InstantSpan;
  blue_hour_evening: InstantSpan;
  moonrise: PlaceInstant[];
  moonset: PlaceInstant[];
  moon_phase: MoonPhase;
  moon_illumination: number;
}

export type PlaceSource = 'coordinates' | 'city' | 'ip';

export interface AstronomyPlace {
  source: PlaceSource;
  latitude: number;
  longitude: number;
  elevation: number;
  /** The city asked for (city) or the IP data's city (ip); null for coordinates. */
  city: string | null;
  country_code: string | null;
  /** The address located (ip only). */
  ip: string | null;
}

export interface AstronomyAnswer {
  place: AstronomyPlace;
  timezone: string;
  tzdb_version: string;
  days: AstronomyDay[];
}
