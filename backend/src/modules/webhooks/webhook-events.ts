/** The events an endpoint may subscribe to (decisions §9). */
export const WEBHOOK_EVENTS = [
  'tzdb.zones_changed',
  'tzdb.release.activated',
  'quota.threshold',
  'key.created',
  'key.rotated',
  'key.deleted',
  'plan.changed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The test event "Send test event" delivers (to any endpoint, whatever it subscribed to). */
export const TEST_EVENT = 'webhook.test';

/** The body every delivery carries (Standard Webhooks: type, timestamp, data). */
export interface WebhookPayload {
  type: WebhookEventType | typeof TEST_EVENT;
  timestamp: string;
  data: Record<string, unknown>;
}
