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
  @ApiProperty({ enum: ['pending', 'delivered', 'failing', 'skipped'] }) status!: string;
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

export class OffsetReadingResponse {
  @ApiProperty({ example: '+05:30' }) utcOffset!: string;
  @ApiProperty({ example: 'IST' }) abbreviation!: string;
  @ApiProperty() dst!: boolean;
}

export class NoticeChangeResponse {
  @ApiProperty({ description: 'When the new reading starts.' }) from!: string;
  @ApiProperty({ description: 'When it ends (within the 24 months compared).' }) to!: string;
  @ApiProperty({ type: OffsetReadingResponse }) before!: OffsetReadingResponse;
  @ApiProperty({ type: OffsetReadingResponse }) after!: OffsetReadingResponse;
}

export class NoticeZoneResponse {
  @ApiProperty({ example: 'Asia/Kolkata' }) zone!: string;
  @ApiProperty({ type: [NoticeChangeResponse] }) changes!: NoticeChangeResponse[];
}

export class PinnedKeyNoticeResponse {
  @ApiProperty({ format: 'uuid' }) keyId!: string;
  @ApiProperty({ example: 'Billing (frozen)' }) name!: string;
  @ApiProperty({ example: '2026a', description: 'The release the key is pinned to; it answers from it until the pin moves.' }) pinnedTo!: string;
  @ApiProperty({ type: [NoticeZoneResponse], description: 'The zones used in the last 30 days that moving the pin to this release would change.' })
  zones!: NoticeZoneResponse[];
}

export class ChangeNoticeResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026g' }) version!: string;
  @ApiProperty({ type: [NoticeZoneResponse] }) zones!: NoticeZoneResponse[];
  @ApiProperty({ type: [PinnedKeyNoticeResponse], description: 'The keys pinned to an older release when this one became active.' })
  pinnedKeys!: PinnedKeyNoticeResponse[];
  @ApiProperty() createdAt!: string;
}

export class PinPreviewResponse {
  @ApiProperty({ example: '2026a' }) from!: string;
  @ApiProperty({ example: '2026b' }) to!: string;
  @ApiProperty({
    type: [NoticeZoneResponse],
    description: 'The zones your requests used in the last 30 days whose answers differ between the two (next 24 months).',
  })
  zones!: NoticeZoneResponse[];
}

export class ChangeNoticesResponse {
  @ApiProperty({ type: [ChangeNoticeResponse] }) notices!: ChangeNoticeResponse[];
}

export class WebhookEventsResponse {
  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
}
