import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class AtLocalTimeQuery {
  @ApiProperty({ description: 'The local time of day to find, HH:MM (00:00 to 23:59).', example: '09:00' })
  @IsString()
  @MaxLength(8)
  time!: string;

  @ApiPropertyOptional({ description: 'The instant to look at, ISO 8601 with Z or an offset; default now.', example: '2027-03-10T14:00:00Z' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  at?: string;

  @ApiPropertyOptional({
    description: '`minute` (default): zones whose clock reads that minute; `hour`: zones whose clock is anywhere in that hour (09:00 to 09:59).',
    enum: ['minute', 'hour'],
    example: 'hour',
  })
  @IsOptional()
  @IsIn(['minute', 'hour'])
  precision?: 'minute' | 'hour';
}

export class ZoneAtLocalTimeView {
  @ApiProperty({ description: 'The zone, in canonical spelling.', example: 'Europe/London' })
  timezone!: string;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 3166-1 alpha-2 code of its country; null for zones of no country.', example: 'GB' })
  country_code!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Country name (Unicode CLDR, English).', example: 'United Kingdom' })
  country!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The zone's largest city: tzdb names each zone after the most populous place of its region. Null for UTC and Etc/*.",
    example: 'London',
  })
  city!: string | null;
  @ApiProperty({ description: 'tzdb abbreviation in force.', example: 'GMT' })
  abbreviation!: string;
  @ApiProperty({ description: 'Whether summer time is in force.', example: false })
  dst_active!: boolean;
}

export class OffsetGroupView {
  @ApiProperty({ description: 'The UTC offset the zones of this group share at `at`.', example: '+00:00' })
  utc_offset!: string;
  @ApiProperty({ description: 'Their local time at `at`, with the offset.', example: '2027-03-10T09:00:00+00:00' })
  local_time!: string;
  @ApiProperty({ type: [ZoneAtLocalTimeView], description: 'The zones, by name.' })
  zones!: ZoneAtLocalTimeView[];
}

export class AtLocalTimeView {
  @ApiProperty({ description: 'The local time asked (HH:MM; HH:00 with precision=hour).', example: '09:00' })
  time!: string;
  @ApiProperty({ enum: ['minute', 'hour'], example: 'minute' })
  precision!: string;
  @ApiProperty({ description: 'The instant looked at, in UTC.', example: '2027-03-10T09:00:00+00:00' })
  at!: string;
  @ApiProperty({ description: 'The tz release answered from.', example: '2026a' })
  tzdb_version!: string;
  @ApiProperty({ description: 'How many zones are at that time.', example: 27 })
  total_zones!: number;
  @ApiProperty({ type: [OffsetGroupView], description: 'The zones grouped by offset, east to west (an empty list when no zone is at that time).' })
  groups!: OffsetGroupView[];
}
