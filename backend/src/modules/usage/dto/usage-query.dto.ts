import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Transform } from 'class-transformer';
import { NumberInput } from '../../../common/http/number-input.js';

/**
 * The usage reports' range: `from` and `to`, as the request log spells them. `startDate` and `endDate`, the first
 * spelling, stay accepted as aliases (deprecated in the document) for clients written against it; `from`/`to` win.
 */
export class UsageRangeDto {
  @ApiPropertyOptional({ example: '2026-11-15T00:00:00.000Z', description: 'ISO 8601 start (inclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-22T23:59:59.999Z', description: 'ISO 8601 end (inclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;

  @ApiPropertyOptional({ deprecated: true, example: '2026-11-15T00:00:00.000Z', description: 'The former name of `from`, still accepted' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'startDate must be an ISO 8601 date-time' })
  startDate?: string;

  @ApiPropertyOptional({ deprecated: true, example: '2026-11-22T23:59:59.999Z', description: 'The former name of `to`, still accepted' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'endDate must be an ISO 8601 date-time' })
  endDate?: string;

  @ApiPropertyOptional({ example: '/api/time/current', description: 'Only this route pattern' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  endpoint?: string;

  @ApiPropertyOptional({ format: 'uuid', example: '6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11', description: 'Only the requests made with this key' })
  @IsOptional()
  @IsUUID('all', { message: 'keyId must be a key id (UUID)' })
  keyId?: string;
}

export class UsageListQueryDto extends UsageRangeDto {
  @ApiPropertyOptional({ example: 100, minimum: 1, maximum: 1000, default: 100 })
  @IsOptional()
  @NumberInput()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(1000, { message: 'limit must be at most 1000' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

/** The Usage page's summary: a range, the zone its days are cut in, and whether its ends are exact instants. */
export class UsageSummaryQueryDto extends UsageRangeDto {
  @ApiPropertyOptional({ example: 'Asia/Kolkata', description: 'The IANA zone whose days and hours the counts are cut in (default UTC).' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tz?: string;

  @ApiPropertyOptional({
    example: true,
    description: 'true: count exactly [startDate, endDate] (what the request log shows for the same from/to); default: the whole days of tz the ends fall on.',
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'exact must be true or false' })
  exact?: boolean;
}

export class DashboardStatsQueryDto {
  @ApiPropertyOptional({ example: 'Asia/Kolkata', description: "The IANA zone whose day today's requests are counted in (default UTC)." })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tz?: string;
}
