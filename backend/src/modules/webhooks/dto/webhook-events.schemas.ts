import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { PLAN_IDS } from '../../../config/plans.js';
import { TEST_EVENT, WEBHOOK_EVENTS, type WebhookEventType } from '../webhook-events.js';

/**
 * The bodies our webhooks POST, as OpenAPI models: the `webhooks` section of the document (OpenAPI 3.1) is built from
 * these, and the webhooks spec checks every delivered event against it, so the schema cannot drift from what is sent.
 */

export class OffsetReadingEvent {
  @ApiProperty({ example: '+01:00', description: 'UTC offset in force.' })
  utcOffset!: string;

  @ApiProperty({ example: 'CET', description: 'The abbreviation tzdb gives.' })
  abbreviation!: string;

  @ApiProperty({ description: 'Daylight saving time in force.' })
  dst!: boolean;
}

export class ZoneChangeEvent {
  @ApiProperty({ example: '2027-03-28T01:00:00Z', description: 'The instant (UTC) from which the new reading applies.' })
  from!: string;

  @ApiProperty({ example: '2027-10-31T01:00:00Z', description: 'Until when it applies (UTC), within the 24 months looked at.' })
  to!: string;

  @ApiProperty({ type: OffsetReadingEvent, description: 'What the previous release answered then (under `pinnedKeys`: the release the key is pinned to).' })
  before!: OffsetReadingEvent;

  @ApiProperty({ type: OffsetReadingEvent, description: 'What the new release answers then.' })
  after!: OffsetReadingEvent;
}

export class ChangedZoneEvent {
  @ApiProperty({ example: 'Europe/Paris', description: 'A zone your requests named in the last 30 days.' })
  zone!: string;

  @ApiProperty({ type: [ZoneChangeEvent], description: 'Each period whose offset, DST or abbreviation changes.' })
  changes!: ZoneChangeEvent[];
}

export class PinnedKeyEvent {
  @ApiProperty({ format: 'uuid' })
  keyId!: string;

  @ApiProperty({ example: 'Billing (frozen)', description: 'The key name; the secret is never sent.' })
  name!: string;

  @ApiProperty({ example: '2026a', description: 'The release the key is pinned to: it keeps answering from it until you move the pin.' })
  pinnedTo!: string;

  @ApiProperty({
    type: [ChangedZoneEvent],
    description: 'The zones your account used in the last 30 days whose answers would change if the pin moved to `version`; empty when none would.',
  })
  zones!: ChangedZoneEvent[];
}

export class ZonesChangedData {
  @ApiProperty({ example: '2026b', description: 'The release now active.' })
  version!: string;

  @ApiProperty({ type: [ChangedZoneEvent], description: 'Only the zones your account used.' })
  zones!: ChangedZoneEvent[];

  @ApiPropertyOptional({
    type: [PinnedKeyEvent],
    description: 'Present only when the account has keys pinned to an older release: each one, and what moving its pin to `version` would change.',
  })
  pinnedKeys?: PinnedKeyEvent[];
}

export class ReleaseActivatedData {
  @ApiProperty({ example: '2026b' })
  version!: string;

  @ApiProperty({ type: String, nullable: true, example: '2026a', description: 'The release it replaced.' })
  previousVersion!: string | null;

  @ApiProperty({ type: [String], example: ['America/Mexico_City'], description: 'Every zone or link whose answers change in the next 24 months.' })
  changedZones!: string[];
}

export class QuotaTopKeyEvent {
  @ApiProperty({ example: 'Production (tz_live_a1b2…)', description: 'The key name and prefix, or "A deleted key".' })
  name!: string;

  @ApiProperty({ example: 812, description: 'Requests of the window made with it.' })
  count!: number;
}

export class QuotaThresholdData {
  @ApiProperty({ enum: [80, 100], example: 80, description: 'The share of the hourly quota reached.' })
  percent!: number;

  @ApiProperty({ example: 10000, description: 'Requests allowed in the window.' })
  limit!: number;

  @ApiProperty({ example: 8000, description: 'Requests used in the window.' })
  used!: number;

  @ApiProperty({ enum: ['hour'], example: 'hour' })
  window!: string;

  @ApiProperty({ example: '2026-11-25T13:00:00.000Z', description: 'When the window resets.' })
  resetsAt!: string;

  @ApiProperty({ type: [QuotaTopKeyEvent], description: 'The keys that used the most of it.' })
  topKeys!: QuotaTopKeyEvent[];
}

export class KeyEventData {
  @ApiProperty({ format: 'uuid' })
  keyId!: string;

  @ApiProperty({ example: 'Production' })
  name!: string;

