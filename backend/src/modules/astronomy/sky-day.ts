import {
  Body,
  Equator,
  Horizon,
  Illumination,
  MoonPhase,
  Observer,
  SearchAltitude,
  SearchHourAngle,
  SearchMoonQuarter,
  SearchRiseSet,
  type AstroTime,
} from 'astronomy-engine';

/**
 * One local day of the sky at a place, as instants (epoch ms), from astronomy-engine. Conventions (the oracle test
 * uses the same): sunrise and sunset are the sun's upper limb on the horizon with 34′ of refraction (the almanac
 * convention, the sun's centre at −0.833°); twilights, golden hour and blue hour are the sun's centre at −6°, −12°,
 * −18°, −4° and +6° with no refraction; moonrise and moonset are the moon's upper limb with 34′ of refraction,
 * topocentric. The day is [start, end): the place's local midnight to the next one, so a DST day is 23 or 25 hours.
 */

export interface SkyPlace {
  latitude: number;
  longitude: number;
  /** Metres above sea level (the observer's height; no dip of the horizon is assumed). */
  elevation: number;
}

export type SunStatus = 'normal' | 'sun_always_up' | 'sun_always_down';

export interface Span {
  begin: number | null;
  end: number | null;
}

export interface SkyDay {
  sunStatus: SunStatus;
  sunrise: number | null;
  sunset: number | null;
  solarNoon: number | null;
  /** Milliseconds of the day with the sun's upper limb above the horizon. */
  dayLengthMs: number;
  civil: Span;
  nautical: Span;
  astronomical: Span;
  goldenMorning: Span;
  goldenEvening: Span;
  blueMorning: Span;
  blueEvening: Span;
  moonrises: number[];
  moonsets: number[];
  /** Degrees of ecliptic longitude of the moon east of the sun, at the middle of the day: 0 new, 90 first quarter, 180 full, 270 last quarter. */
  moonPhaseAngle: number;
  moonPhaseName: MoonPhaseName;
  /** Fraction of the moon's disc lit, 0–1, at the middle of the day. */
  moonIllumination: number;
}

export const MOON_PHASE_NAMES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;
export type MoonPhaseName = (typeof MOON_PHASE_NAMES)[number];

/** The sun's centre for the sunrise convention: upper limb (16′) on the horizon, 34′ of refraction. */
export const SUNRISE_ALTITUDE = -50 / 60;
const RISE = +1;
const SET = -1;
const MINUTE = 60_000;
const DAY = 86_400_000;

const ms = (t: AstroTime | null, end: number): number | null => (t !== null && t.date.getTime() < end ? t.date.getTime() : null);

/** The first crossing of `altitude` (centre, no refraction) in [start, end), rising or setting. */
function crossing(observer: Observer, direction: number, start: number, end: number, altitude: number): number | null {
  return ms(SearchAltitude(Body.Sun, observer, direction, new Date(start), (end - start) / DAY, altitude), end);
}

function span(observer: Observer, start: number, end: number, from: [number, number], to: [number, number]): Span {
  return { begin: crossing(observer, from[0], start, end, from[1]), end: crossing(observer, to[0], start, end, to[1]) };
}

/** Every rise (or set) of the moon in [start, end): none, one, or (rarely, a long day near the poles) two. */
function moonEvents(observer: Observer, direction: number, start: number, end: number): number[] {
  const out: number[] = [];
  let from = start;
  while (from < end && out.length < 4) {
    const at = ms(SearchRiseSet(Body.Moon, observer, direction, new Date(from), (end - from) / DAY), end);
    if (at === null) break;
    out.push(at);
    from = at + MINUTE;
  }
  return out;
}

/** The sun's centre's altitude (no refraction) at an instant. */
function sunAltitude(observer: Observer, at: number): number {
  const equ = Equator(Body.Sun, new Date(at), observer, true, true);
  return Horizon(new Date(at), observer, equ.ra, equ.dec).altitude;
}

function moonPhaseName(start: number, end: number, angle: number): MoonPhaseName {
  // A principal phase whose instant falls in the day names the day, as almanacs do.
  const quarter = SearchMoonQuarter(new Date(start));
  if (quarter.time.date.getTime() < end) return MOON_PHASE_NAMES[quarter.quarter * 2];
  return MOON_PHASE_NAMES[Math.floor(angle / 90) * 2 + 1];
}

function dayLength(status: SunStatus, sunrise: number | null, sunset: number | null, start: number, end: number): number {
  if (status === 'sun_always_up') return end - start;
  if (status === 'sun_always_down') return 0;
  if (sunrise !== null && sunset !== null && sunrise < sunset) return sunset - sunrise;
  // Up at the start of the day (it sets first) and/or still up at its end (it rises last).
  return (sunset !== null ? sunset - start : 0) + (sunrise !== null ? end - sunrise : 0);
}

/** The sky of the local day [start, end) at a place. */
export function skyDay(place: SkyPlace, start: number, end: number): SkyDay {
  const observer = new Observer(place.latitude, place.longitude, place.elevation);
  const days = (end - start) / DAY;
  const sunrise = ms(SearchRiseSet(Body.Sun, observer, RISE, new Date(start), days), end);
  const sunset = ms(SearchRiseSet(Body.Sun, observer, SET, new Date(start), days), end);
  const noon = SearchHourAngle(Body.Sun, observer, 0, new Date(start), +1).time.date.getTime();
  const middle = start + (end - start) / 2;
  // With neither a rise nor a set in the day, the sun is on one side of the horizon all day: any instant tells which.
  const sunStatus: SunStatus =
    sunrise !== null || sunset !== null ? 'normal' : sunAltitude(observer, middle) > SUNRISE_ALTITUDE ? 'sun_always_up' : 'sun_always_down';
  const angle = MoonPhase(new Date(middle));
  return {
    sunStatus,
    sunrise,
    sunset,
    solarNoon: noon < end ? noon : null,
    dayLengthMs: dayLength(sunStatus, sunrise, sunset, start, end),
    civil: span(observer, start, end, [RISE, -6], [SET, -6]),
    nautical: span(observer, start, end, [RISE, -12], [SET, -12]),
    astronomical: span(observer, start, end, [RISE, -18], [SET, -18]),
    goldenMorning: span(observer, start, end, [RISE, -4], [RISE, 6]),
    goldenEvening: span(observer, start, end, [SET, 6], [SET, -4]),
    blueMorning: span(observer, start, end, [RISE, -6], [RISE, -4]),
    blueEvening: span(observer, start, end, [SET, -4], [SET, -6]),
    moonrises: moonEvents(observer, RISE, start, end),
    moonsets: moonEvents(observer, SET, start, end),
    moonPhaseAngle: angle,
    moonPhaseName: moonPhaseName(start, end, angle),
    moonIllumination: Illumination(Body.Moon, new Date(middle)).phase_fraction,
  };
}
