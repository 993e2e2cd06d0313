import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TEST_EVENT, WEBHOOK_EVENTS } from '../webhook-events.js';

export class WebhookEndpointResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'https://example.com/hooks/tzapi' }) url!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
  @ApiProperty({ description: 'false while paused (by the owner, or after 3 days of failures).' }) enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['owner', 'failing'], description: 'Why it is paused.' }) pausedReason!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class WebhookEndpointWithSecretResponse extends WebhookEndpointResponse {
  @ApiProperty({ description: 'The signing secret, shown this once (Standard Webhooks `whsec_` form).', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret!: string;
}

export class WebhookPayloadResponse {
  @ApiProperty({ enum: [...WEBHOOK_EVENTS, TEST_EVENT] }) type!: string;
  @ApiProperty() timestamp!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: Record<string, unknown>;
}

export class WebhookAttemptResponse {
  @ApiProperty() at!: string;
  @ApiProperty({ type: Number, nullable: true }) statusCode!: number | null;
  @ApiProperty() durationMs!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The first 1 KB of the answer.' }) responseBody!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) endpointId!: string;
  @ApiProperty({ description: 'The webhook-id header: the same on every retry and resend.' }) messageId!: string;
  @ApiProperty({ enum: [...WEBHOOK_EVENTS, TEST_EVENT] }) eventType!: string;
  @ApiProperty({ type: WebhookPayloadResponse }) payload!: WebhookPayloadResponse;
  @ApiProperty({
    enum: ['pending', 'delivered', 'failing', 'failed', 'skipped'],
    description: '`failing`: failed, retried later; `failed`: a test event tried once that failed.',
  })
  status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: Number, nullable: true }) responseCode!: number | null;
  @ApiProperty({ type: String, nullable: true }) responseBody!: string | null;
  @ApiProperty({ type: Number, nullable: true }) durationMs!: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) lastAttemptAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) deliveredAt!: string | null;
  @ApiProperty({ type: [WebhookAttemptResponse] }) attemptLog!: WebhookAttemptResponse[];
}

export class WebhookEventsResponse {
  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
}
