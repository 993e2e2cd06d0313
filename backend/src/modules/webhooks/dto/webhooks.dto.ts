import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_EVENTS } from '../webhook-events.js';
import { SingleLine } from '../../../common/text/control-characters.js';

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
  @SingleLine('Description')
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
  @SingleLine('Description')
  description?: string | null;

  @ApiPropertyOptional({ description: 'false pauses the endpoint, true resumes it.', example: false })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class SendTestDto {
  @ApiPropertyOptional({
    description: 'true retries a failed test like any event (for up to 72 hours); by default a test is tried once.',
    example: false,
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  retry?: boolean;
}
