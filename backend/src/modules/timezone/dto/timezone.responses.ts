import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BACKZONE_HISTORY, EXEMPLAR_CITY, GENERIC_NAME, INSTANT, LOCALE, NAME, OFFSET } from './answer-fields.js';

/**
 * The answers of the time zone API as OpenAPI models: one class per answer shape, every field documented, nullable
 * where the engine can answer null. The CSV and XML shapes and the generated clients are derived from these.
 */

export class ZoneLocationView {
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

const ZONES_AT_POINT = {
  type: String,
  isArray: true,
  description:
    "Every zone timezone-boundary-builder's full release (with oceans) holds at the point, the chosen one first, in the data's own names (Asia/Vientiane, where `timezone` is the canonical Asia/Bangkok). Usually one; several where boundaries overlap or are disputed (Xinjiang: Asia/Urumqi and Asia/Shanghai) and on the date line at sea.",
  example: ['America/New_York'],
};
const ZONE_CHOICE = {
  enum: ['only_zone', 'open_sea', 'pole', 'date_line', 'nearest_zone_location'],
  description:
    "Why `zones_at_point[0]` was chosen: `only_zone`, the data holds one land zone; `open_sea`, the data's ocean zone (nautical Etc/GMT±N by longitude); `pole`, latitude ±90, the nautical zone of the longitude; `date_line`, ±180° at sea, the nautical zone of the longitude's sign; `nearest_zone_location`, overlapping or disputed zones, the one whose tzdb principal location (zone.tab) is nearest the point. The country is the chosen zone's (zone.tab), or for a zone spanning several countries (zone1970.tab) the one whose borders hold the point.",
  example: 'only_zone',
};

export class CoordinatesView {
  @ApiProperty({ description: 'Latitude in decimal degrees.', example: 40.7128, minimum: -90, maximum: 90 })
  latitude!: number;
  @ApiProperty({ description: 'Longitude in decimal degrees.', example: -74.006, minimum: -180, maximum: 180 })
  longitude!: number;
}

export class CurrentTimeView {
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

export class ZoneListItemView {
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

export class PlaceCandidateView {
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

export class ZoneInfoView extends CurrentTimeView {
  @ApiProperty({ description: 'The local date described.', example: '2024-07-01' })
  date!: string;
  @ApiProperty({ ...OFFSET, description: 'Standard (non-DST) offset.', example: '+00:00' })
  raw_offset!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Offset during DST; null without DST.', example: '+01:00' })
  dst_offset!: string | null;
  @ApiProperty({ example: true })
  observes_dst!: boolean;
  @ApiProperty(BACKZONE_HISTORY)
  backzone_history!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Start of the DST period in force on the date, or of the next one beginning within a year; null when there is neither.',
    example: '2024-03-31T02:00:00+01:00',
  })
  dst_start!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'End of that DST period; null when there is none.', example: '2024-10-27T01:00:00+00:00' })
  dst_end!: string | null;
}

export class TransitionItemView {
  @ApiProperty({ description: 'The instant in UTC.', example: '2024-03-31T01:00:00.000Z' })
  at!: string;
  @ApiProperty({ description: 'Wall clock just before.', example: '2024-03-31T01:00:00' })
  local_before!: string;
  @ApiProperty({ description: 'Wall clock just after.', example: '2024-03-31T02:00:00' })
  local_after!: string;
  @ApiProperty({ ...OFFSET, example: '+00:00' })
  offset_before!: string;
  @ApiProperty({ ...OFFSET, example: '+01:00' })
  offset_after!: string;
  @ApiProperty({ example: 0 })
  offset_before_seconds!: number;
  @ApiProperty({ example: 3600 })
  offset_after_seconds!: number;
  @ApiProperty({ example: 'GMT' })
  abbreviation_before!: string;
  @ApiProperty({ example: 'BST' })
  abbreviation_after!: string;
  @ApiProperty({ description: 'DST in force after the change.', example: true })
  dst_after!: boolean;
  @ApiProperty({
    ...NAME,
    description: "The zone's specific name just before the change, in English or the language of `lang` (Unicode CLDR).",
    example: 'Greenwich Mean Time',
  })
  timezone_name_before!: string;
  @ApiProperty({
    ...NAME,
    description: "The zone's specific name from the change on, in English or the language of `lang` (Unicode CLDR).",
    example: 'British Summer Time',
  })
  timezone_name_after!: string;
}

