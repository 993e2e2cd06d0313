import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PlaceCandidate, ZoneListItem } from '../engine/answers.js';
import { CoordinatesView } from './current.responses.js';
import { OFFSET, NAME, GENERIC_NAME, EXEMPLAR_CITY, LOCALE, BACKZONE_HISTORY } from './view-properties.js';

/** The zone list and the place search's answers. Each view implements the engine's answer it documents. */

export class ZoneListItemView implements ZoneListItem {
  @ApiProperty({ example: 'America/New_York' })
  timezone!: string;
  @ApiProperty({ description: 'The tzdb zone this name links to (itself for a zone).', example: 'America/New_York' })
  canonical_timezone!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The zone's Microsoft Windows time zone ID (CLDR windowsZones); null when CLDR maps none to it.",
    example: 'Eastern Standard Time',
  })
  windows_zone!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'US' })
  country_code!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'United States' })
  country!: string | null;
  @ApiProperty({ example: 'America' })
  region!: string;
  @ApiProperty({ type: String, nullable: true, example: 'New York' })
  main_city!: string | null;
  @ApiProperty(OFFSET)
  utc_offset!: string;
  @ApiProperty({ example: 'EDT' })
  abbreviation!: string;
  @ApiProperty(NAME)
  timezone_name!: string;
  @ApiProperty(GENERIC_NAME)
  timezone_generic_name!: string;
  @ApiProperty(EXEMPLAR_CITY)
  exemplar_city!: string | null;
  @ApiProperty({ description: 'DST in force now.', example: true })
  dst_active!: boolean;
  @ApiProperty({ description: 'The zone has DST this year.', example: true })
  observes_dst!: boolean;
  @ApiProperty(BACKZONE_HISTORY)
  backzone_history!: boolean;
}

export class ZoneListView {
  @ApiProperty({ type: [ZoneListItemView] })
  timezones!: ZoneListItemView[];
  @ApiProperty({ description: 'Number of items.', example: 3 })
  total!: number;
  @ApiProperty(LOCALE)
  locale!: string;
}

export class PlaceCandidateView implements PlaceCandidate {
  @ApiProperty({ example: 'America/Los_Angeles' })
  timezone!: string;
  @ApiProperty({ type: String, nullable: true, description: "City name; the zone's main city for a zone-name look-up.", example: 'San Francisco' })
  city!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'State or province; null where unknown.', example: 'California' })
  province!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'United States' })
  country!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'US' })
  country_code!: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    description: 'Where the city is; null for a zone-name look-up.',
    properties: { latitude: { type: 'number', example: 37.77493 }, longitude: { type: 'number', example: -122.41942 } },
    required: ['latitude', 'longitude'],
    additionalProperties: false,
  })
  coordinates!: CoordinatesView | null;
  @ApiProperty({ type: Number, nullable: true, description: 'GeoNames population; null for a zone-name look-up.', example: 864816 })
  population!: number | null;
  @ApiProperty(OFFSET)
  utc_offset!: string;
  @ApiProperty(NAME)
  timezone_name!: string;
  @ApiProperty(GENERIC_NAME)
  timezone_generic_name!: string;
  @ApiProperty(EXEMPLAR_CITY)
  exemplar_city!: string | null;
}

export class CitySearchView {
  @ApiProperty({ description: 'The query as sent.', example: 'san fran' })
  query!: string;
  @ApiProperty({ type: [PlaceCandidateView], description: 'Up to 20 cities, best match first.' })
  timezones!: PlaceCandidateView[];
  @ApiProperty({ description: 'All cities that match.', example: 4 })
  matches!: number;
  @ApiProperty(LOCALE)
  locale!: string;
}

export class LookupView {
  @ApiProperty({ example: 'Springfield, US' })
  query!: string;
  @ApiProperty({ type: [PlaceCandidateView], description: 'Up to 10 places, most populous first.' })
  candidates!: PlaceCandidateView[];
  @ApiProperty({ example: 2 })
  matches!: number;
  @ApiPropertyOptional({
    description: 'Why there are no candidates, e.g. for a zone abbreviation such as EST.',
    example: '"EST" is a time zone abbreviation, not a place. Use an IANA zone name such as America/New_York.',
  })
  hint?: string;
  @ApiPropertyOptional({ type: [String], description: 'With a hint for an abbreviation: zones that use it.', example: ['America/New_York', 'America/Toronto'] })
  zones?: string[];
  @ApiProperty(LOCALE)
  locale!: string;
}
