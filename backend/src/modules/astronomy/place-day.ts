import type { CompiledZone } from '../tzdb/compiled-zone.js';
import { formatDate, formatInstant } from '../timezone/engine/civil.js';
import type { AstronomyDay, InstantSpan, PlaceInstant } from './astronomy-answer.js';
import type { SkyDay, Span } from './sky-day.js';

const REASONS = {
  normal: null,
  sun_always_up: 'Polar day: the sun stays above the horizon for the whole local day, so it neither rises nor sets on this date.',
  sun_always_down: 'Polar night: the sun stays below the horizon for the whole local day, so it neither rises nor sets on this date.',
} as const;

/** "2024-07-01T09:00:00Z", to the second (the engine's answers are good to about a minute; milliseconds would be noise). */
function utcText(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19) + 'Z';
}

/** An instant with the offset our tz engine says is in force at that instant, rounded to the second. */
export function placeInstant(clock: CompiledZone, epochMs: number): PlaceInstant {
  const second = Math.round(epochMs / 1000) * 1000;
  return { time: formatInstant(second, clock.offsetAt(second)), utc: utcText(second) };
}

const instantOrNull = (clock: CompiledZone, epochMs: number | null) => (epochMs === null ? null : placeInstant(clock, epochMs));
const span = (clock: CompiledZone, s: Span): InstantSpan => ({ begin: instantOrNull(clock, s.begin), end: instantOrNull(clock, s.end) });

function duration(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** One local day's sky as the answer writes it: every instant in the place's zone at that instant. */
export function placeDay(clock: CompiledZone, civilDate: number, sky: SkyDay): AstronomyDay {
  const seconds = Math.round(sky.dayLengthMs / 1000);
  return {
    date: formatDate(civilDate),
    sun_status: sky.sunStatus,
    sun_status_reason: REASONS[sky.sunStatus],
    sunrise: instantOrNull(clock, sky.sunrise),
    sunset: instantOrNull(clock, sky.sunset),
    solar_noon: instantOrNull(clock, sky.solarNoon),
    day_length: duration(seconds),
    day_length_seconds: seconds,
    civil_twilight: span(clock, sky.civil),
    nautical_twilight: span(clock, sky.nautical),
    astronomical_twilight: span(clock, sky.astronomical),
    golden_hour_morning: span(clock, sky.goldenMorning),
    golden_hour_evening: span(clock, sky.goldenEvening),
    blue_hour_morning: span(clock, sky.blueMorning),
    blue_hour_evening: span(clock, sky.blueEvening),
    moonrise: sky.moonrises.map((t) => placeInstant(clock, t)),
    moonset: sky.moonsets.map((t) => placeInstant(clock, t)),
    moon_phase: { name: sky.moonPhaseName, angle: Math.round(sky.moonPhaseAngle * 100) / 100 },
    moon_illumination: Math.round(sky.moonIllumination * 1000) / 1000,
  };
}
