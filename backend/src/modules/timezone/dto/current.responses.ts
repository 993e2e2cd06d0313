import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Coordinates, CurrentTime, ZoneLocation } from '../engine/answers.js';
import { OFFSET, INSTANT, NAME, GENERIC_NAME, EXEMPLAR_CITY, LOCALE, ZONES_AT_POINT, ZONE_CHOICE } from './view-properties.js';

/** The current time's answers: a zone now, at a point, and UTC. Each view implements the engine's answer it documents. */

export class ZoneLocationView implements ZoneLocation {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Country name (Unicode CLDR, in English, or in the language of `lang`); null for zones of no country (UTC, Etc/*).',
    example: 'United States',
  })
  country!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 3166-1 alpha-2 code; null for zones of no country.', example: 'US' })
  country_code!: string | null;
  @ApiProperty({ description: 'First part of the zone name.', example: 'America' })
  region!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Main city of the zone; null for zones without one (UTC, Etc/*). In coordinate answers: the nearest city of 15,000+ people (GeoNames) in `country` within 100 km of the point, else the zone's own city when the zone is named for that country, else null.",
    example: 'New York',
  })
  city!: string | null;
}

export class CoordinatesView implements Coordinates {
  @ApiProperty({ description: 'Latitude in decimal degrees.', example: 40.7128, minimum: -90, maximum: 90 })
  latitude!: number;
  @ApiProperty({ description: 'Longitude in decimal degrees.', example: -74.006, minimum: -180, maximum: 180 })
  longitude!: number;
}

export class CurrentTimeView implements CurrentTime {
  @ApiProperty({ description: 'The zone answered, in canonical spelling.', example: 'America/New_York' })
  timezone!: string;
  @ApiPropertyOptional({
    description: 'The name as sent, when it was a link to another zone (Asia/Calcutta) or a Windows ID (Pacific Standard Time).',
    example: 'Asia/Calcutta',
  })
  requested_timezone?: string;
  @ApiPropertyOptional({ description: 'The tzdb zone a listed name links to, when it differs from `timezone`.', example: 'Europe/Zurich' })
  canonical_timezone?: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The zone's Microsoft Windows time zone ID (Unicode CLDR windowsZones, as /api/health `cldrVersion` names it); null when CLDR maps none to the zone.",
    example: 'Eastern Standard Time',
  })
  windows_zone!: string | null;
  @ApiProperty(INSTANT)
  current_time!: string;
  @ApiProperty(OFFSET)
  utc_offset!: string;
  @ApiProperty({ description: 'Whether summer time is in force (tzdb rearguard reading).', example: true })
  dst_active!: boolean;
  @ApiProperty({ description: 'tzdb abbreviation in force (numeric like "+0545" where tzdb has no letters).', example: 'EDT' })
  abbreviation!: string;
  @ApiProperty(NAME)
  timezone_name!: string;
  @ApiProperty(GENERIC_NAME)
  timezone_generic_name!: string;
  @ApiProperty(EXEMPLAR_CITY)
  exemplar_city!: string | null;
  @ApiProperty({ type: ZoneLocationView })
  location!: ZoneLocationView;
  @ApiProperty(LOCALE)
  locale!: string;
}

export class CurrentTimeAtView extends CurrentTimeView {
  @ApiProperty({ type: CoordinatesView, description: 'The point asked about.' })
  coordinates!: CoordinatesView;
  @ApiProperty(ZONES_AT_POINT)
  zones_at_point!: string[];
  @ApiProperty(ZONE_CHOICE)
  zone_choice!: 'only_zone' | 'open_sea' | 'pole' | 'date_line' | 'nearest_zone_location';
}

export class ZoneAtPointView {
  @ApiProperty({ description: 'The zone at the point (Etc/GMT±N at sea).', example: 'America/New_York' })
  timezone!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The zone's Microsoft Windows time zone ID (CLDR windowsZones); null when CLDR maps none to it.",
    example: 'Eastern Standard Time',
  })
  windows_zone!: string | null;
  @ApiProperty({ type: CoordinatesView })
  coordinates!: CoordinatesView;
  @ApiProperty(OFFSET)
  utc_offset!: string;
  @ApiProperty({ example: true })
  dst_active!: boolean;
  @ApiProperty({ example: 'EDT' })
  abbreviation!: string;
  @ApiProperty(NAME)
  timezone_name!: string;
  @ApiProperty(GENERIC_NAME)
  timezone_generic_name!: string;
  @ApiProperty(EXEMPLAR_CITY)
  exemplar_city!: string | null;
  @ApiProperty({ type: ZoneLocationView })
  location!: ZoneLocationView;
  @ApiProperty(ZONES_AT_POINT)
  zones_at_point!: string[];
  @ApiProperty(ZONE_CHOICE)
  zone_choice!: 'only_zone' | 'open_sea' | 'pole' | 'date_line' | 'nearest_zone_location';
  @ApiProperty(LOCALE)
  locale!: string;
}

export class UtcTimeView {
  @ApiProperty({ description: 'ISO 8601 in UTC with milliseconds.', example: '2024-07-01T13:00:00.000Z' })
  utc_time!: string;
  @ApiProperty({ description: 'Unix time in whole seconds.', example: 1719838800 })
  unix_timestamp!: number;
  @ApiProperty({ description: 'Unix time in milliseconds.', example: 1719838800000 })
  timestamp_ms!: number;
  @ApiProperty({ minimum: 1, maximum: 366, example: 183 })
  day_of_year!: number;
  @ApiProperty({ description: 'ISO 8601 week number.', minimum: 1, maximum: 53, example: 27 })
  week_number!: number;
}
