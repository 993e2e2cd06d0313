import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsDateString, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { KEY_SCOPES, ROTATION_OVERLAPS } from '@tzapi/shared/key-options';
import type { KeyScope, RotationOverlap } from '@tzapi/shared/key-options';
import { Trim } from '../../../common/http/transforms.js';
import { SingleLine } from '../../../common/text/control-characters.js';

/**
 * What a key may call, until when and how fast: the same three fields on create and on edit (left out on edit:
 * unchanged).
 */
abstract class KeyAccessDto {
  @ApiPropertyOptional({
    type: [String],
    enum: KEY_SCOPES,
    example: ['time', 'conversion'],
    description: 'The route groups the key may call; empty or left out: every group. A call outside them answers 403 `key_scope`.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(KEY_SCOPES.length)
  @IsIn(KEY_SCOPES, { each: true, message: `Each scope must be one of: ${KEY_SCOPES.join(', ')}` })
  scopes?: KeyScope[];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    example: '2027-03-01T00:00:00.000Z',
    description: 'After this the key answers 401 `key_expired`; an empty string: never (left out: unchanged on edit). The owner is mailed 7 days before.',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @IsDateString({ strict: true }, { message: 'expiresAt must be an ISO 8601 date and time' })
  expiresAt?: string;

  @ApiPropertyOptional({
    type: Number,
    example: 50,
    description:
      "The key's own rate limit, at or below the plan's, in the window the plan limits by (free: per hour; paid: per second; the answer's rateLimitWindow). Above it: 400 `key_limit_above_plan`. 0: none, only the plan's limit (left out: unchanged on edit).",
  })
  @IsOptional()
  @IsInt({ message: 'rateLimit must be a whole number' })
  @Min(0, { message: 'rateLimit must be 0 (none) or more' })
  @Max(1_000_000_000)
  rateLimit?: number;
}

export class CreateApiKeyDto extends KeyAccessDto {
  @ApiProperty({ example: 'Production server' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @SingleLine('Name')
  @IsString({ message: 'Name required' })
  name!: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
    description: 'One IPv4/IPv6 address or CIDR range per entry; blank entries are dropped.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  ipRestrictions?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['example.com', '*.example.com'],
    description: 'Host names or wildcards (*.example.com) matched against Origin or Referer.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(260, { each: true })
  urlRestrictions?: string[];
}

/** PUT: every field optional; what is left out stays as it is (a toggle does not wipe the restrictions). */
export class UpdateApiKeyDto extends KeyAccessDto {
  @ApiPropertyOptional({ example: 'Production server' })
  @IsOptional()
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @SingleLine('Name')
  @IsString({ message: 'Name required' })
  name?: string;

  @ApiPropertyOptional({ type: [String], example: ['203.0.113.7', '10.0.0.0/8'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  ipRestrictions?: string[];

  @ApiPropertyOptional({ type: [String], example: ['*.example.com'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(260, { each: true })
  urlRestrictions?: string[];

  @ApiPropertyOptional({ example: true })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026f',
    description:
      'Pin the key to a stored tz release (GET /api/timezone/releases): its answers come from it until the pin moves. "latest" unpins (the active release); left out: unchanged.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  tzdbVersion?: string | null;
}

/** Revealing a key's secret: the signed-in user confirms it is them (auth's IdentityCheck). */
export class RevealApiKeyDto {
  @ApiPropertyOptional({ description: 'The current password; required unless the account signs in only through the identity provider.' })
  @IsOptional()
  @IsString({ message: 'password must be a string' })
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ example: '123456', description: 'A current code or a recovery code, when two-factor sign-in is on.' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'totp must be a string' })
  @MaxLength(64)
  totp?: string;
}

/** Rotating a key: how long the old secret keeps answering beside the new one. */
export class RotateApiKeyDto {
  @ApiPropertyOptional({
    enum: ROTATION_OVERLAPS,
    default: 'none',
    example: '24h',
    description:
      'How long the old key keeps working: none (it stops at once), 1h, 24h or 7d. During the overlap both keys answer, each request counted to the key it used; after it the old key answers 401 `key_expired`.',
  })
  @IsOptional()
  @IsIn(ROTATION_OVERLAPS, { message: `overlap must be one of: ${ROTATION_OVERLAPS.join(', ')}` })
  overlap?: RotationOverlap;
}
