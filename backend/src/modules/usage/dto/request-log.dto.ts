import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { NumberInput } from '../../../common/http/number-input.js';

/** The request log's filters, shared by the list and the stats. */
export class RequestLogRangeDto {
  @ApiPropertyOptional({ example: '2026-11-26T00:00:00.000Z', description: 'ISO 8601 start (inclusive); default the start of the retention period' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-26T23:59:59.999Z', description: 'ISO 8601 end (inclusive); default now' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the requests made with this key' })
  @IsOptional()
  @IsUUID('all', { message: 'keyId must be a key id (UUID)' })
  keyId?: string;

  @ApiPropertyOptional({ example: '/api/time/current', description: 'Only this route pattern' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  endpoint?: string;
}

export class RequestStatsQueryDto extends RequestLogRangeDto {
  // The list's `to` is inclusive (the last request shown); the stats' range is half-open, as its buckets are.
  @ApiPropertyOptional({ example: '2026-11-27T00:00:00.000Z', description: 'ISO 8601 end (exclusive); default now' })
  declare to?: string;

  @ApiPropertyOptional({ example: 'Asia/Kolkata', description: "The viewer's IANA zone: buckets are its hours and days (default UTC)" })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tz?: string;

  @ApiPropertyOptional({ example: 'Europe/Paris', description: 'The former name of tz, still read when tz is not given', deprecated: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

export class RequestLogQueryDto extends RequestLogRangeDto {
  @ApiPropertyOptional({ example: '4xx', description: 'An exact status (404) or a class (4xx)' })
  @IsOptional()
  @IsString()
  @MaxLength(3, { message: 'status must be an HTTP status (404) or a class (4xx)' })
  status?: string;

  @ApiPropertyOptional({
    example: '0b6f4f8e-8d5c-4c2a-9b1e-3f1e2d3c4b5a',
    description: 'The request with this X-Request-Id, searched across the whole retention period: the other filters and the cursor are ignored',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  @Matches(/^[A-Za-z0-9._:-]+$/, { message: 'requestId must be an X-Request-Id (letters, digits and . _ : -)' })
  requestId?: string;

  @ApiPropertyOptional({ example: 50, minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @NumberInput()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(200, { message: 'limit must be at most 200' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
