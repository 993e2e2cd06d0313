import { FakeStripe } from './fake-stripe.js';
import { SHARED_REDIS_URL } from './redis.js';
import { SmtpPeer } from './smtp.js';
import { createTestApp } from './test-app.js';
import type { TestApp } from './test-app.js';

/** Two instances sharing PostgreSQL and Redis, mail over one real SMTP peer. */
export interface TwoInstancesWithMail {
  a: TestApp;
  b: TestApp;
  smtp: SmtpPeer;
  close(): Promise<void>;
}

/**
 * Starts the pair. Without a shared Redis (no REDIS_URL, no redis-server) instances can't hear each other: one
 * instance plays both, and what a case proves across instances it proves on one.
 */
export async function twoInstancesWithMail(): Promise<TwoInstancesWithMail> {
  const smtp = await SmtpPeer.start();
  const a = await createTestApp({ SMTP_URL: smtp.smtpUrl, REDIS_URL: SHARED_REDIS_URL });
  const b = SHARED_REDIS_URL ? await createTestApp({ SMTP_URL: smtp.smtpUrl, REDIS_URL: SHARED_REDIS_URL }) : a;
  return {
    a,
    b,
    smtp,
    async close() {
      await a.close();
      if (b !== a) await b.close();
      await smtp.close();
    },
  };
}

/** The app pointed at a local server speaking Stripe's wire format, its webhook wired back to the app. */
export interface AppWithStripe {
  fake: FakeStripe;
  t: TestApp;
  close(): Promise<void>;
}

export async function appWithStripe(): Promise<AppWithStripe> {
  const fake = await new FakeStripe().start();
  const t = await createTestApp(fake.env());
  fake.webhookUrl = `${t.url}/api/billing/webhook`;
  return {
    fake,
    t,
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}
