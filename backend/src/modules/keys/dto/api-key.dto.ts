import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../../common/http/transforms.js';
import { SingleLine } from '../../../common/text/control-characters.js';

export class CreateApiKeyDto {
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
export class UpdateApiKeyDto {
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
