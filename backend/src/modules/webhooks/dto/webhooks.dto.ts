import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TEST_EVENT, WEBHOOK_EVENTS } from '../webhook-events.js';
import { DELIVERY_STATUSES } from '../webhook-log.service.js';
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
    enum: [TEST_EVENT, ...WEBHOOK_EVENTS],
    default: TEST_EVENT,
    description: 'The event to send, with sample data of its documented shape; its webhook-id starts `msg_test_`.',
    example: 'tzdb.zones_changed',
  })
  @IsOptional()
  @IsIn([TEST_EVENT, ...WEBHOOK_EVENTS], { message: 'Unknown event' })
  type?: (typeof WEBHOOK_EVENTS)[number] | typeof TEST_EVENT;

  @ApiPropertyOptional({
    description: 'true retries a failed test like any event (for up to 72 hours); by default a test is tried once.',
    example: false,
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  retry?: boolean;
}

export class WebhookPageQuery {
  @ApiPropertyOptional({ description: 'Rows a page (deliveries: 1-100, default 20; attempts: 1-50, default 10).', example: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'The previous page’s `nextCursor`, for the next (older) page.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  cursor?: string;
}

export class DeliveriesQuery extends WebhookPageQuery {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, description: 'Only deliveries in this state (`failing`: waiting for a retry).' })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: (typeof DELIVERY_STATUSES)[number];
}
