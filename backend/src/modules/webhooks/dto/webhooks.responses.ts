import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TEST_EVENT, WEBHOOK_EVENTS } from '../webhook-events.js';

export class EndpointHealthResponse {
  @ApiProperty({
    enum: ['healthy', 'failing', 'disabled', 'paused', 'new'],
    description:
      '`disabled`: paused by us after 3 days of failures; `paused`: by you; `failing`: the last attempts failed, retries under way; `new`: never tried.',
  })
  state!: string;
  @ApiProperty({ example: 24, description: 'The window of attempts, successRate and the chart, in hours.' }) windowHours!: number;
  @ApiProperty({ description: 'Attempts in the window.' }) attempts!: number;
  @ApiProperty({ description: 'Attempts answered 2xx in the window.' }) succeeded!: number;
  @ApiProperty({ type: Number, nullable: true, example: 0.95, description: 'succeeded / attempts, 0 to 1; null without attempts.' }) successRate!:
    number | null;
  @ApiProperty({ type: String, nullable: true }) lastAttemptAt!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null when the last attempt got no answer (see lastError).' }) lastStatusCode!: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @ApiProperty({ description: 'Failed attempts since the last 2xx.' }) failuresSinceSuccess!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Failing without a success since then; paused after 3 days.' }) failingSince!: string | null;
}

export class WebhookEndpointResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'https://example.com/hooks/tzapi' }) url!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
  @ApiProperty({ description: 'false while paused (by the owner, or after 3 days of failures).' }) enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['owner', 'failing'], description: 'Why it is paused.' }) pausedReason!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ type: EndpointHealthResponse }) health!: EndpointHealthResponse;
}

export class HealthHourResponse {
  @ApiProperty({ example: '2026-11-29T09:00:00.000Z', description: 'The hour (UTC) the counts start at.' }) hour!: string;
  @ApiProperty() succeeded!: number;
  @ApiProperty() failed!: number;
}

export class WebhookEndpointDetailResponse extends WebhookEndpointResponse {
  @ApiProperty({ type: [HealthHourResponse], description: 'The last 24 hours, oldest first, each with its attempts.' }) hours!: HealthHourResponse[];
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
  @ApiProperty({ description: 'The attempt’s id, a cursor for the attempts’ pages.' }) id!: string;
  @ApiProperty() at!: string;
  @ApiProperty({ type: Number, nullable: true }) statusCode!: number | null;
  @ApiProperty() durationMs!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The headers the attempt was sent with (webhook-id, webhook-timestamp, webhook-signature…). The body sent is the delivery’s payload.',
  })
  requestHeaders!: Record<string, string>;
  @ApiProperty({ type: String, nullable: true, description: 'The first 4 KiB of the answer.' }) responseBody!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The answer’s full size in bytes.' }) responseBytes!: number | null;
  @ApiProperty({ description: 'true when the answer was longer than the 4 KiB kept.' }) responseTruncated!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why no answer came (timeout, refused address, connection error).' }) error!: string | null;
}

export class WebhookAttemptPageResponse {
  @ApiProperty({ type: [WebhookAttemptResponse], description: 'Newest first.' }) data!: WebhookAttemptResponse[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last.' }) nextCursor!: string | null;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) endpointId!: string;
  @ApiProperty({ description: 'The webhook-id header: the same on every retry and resend.' }) messageId!: string;
  @ApiProperty({ enum: [...WEBHOOK_EVENTS, TEST_EVENT] }) eventType!: string;
  @ApiProperty({ type: WebhookPayloadResponse }) payload!: WebhookPayloadResponse;
  @ApiProperty({
    enum: ['pending', 'delivered', 'failing', 'failed', 'skipped'],
    description: '`failing`: failed, retried later; `failed`: a test event tried once that failed; `skipped`: the endpoint was paused.',
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
  @ApiProperty({ type: String, nullable: true, description: 'When it is tried next, while it waits for a retry.' }) nextRetryAt!: string | null;
  @ApiProperty({ type: WebhookAttemptResponse, nullable: true, description: 'The latest attempt; all of them: GET /api/webhooks/deliveries/{id}/attempts.' })
  lastAttempt!: WebhookAttemptResponse | null;
}

export class WebhookDeliveryPageResponse {
  @ApiProperty({ type: [WebhookDeliveryResponse], description: 'Newest first.' }) data!: WebhookDeliveryResponse[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last.' }) nextCursor!: string | null;
}

export class FailingWebhookEndpointResponse extends WebhookEndpointResponse {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) customer!: string;
  @ApiProperty() email!: string;
}

export class WebhookEventsResponse {
  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
}