  @ApiProperty({ example: 'tz_live_a1b2', description: 'The first characters of the key; the secret is never sent.' })
  prefix!: string;

  @ApiProperty({ example: '9f3c' })
  lastFour!: string;
}

export class PlanChangedData {
  @ApiProperty({ enum: PLAN_IDS, example: 'premium' })
  from!: string;

  @ApiProperty({ enum: PLAN_IDS, example: 'enterprise' })
  to!: string;

  @ApiProperty({ description: 'Granted by our team rather than bought.' })
  granted!: boolean;
}

export class InvoiceEventData {
  @ApiProperty({ example: 'in_1Q2w3E4r5T6y' })
  invoiceId!: string;

  @ApiProperty({ type: String, nullable: true, example: 'TZ-0042' })
  number!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Enterprise plan, monthly' })
  description!: string | null;

  @ApiProperty({ example: '49.00', description: 'In the currency below, two decimals.' })
  amount!: string;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({ example: 'paid' })
  status!: string;

  @ApiProperty({ type: String, nullable: true, example: 'enterprise' })
  plan!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-25T12:00:00.000Z' })
  paidAt!: string | null;
}

export class TestEventData {
  @ApiProperty({ format: 'uuid' })
  endpointId!: string;

  @ApiProperty({ example: 'A test event from the Webhooks page.' })
  message!: string;
}

export const WEBHOOK_EVENTS_TAG = {
  name: 'Webhook events',
  description: 'What we POST to your endpoints (Enterprise): signed the Standard Webhooks way, retried with the same webhook-id.',
};

/** Each event, what it means and the model of its `data`. */
export const WEBHOOK_EVENT_DOCS: Record<WebhookEventType | typeof TEST_EVENT, { summary: string; data: new () => unknown }> = {
  'tzdb.zones_changed': { summary: 'A new tz release changes zones your account used in the last 30 days (next 24 months).', data: ZonesChangedData },
  'tzdb.release.activated': { summary: 'A new tz database release now answers every request.', data: ReleaseActivatedData },
  'quota.threshold': { summary: 'Your account reached 80% or 100% of its hourly quota.', data: QuotaThresholdData },
  'key.created': { summary: 'An API key was created.', data: KeyEventData },
  'key.rotated': { summary: 'An API key was rotated: the old secret no longer works.', data: KeyEventData },
  'key.deleted': { summary: 'An API key was deleted.', data: KeyEventData },
  'plan.changed': { summary: 'Your plan changed.', data: PlanChangedData },
  'invoice.paid': { summary: 'An invoice was paid.', data: InvoiceEventData },
  'invoice.payment_failed': { summary: 'Paying an invoice failed.', data: InvoiceEventData },
  [TEST_EVENT]: { summary: 'Sent by "Send test event" on the Webhooks page, whatever the endpoint subscribed to.', data: TestEventData },
};

export const WEBHOOK_EVENT_MODELS = [...new Set(Object.values(WEBHOOK_EVENT_DOCS).map((d) => d.data))];

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The message id: the same on every retry and on Resend. Deduplicate on it.', example: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W' },
  {
    name: 'webhook-timestamp',
    description: 'Seconds since the epoch when this attempt was signed; reject old ones (the library allows 5 minutes).',
    example: '1764072000',
  },
  {
    name: 'webhook-signature',
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body` with your `whsec_` secret (Standard Webhooks).',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

/** The OpenAPI 3.1 `webhooks` section: one POST per event, its body `{ type, timestamp, data }`. */
export function webhooksSection(): Record<string, unknown> {
  const types = [...WEBHOOK_EVENTS, TEST_EVENT] as const;
  return Object.fromEntries(
    types.map((type) => {
      const doc = WEBHOOK_EVENT_DOCS[type];
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/\./g, '_')}`,
            summary: doc.summary,
            tags: [WEBHOOK_EVENTS_TAG.name],
            // Authenticated by the signature headers, which the receiver checks with its secret; no OpenAPI scheme says that.
            security: [],
            parameters: SIGNATURE_HEADERS.map((h) => ({
              name: h.name,
              in: 'header',
              required: true,
              description: h.description,
              schema: { type: 'string' },
              example: h.example,
            })),
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['type', 'timestamp', 'data'],
                    properties: {
                      type: { type: 'string', const: type },
                      timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
                      data: { $ref: getSchemaPath(doc.data.name) },
                    },
                  },
                },
              },
            },
            responses: {
              '200': { description: 'Any 2xx answer within 10 s acknowledges the event; anything else is retried with the same webhook-id.' },
            },
          },
        },
      ];
    }),
  );
}