export class TransitionsView {
  @ApiProperty({ example: 'Europe/London' })
  timezone!: string;
  @ApiProperty({ example: '2024-01-01T00:00:00.000Z' })
  from!: string;
  @ApiProperty({ example: '2025-01-01T00:00:00.000Z' })
  to!: string;
  @ApiProperty({ type: [TransitionItemView] })
  transitions!: TransitionItemView[];
  @ApiProperty({ example: 2 })
  total!: number;
  @ApiProperty(LOCALE)
  locale!: string;
}

export class ConversionOptionView {
  @ApiProperty({ example: '2024-10-27T01:30:00+01:00' })
  originalDateTime!: string;
  @ApiProperty({ example: '2024-10-27T00:30:00+00:00' })
  convertedDateTime!: string;
}

export class RequestedTimeZonesView {
  @ApiPropertyOptional({ description: 'fromTimeZone as sent, when it was a legacy link.', example: 'Asia/Calcutta' })
  fromTimeZone?: string;
  @ApiPropertyOptional({ description: 'toTimeZone as sent, when it was a legacy link.', example: 'US/Pacific' })
  toTimeZone?: string;
}

export class ConversionView {
  @ApiProperty({ example: 'America/New_York' })
  fromTimeZone!: string;
  @ApiProperty({ example: 'Europe/London' })
  toTimeZone!: string;
  @ApiProperty({ example: '2024-07-01T09:00:00-04:00' })
  originalDateTime!: string;
  @ApiProperty({ example: '2024-07-01T14:00:00+01:00' })
  convertedDateTime!: string;
  @ApiProperty({ example: true })
  dstActive!: boolean;
  @ApiProperty({ example: 'BST' })
  abbreviation!: string;
  @ApiProperty({ ...NAME, example: 'British Summer Time' })
  timeZoneName!: string;
  @ApiProperty({ ...GENERIC_NAME, example: 'United Kingdom Time' })
  timeZoneGenericName!: string;
  @ApiProperty({ ...EXEMPLAR_CITY, example: 'London' })
  exemplarCity!: string | null;
  @ApiProperty({ ...OFFSET, example: '+01:00' })
  utcOffset!: string;
  @ApiProperty({ description: 'The input carried its own offset, which won over fromTimeZone.', example: false })
  inputOffsetUsed!: boolean;
  @ApiProperty({ description: 'The wall-clock time occurs twice (DST fall-back); `options` lists both.', example: false })
  ambiguous!: boolean;
  @ApiPropertyOptional({ type: [ConversionOptionView], description: 'Both readings of a repeated time, earlier first (only when ambiguous).' })
  options?: ConversionOptionView[];
  @ApiPropertyOptional({ type: RequestedTimeZonesView, description: 'Zone names as sent, when a legacy link was answered as its current zone.' })
  requestedTimeZones?: RequestedTimeZonesView;
  @ApiProperty(LOCALE)
  locale!: string;
}

export class MultiConversionItemView {
  @ApiProperty({ example: 'Europe/London' })
  timezone!: string;
  @ApiProperty({ example: '2024-07-01T14:00:00+01:00' })
  convertedTime!: string;
  @ApiProperty({ example: 'BST' })
  abbreviation!: string;
  @ApiProperty({ ...NAME, example: 'British Summer Time' })
  timeZoneName!: string;
  @ApiProperty({ ...GENERIC_NAME, example: 'United Kingdom Time' })
  timeZoneGenericName!: string;
  @ApiProperty({ ...EXEMPLAR_CITY, example: 'London' })
  exemplarCity!: string | null;
  @ApiProperty({ ...OFFSET, example: '+01:00' })
  utcOffset!: string;
  @ApiProperty({ example: true })
  dstActive!: boolean;
  @ApiPropertyOptional({
    type: [ConversionOptionView],
    description: 'Both readings of a repeated dateTime in this zone, earlier first, as a single conversion answers them (only when `ambiguous`).',
  })
  options?: ConversionOptionView[];
}

