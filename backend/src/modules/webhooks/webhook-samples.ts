import { TEST_EVENT } from './webhook-events.js';
import type { WebhookEventType } from './webhook-events.js';

const KEY = { keyId: '00000000-0000-4000-8000-000000000001', name: 'Production', prefix: 'tz_live_a1b2', lastFour: '9f3c' };
const INVOICE = {
  invoiceId: 'in_test_0000000000',
  number: 'TZ-TEST',
  description: 'Enterprise plan, monthly',
  amount: '49.00',
  currency: 'usd',
  plan: 'enterprise',
};
const PARIS_CHANGE = {
  from: '2027-03-28T01:00:00Z',
  to: '2027-10-31T01:00:00Z',
  before: { utcOffset: '+01:00', abbreviation: 'CET', dst: false },
  after: { utcOffset: '+02:00', abbreviation: 'CEST', dst: true },
};

/**
 * The `data` a test event of each type carries: the documented shape with sample values (the OpenAPI document's
 * examples), so a receiver can exercise its handler for that event. A test event's message id starts `msg_test_`.
 */
export function sampleData(type: WebhookEventType | typeof TEST_EVENT, endpointId: string, now: Date): Record<string, unknown> {
  switch (type) {
    case TEST_EVENT:
      return { endpointId, message: 'A test event from the Webhooks page.' };
    case 'tzdb.zones_changed':
      return { version: '2026z', zones: [{ zone: 'Europe/Paris', changes: [PARIS_CHANGE] }] };
    case 'tzdb.release.activated':
      return { version: '2026z', previousVersion: '2026y', changedZones: ['Europe/Paris'] };
    case 'quota.threshold': {
      const resets = new Date(Math.ceil((now.getTime() + 1) / 3600_000) * 3600_000);
      return {
        percent: 80,
        limit: 10000,
        used: 8000,
        window: 'hour',
        resetsAt: resets.toISOString(),
        topKeys: [{ name: 'Production (tz_live_a1b2…)', count: 812 }],
      };
    }
    case 'key.created':
    case 'key.rotated':
    case 'key.deleted':
      return { ...KEY };
    case 'plan.changed':
      return { from: 'premium', to: 'enterprise', granted: false };
    case 'invoice.paid':
      return { ...INVOICE, status: 'paid', paidAt: now.toISOString() };
    case 'invoice.payment_failed':
      return { ...INVOICE, status: 'open', paidAt: null };
  }
}
