import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DST_AMBIGUITY, type DstAmbiguity } from '../engine/local-time.js';

const DST_AMBIGUITY_DOC =
  'How to read a wall-clock time that a DST change skips or repeats (Temporal semantics). ' +
  '`earlier`/`later` pick the first/second instant of a repeated time and, in a gap, read the time with the offset after/before the gap; ' +
  '`compatible` is `earlier` for repeats and `later` for gaps; `reject` refuses both. ' +
  'Omitted: a skipped time is 400 `invalid_local_time` and a repeated time answers the earlier instant with `ambiguous: true` and both `options`.';

export class TimezoneQuery {
  @ApiProperty({
    description:
      'IANA zone name, or a Windows time zone ID ("Pacific Standard Time", read through CLDR windowsZones); any letter case; links such as Asia/Calcutta accepted; abbreviations refused.',
    example: 'America/New_York',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  timezone!: string;

  @ApiPropertyOptional({
    description:
      'For a Windows ID only: the territory (ISO 3166-1 alpha-2, or 001 for the world) whose zone it stands for; default 001. Pacific Standard Time is America/Los_Angeles, with CA America/Vancouver; a territory CLDR has no row for falls back to 001.',
    example: 'CA',
  })
  @IsOptional()
  @Matches(/^([A-Za-z]{2}|001)$/, { message: 'territory must be an ISO 3166-1 alpha-2 code or 001' })
  territory?: string;
}

export class ZoneInfoQuery extends TimezoneQuery {
  @ApiPropertyOptional({
    description: 'Calendar date (YYYY-MM-DD) to describe; default today. DST window and offsets are those around noon local time that day.',
    example: '2024-07-01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  date?: string;
}

export class TransitionsQuery extends TimezoneQuery {
  @ApiPropertyOptional({
    description: 'Start (inclusive): a date (UTC midnight) or an ISO 8601 date-time; not before 1970-01-01. Default: 1 January of the current year.',
    example: '2024-01-01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({
    description: 'End (exclusive): a date or ISO 8601 date-time; up to 2101-01-01. Default: 1 January of next year.',
    example: '2025-01-01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  to?: string;
}

export class CoordinatesQuery {
  @ApiProperty({ description: 'Latitude in decimal degrees, -90 to 90.', example: 40.7128, type: 'number' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(32)
  latitude!: string;

  @ApiProperty({ description: 'Longitude in decimal degrees, -180 to 180.', example: -74.006, type: 'number' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(32)
  longitude!: string;
}

export class CitySearchQuery {
  @ApiProperty({ description: 'City name or its beginning; accents and letter case are ignored.', example: 'san fran' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  city!: string;
}

export class LookupQuery {
  @ApiProperty({ description: 'Free text: "Paris", "Paris, France", "Springfield, US", "Tokyo JP", or a zone name.', example: 'Springfield, US' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  location!: string;
}

export class ConversionRequest {
  @ApiProperty({ description: 'Zone the dateTime is read in (ignored when dateTime carries its own offset).', example: 'America/New_York' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  fromTimeZone!: string;

  @ApiProperty({ description: 'Zone to convert to.', example: 'Europe/London' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  toTimeZone!: string;

  @ApiProperty({
    description:
      'ISO 8601 date-time, with or without offset. An offset in the input wins over fromTimeZone (the answer says so in inputOffsetUsed). -00:00 ("offset unknown", RFC 3339) is refused; use Z or +00:00 for UTC.',
    example: '2024-07-01T09:00:00',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  dateTime!: string;

  @ApiPropertyOptional({ enum: DST_AMBIGUITY, description: DST_AMBIGUITY_DOC, example: 'earlier' })
  @IsOptional()
  @IsIn(DST_AMBIGUITY)
  dstAmbiguity?: DstAmbiguity;
}

export class ConversionQuery {
  @ApiProperty({ description: 'Zone the datetime is read in.', example: 'America/New_York' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  from!: string;

  @ApiProperty({ description: 'Zone to convert to.', example: 'Europe/London' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  to!: string;

  @ApiProperty({
    description:
      'ISO 8601 date-time, with or without offset. In a query string a "+" means a space: send an offset\'s "+" as %2B (2024-07-01T09:00:00%2B01:00). -00:00 ("offset unknown", RFC 3339) is refused; use Z or +00:00 for UTC.',
    example: '2024-07-01T09:00:00',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  datetime!: string;

  @ApiPropertyOptional({ enum: DST_AMBIGUITY, description: DST_AMBIGUITY_DOC, example: 'earlier' })
  @IsOptional()
  @IsIn(DST_AMBIGUITY)
  dstAmbiguity?: DstAmbiguity;
}

export class MultiConversionRequest {
  @ApiProperty({ description: 'ISO 8601 date-time, with or without offset.', example: '2024-07-01T09:00:00' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  dateTime!: string;

  @ApiProperty({ description: 'Zone the dateTime is read in.', example: 'America/New_York' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  fromTimeZone!: string;

  @ApiProperty({ description: 'Target zones, 1 to 100.', example: ['Europe/London', 'Asia/Tokyo', 'Asia/Kathmandu'], type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  toTimeZones!: string[];

  @ApiPropertyOptional({ enum: DST_AMBIGUITY, description: DST_AMBIGUITY_DOC, example: 'earlier' })
  @IsOptional()
  @IsIn(DST_AMBIGUITY)
  dstAmbiguity?: DstAmbiguity;
}

export class TimeSpanRequest {
  @ApiProperty({
    description: 'ISO 8601 date-time; without offset it is read in timeZone, or as UTC when no timeZone is given.',
    example: '2024-03-30T12:00:00',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  baseDateTime!: string;

  @ApiProperty({
    description:
      '.NET style `[-][d.]hh:mm:ss[.fff]` (e.g. 1.12:30:00) or an ISO 8601 duration (e.g. P1DT12H30M). ' +
      'With timeZone, years/months/days are calendar arithmetic (the wall-clock time is kept across DST) and hours/minutes/seconds are exact; ' +
      'without timeZone everything is exact.',
    example: '1.12:30:00',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  timeSpan!: string;

  @ApiPropertyOptional({ description: 'Zone for calendar arithmetic and for reading a baseDateTime without offset.', example: 'Europe/London' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

export class DifferenceRequest {
  @ApiProperty({ description: 'ISO 8601 date-time.', example: '2024-03-30T12:00:00' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  startDateTime!: string;

  @ApiProperty({ description: 'ISO 8601 date-time; before startDateTime gives negative values.', example: '2024-03-31T12:00:00' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  endDateTime!: string;

  @ApiPropertyOptional({
    description:
      'Zone to read date-times without offset in; with it, breakdown.days counts calendar days (a 23-hour DST day is 1 day) and the remainder is exact.',
    example: 'Europe/London',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

export class DayOfWeekQuery {
  @ApiProperty({ description: 'Calendar date, YYYY-MM-DD.', example: '2024-07-01' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  date!: string;
}