export class MultiConversionView {
  @ApiProperty({ example: 'America/New_York' })
  fromTimeZone!: string;
  @ApiProperty({ description: 'dateTime as sent.', example: '2024-07-01T09:00:00' })
  dateTime!: string;
  @ApiProperty({ example: '2024-07-01T09:00:00-04:00' })
  originalDateTime!: string;
  @ApiProperty({ description: 'The wall-clock time occurs twice (DST fall-back); each conversion lists both readings in `options`.', example: false })
  ambiguous!: boolean;
  @ApiProperty({ type: [MultiConversionItemView] })
  conversions!: MultiConversionItemView[];
  @ApiProperty(LOCALE)
  locale!: string;
}

export class CalculationView {
  @ApiProperty({ example: '2024-03-30T12:00:00+00:00' })
  originalDateTime!: string;
  @ApiProperty({ description: 'The span as sent.', example: '1.12:30:00' })
  timeSpan!: string;
  @ApiProperty({ example: '2024-04-01T00:30:00+01:00' })
  resultDateTime!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Zone of the calendar arithmetic; null when none was given.', example: 'Europe/London' })
  timeZone!: string | null;
  @ApiProperty({ enum: ['calendar', 'exact'], description: '`calendar` with a timeZone (days keep the wall clock), `exact` without.', example: 'calendar' })
  arithmetic!: 'calendar' | 'exact';
}

export class DifferenceBreakdownView {
  @ApiProperty({ example: 1 }) days!: number;
  @ApiProperty({
    example: 0,
    description:
      'Hours after the whole days. Usually 0 to 23; with timeZone, when the end falls on a 25-hour day (DST ends), it can be 24. Send it back to add as an ISO 8601 duration (P6112DT24H): a .NET span allows at most 23 hours.',
  })
  hours!: number;
  @ApiProperty({ example: 0 }) minutes!: number;
  @ApiProperty({ example: 0 }) seconds!: number;
}

export class DifferenceTotalsView {
  @ApiProperty({ example: 82800 }) totalSeconds!: number;
  @ApiProperty({ example: 1380 }) totalMinutes!: number;
  @ApiProperty({ example: 23 }) totalHours!: number;
  @ApiProperty({ example: 0.9583333333333334 }) totalDays!: number;
  @ApiProperty({ type: DifferenceBreakdownView }) breakdown!: DifferenceBreakdownView;
}

export class DifferenceView {
  @ApiProperty({ example: '2024-03-30T12:00:00+00:00' })
  startDateTime!: string;
  @ApiProperty({ example: '2024-03-31T12:00:00+01:00' })
  endDateTime!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Europe/London' })
  timeZone!: string | null;
  @ApiProperty({ type: DifferenceTotalsView })
  difference!: DifferenceTotalsView;
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export class DayOfWeekView {
  @ApiProperty({ example: '2024-07-01' })
  date!: string;
  @ApiProperty({ enum: WEEKDAY_NAMES, example: 'Monday' })
  dayOfWeek!: string;
  @ApiProperty({ description: 'ISO number, Monday 1 … Sunday 7.', minimum: 1, maximum: 7, example: 1 })
  dayOfWeekNumber!: number;
  @ApiProperty({ example: false })
  isWeekend!: boolean;
  @ApiProperty({ minimum: 1, maximum: 53, example: 27 })
  weekNumber!: number;
  @ApiProperty({ minimum: 1, maximum: 366, example: 183 })
  dayOfYear!: number;
}
