import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { WEBHOOK_EVENTS } from '../webhook-events.js';

export class CreateWebhookDto {
  @ApiProperty({
    description: 'Where events are POSTed: https (http only to loopback with WEBHOOK_ALLOW_PRIVATE=true).',
    example: 'https://example.com/hooks/tzapi',
  })
  @IsString({ message: 'URL required' })
  @MaxLength(2000)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, description: 'The events sent to this endpoint.', example: ['tzdb.zones_changed', 'key.created'] })
  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn(WEBHOOK_EVENTS, { each: true, message: 'Unknown event' })
  events!: string[];

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Production receiver' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string | null;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ example: 'https://example.com/hooks/tzapi' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn(WEBHOOK_EVENTS, { each: true, message: 'Unknown event' })
  events?: string[];

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string | null;

  @ApiPropertyOptional({ description: 'false pauses the endpoint, true resumes it.', example: false })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

const RELEASE = /^\d{4}[a-z]{1,3}$/;

/** A pin's move to preview: from the release a key is pinned to, to another stored one (usually the active one). */
export class PinPreviewQueryDto {
  @ApiProperty({ description: 'The release the key is pinned to.', example: '2026a' })
  @IsString()
  @Matches(RELEASE, { message: 'from must be a tz release version such as 2026a' })
  from!: string;

  @ApiProperty({ description: 'The release the pin would move to.', example: '2026b' })
  @IsString()
  @Matches(RELEASE, { message: 'to must be a tz release version such as 2026a' })
  to!: string;
}
