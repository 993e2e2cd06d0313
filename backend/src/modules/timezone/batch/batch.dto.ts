import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Matches } from 'class-validator';
import { IMPACT_MAX_ITEMS } from './impact-check.js';
import { MATRIX_MAX_INSTANTS, MATRIX_MAX_ZONES } from './conversion-matrix.js';

const RELEASE = /^\d{4}[a-z]+$/;

export class ImpactEvent {
  @ApiPropertyOptional({ description: 'A stored wall-clock time, ISO 8601 without offset (or send `rule`).', example: '2027-03-14T02:30:00' })
  localDateTime?: string;
  @ApiPropertyOptional({ description: 'The IANA zone it is read in (for a `rule`: the zone of a DTSTART without TZID).', example: 'America/New_York' })
  timeZone?: string;
  @ApiPropertyOptional({
    description:
      'A stored recurring event instead of one time: an iCalendar rule set (DTSTART;TZID=…, RRULE, RDATE, EXDATE). Its first 1,000 occurrences in the horizon are checked.',
    example: 'DTSTART;TZID=Asia/Tokyo:20270104T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=52',
  })
  rule?: string;
  @ApiPropertyOptional({ description: 'With `rule`: the first instant checked (ISO 8601; default DTSTART).', example: '2027-01-01T00:00:00Z' })
  horizonStart?: string;
  @ApiPropertyOptional({
    description: "With `rule`: the last instant checked (default the rule's end, or its 1,000th occurrence).",
    example: '2028-01-01T00:00:00Z',
  })
  horizonEnd?: string;
}

export class ImpactInstant {
  @ApiProperty({ description: 'A stored instant, ISO 8601 with Z or an offset.', example: '2027-03-14T07:30:00Z' })
  utc!: string;
  @ApiProperty({ description: 'The IANA zone its wall clock is shown in.', example: 'America/New_York' })
  timeZone!: string;
}

/**
 * Items are checked one by one (a bad item answers its own error); only the envelope is validated here. As CSV
 * (Content-Type: text/csv), the body is the items with a header row (localDateTime,timeZone or utc,timeZone), and
 * from and to go in the query string.
 */
export class ImpactRequest {
  @ApiProperty({ description: 'The release the items were stored under (e.g. the one pinned when they were saved).', example: '2025b' })
  @IsString()
  @Matches(RELEASE, { message: 'from must be a tz release version such as 2026a' })
  from!: string;

  @ApiProperty({ description: 'The release to compare with, e.g. the newest stored.', example: '2026a' })
  @IsString()
  @Matches(RELEASE, { message: 'to must be a tz release version such as 2026a' })
  to!: string;

  @ApiPropertyOptional({ type: [ImpactEvent], description: `Stored wall-clock times, 1 to ${IMPACT_MAX_ITEMS}; or send instants.` })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(IMPACT_MAX_ITEMS)
  events?: unknown[];

  @ApiPropertyOptional({ type: [ImpactInstant], description: `Stored instants, 1 to ${IMPACT_MAX_ITEMS}; or send events.` })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(IMPACT_MAX_ITEMS)
  instants?: unknown[];
}

export class MatrixRequest {
  @ApiProperty({
    type: [String],
    description: `Instants, ISO 8601 with Z or an offset, 1 to ${MATRIX_MAX_INSTANTS}. A bad one is an error on its row.`,
    example: ['2024-07-01T12:00:00Z', '2024-12-01T12:00:00Z'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MATRIX_MAX_INSTANTS)
  instants!: unknown[];

  @ApiProperty({
    type: [String],
    description: `IANA zones (links and Windows IDs accepted), 1 to ${MATRIX_MAX_ZONES}. A bad one is an error in its column.`,
    example: ['Europe/London', 'Asia/Tokyo', 'America/New_York'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MATRIX_MAX_ZONES)
  timeZones!: unknown[];
}
