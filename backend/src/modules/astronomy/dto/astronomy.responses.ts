import { ApiProperty } from '@nestjs/swagger';
import type { AstronomyAnswer, AstronomyDay, AstronomyPlace, InstantSpan, MoonPhase, PlaceInstant, PlaceSource } from '../astronomy-answer.js';
import { MOON_PHASE_NAMES, type MoonPhaseName, type SunStatus } from '../sky-day.js';

/** The sun and moon answer as OpenAPI models; each class implements the engine's answer type, so they cannot drift. */

export class PlaceInstantView implements PlaceInstant {
  @ApiProperty({
    description: "The instant with the place's UTC offset in force at that instant (our tz engine; on a DST day sunrise and sunset can differ).",
    example: '2027-03-28T06:56:03+02:00',
  })
  time!: string;
  @ApiProperty({ description: 'The same instant in UTC.', example: '2027-03-28T04:56:03Z' })
  utc!: string;
}

export class InstantSpanView implements InstantSpan {
  @ApiProperty({ type: PlaceInstantView, nullable: true, description: 'When it begins on this local date; null when it does not begin on this date.' })
  begin!: PlaceInstantView | null;
  @ApiProperty({ type: PlaceInstantView, nullable: true, description: 'When it ends on this local date; null when it does not end on this date.' })
  end!: PlaceInstantView | null;
}

export class MoonPhaseView implements MoonPhase {
  @ApiProperty({
    enum: MOON_PHASE_NAMES,
    description:
      'A principal phase (New Moon, First Quarter, Full Moon, Last Quarter) when its instant falls on this local date; else the phase at the middle of the day.',
    example: 'Waxing Gibbous',
  })
  name!: MoonPhaseName;
  @ApiProperty({
    description: "The moon's ecliptic longitude east of the sun at the middle of the local day, 0–360°: 0 new, 90 first quarter, 180 full, 270 last quarter.",
    example: 312.4,
  })
  angle!: number;
}

export class AstronomyDayView implements AstronomyDay {
  @ApiProperty({ description: "The place's local date.", example: '2027-03-28' })
  date!: string;
  @ApiProperty({
    enum: ['normal', 'sun_always_up', 'sun_always_down'],
    description: 'normal; or sun_always_up (polar day) / sun_always_down (polar night): no sunrise nor sunset on this date, and they are null.',
    example: 'normal',
  })
  sun_status!: SunStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Why sunrise and sunset are null, for polar day and night; null otherwise.', example: null })
  sun_status_reason!: string | null;
  @ApiProperty({
    type: PlaceInstantView,
    nullable: true,
    description: "The sun's upper limb clears the horizon (34′ of refraction); null when the sun does not rise on this date.",
  })
  sunrise!: PlaceInstantView | null;
  @ApiProperty({ type: PlaceInstantView, nullable: true, description: "The sun's upper limb goes below the horizon; null when it does not set on this date." })
  sunset!: PlaceInstantView | null;
  @ApiProperty({
    type: PlaceInstantView,
    nullable: true,
    description: 'The sun crosses the meridian (highest in the sky); null in the rare day that has none.',
  })
  solar_noon!: PlaceInstantView | null;
  @ApiProperty({ description: 'How long the sun is up on this local date, HH:MM:SS (24:00:00 in polar day, 00:00:00 in polar night).', example: '12:45:10' })
  day_length!: string;
  @ApiProperty({ description: 'day_length in seconds.', example: 45910 })
  day_length_seconds!: number;
  @ApiProperty({ type: InstantSpanView, description: "Civil twilight: the sun's centre at −6°; begin is dawn, end is dusk." })
  civil_twilight!: InstantSpanView;
  @ApiProperty({ type: InstantSpanView, description: "Nautical twilight: the sun's centre at −12°." })
  nautical_twilight!: InstantSpanView;
  @ApiProperty({ type: InstantSpanView, description: "Astronomical twilight: the sun's centre at −18°." })
  astronomical_twilight!: InstantSpanView;
  @ApiProperty({ type: InstantSpanView, description: "Morning golden hour: the sun's centre rising from −4° to +6°." })
  golden_hour_morning!: InstantSpanView;
  @ApiProperty({ type: InstantSpanView, description: "Evening golden hour: the sun's centre setting from +6° to −4°." })
  golden_hour_evening!: InstantSpanView;
  @ApiProperty({ type: InstantSpanView, description: "Morning blue hour: the sun's centre rising from −6° to −4°." })
  blue_hour_morning!: InstantSpanView;
  @ApiProperty({ type: InstantSpanView, description: "Evening blue hour: the sun's centre setting from −4° to −6°." })
  blue_hour_evening!: InstantSpanView;
  @ApiProperty({
    type: [PlaceInstantView],
    description: "Each moonrise on this local date (the moon's upper limb, topocentric): usually one, some days none, rarely two.",
  })
  moonrise!: PlaceInstantView[];
  @ApiProperty({ type: [PlaceInstantView], description: 'Each moonset on this local date: usually one, some days none, rarely two.' })
  moonset!: PlaceInstantView[];
  @ApiProperty({ type: MoonPhaseView })
  moon_phase!: MoonPhaseView;
  @ApiProperty({ description: "Fraction of the moon's disc lit at the middle of the local day, 0–1.", example: 0.934 })
  moon_illumination!: number;
}

export class AstronomyPlaceView implements AstronomyPlace {
  @ApiProperty({ enum: ['coordinates', 'city', 'ip'], description: 'How the place was named.', example: 'coordinates' })
  source!: PlaceSource;
  @ApiProperty({ description: 'Latitude of the place (for city and ip: the data’s coordinates).', example: 52.52 })
  latitude!: number;
  @ApiProperty({ description: 'Longitude of the place.', example: 13.405 })
  longitude!: number;
  @ApiProperty({ description: 'Observer height above sea level in metres (elevation; default 0).', example: 0 })
  elevation!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The city found (city) or the IP data’s city (ip); null for coordinates.', example: null })
  city!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 3166-1 alpha-2 country of the city or address; null for coordinates.', example: null })
  country_code!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The address located (ip); null otherwise.', example: null })
  ip!: string | null;
}

export class AstronomyView implements AstronomyAnswer {
  @ApiProperty({ type: AstronomyPlaceView })
  place!: AstronomyPlaceView;
  @ApiProperty({
    description:
      'The zone every time is written in: at coordinates (and a city’s coordinates) the boundary data’s zone, as GET /api/timezone/coordinate; for ip, the IP data’s.',
    example: 'Europe/Berlin',
  })
  timezone!: string;
  @ApiProperty({ description: 'The tz database release the offsets come from (also X-Tzdb-Version).', example: '2026f' })
  tzdb_version!: string;
  @ApiProperty({ type: [AstronomyDayView], description: 'One item per local date asked for, in order.' })
  days!: AstronomyDayView[];
}
