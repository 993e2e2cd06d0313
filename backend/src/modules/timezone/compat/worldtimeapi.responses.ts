import { ApiProperty } from '@nestjs/swagger';
import type { WorldTimeAnswer } from './worldtime-answer.js';

/** WorldTimeAPI's DateTimeJsonResponse (its OpenAPI document, version 20210108), as our routes answer it. */
export class WorldTimeView implements WorldTimeAnswer {
  @ApiProperty({ description: 'The abbreviated name of the zone in force.', example: 'CET' })
  abbreviation!: string;
  @ApiProperty({ description: 'The address the request came from.', example: '203.0.113.7' })
  client_ip!: string;
  @ApiProperty({ format: 'date-time', description: 'Local time with microseconds and offset.', example: '2026-11-29T07:01:02.123000+01:00' })
  datetime!: string;
  @ApiProperty({ description: 'Day of the week, Sunday is 0.', example: 0 })
  day_of_week!: number;
  @ApiProperty({ description: 'Ordinal date of the local day.', example: 333 })
  day_of_year!: number;
  @ApiProperty({ description: 'Whether DST is in force.', example: false })
  dst!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Start of the DST period in force (UTC); null outside DST.', example: null })
  dst_from!: string | null;
  @ApiProperty({ description: 'Seconds of DST in force (0 outside DST).', example: 0 })
  dst_offset!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'End of the DST period in force (UTC); null outside DST.', example: null })
  dst_until!: string | null;
  @ApiProperty({ description: 'Standard offset from UTC in seconds, without DST.', example: 3600 })
  raw_offset!: number;
  @ApiProperty({ description: 'The IANA zone (canonical name).', example: 'Europe/Oslo' })
  timezone!: string;
  @ApiProperty({ description: 'Seconds since the Unix epoch.', example: 1795845662 })
  unixtime!: number;
  @ApiProperty({ format: 'date-time', description: 'UTC time with microseconds.', example: '2026-11-29T06:01:02.123000+00:00' })
  utc_datetime!: string;
  @ApiProperty({ description: 'Offset from UTC in force, ±HH:MM.', example: '+01:00' })
  utc_offset!: string;
  @ApiProperty({ description: 'ISO 8601 week number of the local day.', example: 48 })
  week_number!: number;
}

/** WorldTimeAPI's ErrorJsonResponse. */
export class WorldTimeErrorView {
  @ApiProperty({ description: "What went wrong, in WorldTimeAPI's words.", example: 'unknown location' })
  error!: string;
}
