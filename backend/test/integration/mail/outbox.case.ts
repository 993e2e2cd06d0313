import { freePort } from '../../../src/database/embedded-postgres.js';
import { MailService } from '../../../src/modules/mail/mail.service.js';
import { createApiKey, createUser, uniqueEmail } from '../../factories/index.js';
import { waitFor } from '../../support/processes.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const ROUTE = '/api/time/utc';
/** Short retries so an outage of a few seconds stands for the real one (backoff from 1 s, at most 2 s apart). */
const FAST_RETRIES = { MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_MAX_DELAY_SECONDS: '2', MAIL_RETRY_HOURS: '1', JOBS_POLL_MS: '500' };

interface MailJobRow {
  to: string;
  subject: string;
  state: string;
  retry_count: number;
}

async function mailJobs(t: TestApp, to: string): Promise<MailJobRow[]> {
  return t.orm.em
    .fork()
    .execute<MailJobRow[]>(
      `select data->>'to' as "to", data->>'subject' as subject, state::text as state, retry_count from ${t.config.JOBS_SCHEMA}.job where name = 'mail' and data->>'to' = ?`,
      [to],
    );
}

describe('the mail outbox', () => {
  describe('an SMTP outage loses nothing and sends nothing twice', () => {
    let t: TestApp;
    let smtp: SmtpPeer | undefined;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      // Nothing listens on the SMTP port yet: the server is down.
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...FAST_RETRIES });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('a registration, a password reset and an 80% quota alert made while SMTP is down each arrive exactly once when it is back', async () => {
      const customer = uniqueEmail('outage');
      expect((await t.client().post('/api/auth/register', { name: 'Grace Hopper', email: customer, password: 'a long passphrase' })).status).toBe(201);
      expect((await t.client().post('/api/auth/forgot-password', { email: customer })).status).toBe(200);

      const free = await createUser(t, { firstName: 'Ada' });
      const key = await createApiKey(t, free);
      for (let i = 0; i < 80; i++) expect((await t.client().get(ROUTE, { 'x-api-key': key.key })).status).toBe(200);

      // Every one of the three has been tried and failed at least once: the outage was real.
      await waitFor('each mail to have failed against the absent SMTP server', async () => {
        const jobs = [...(await mailJobs(t, customer)), ...(await mailJobs(t, free.email))];
        return jobs.length === 3 && jobs.every((j) => j.retry_count >= 1 && j.state !== 'completed');
      });

      smtp = await SmtpPeer.start(port);
      const verify = await smtp.waitFor({ to: customer, subject: /Verify your e-mail/ });
      const reset = await smtp.waitFor({ to: customer, subject: /Reset your/ });
      const alert = await smtp.waitFor({ to: free.email, subject: /80% of your hourly/ });
      expect(verify.links.some((l) => l.includes('/api/auth/verify-email?token='))).toBe(true);
      expect(reset.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
      expect(alert.text).toContain('80 of the 100 requests');

      await waitFor('all three jobs to be completed', async () => {
        const jobs = [...(await mailJobs(t, customer)), ...(await mailJobs(t, free.email))];
        return jobs.length === 3 && jobs.every((j) => j.state === 'completed');
      });
      expect(
        smtp
          .to(customer)
          .map((m) => m.subject)
          .sort(),
      ).toEqual([reset.subject, verify.subject].sort());
      expect(smtp.to(free.email).map((m) => m.subject)).toEqual([alert.subject]);
      // A retry of a mail whose answer was lost would carry the same Message-ID: the job's.
      expect(verify.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@tzapi\.jobs>$/);
    });

    it('a registration whose transaction rolls back queues no mail', async () => {
      const email = uniqueEmail('rollback');
      const mail = t.orm.em.fork();
      await expect(
        mail.transactional(async (tx) => {
          await tx.execute(`select 1`);
          await t.app.get(MailService).queue({ to: email, subject: 'Never', text: 'never' }, { em: tx });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await mailJobs(t, email)).toEqual([]);
    });
  });

  describe('two instances sharing the database', () => {
    let a: TestApp;
    let b: TestApp;
    let smtp: SmtpPeer;
    beforeAll(async () => {
      smtp = await SmtpPeer.start();
      a = await createTestApp({ SMTP_URL: smtp.smtpUrl, JOBS_POLL_MS: '500' });
      b = await createTestApp({ SMTP_URL: smtp.smtpUrl, JOBS_POLL_MS: '500' });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await smtp?.close();
    });

    it('200 mail jobs queued on both are each sent exactly once', async () => {
      const run = uniqueEmail('fanout').split('@')[0];
      const recipients = Array.from({ length: 200 }, (_, i) => `${run}-${i}@example.com`);
      await Promise.all(recipients.map((to, i) => (i % 2 ? a : b).app.get(MailService).queue({ to, subject: `Mail ${i}`, text: `Number ${i}` })));
      await waitFor('all 200 mails', async () => recipients.every((to) => smtp.to(to).length > 0), 120_000, 200);
      await waitFor('every job completed', async () => {
        const [row] = await a.orm.em
          .fork()
          .execute<{ done: string }[]>(
            `select count(*) filter (where state = 'completed') as done from ${a.config.JOBS_SCHEMA}.job where name = 'mail' and data->>'to' like ?`,
            [`${run}-%`],
          );
        return Number(row.done) === 200;
      });
      for (const to of recipients) expect(smtp.to(to)).toHaveLength(1);
      expect(smtp.messages.filter((m) => m.to[0].startsWith(`${run}-`))).toHaveLength(200);
    });

    it('the same idempotency key queued twice, on two instances, is sent once', async () => {
      const to = uniqueEmail('once');
      await a.app.get(MailService).queue({ to, subject: 'Receipt: once', text: 'paid' }, { key: `test-receipt:${to}` });
      await b.app.get(MailService).queue({ to, subject: 'Receipt: once', text: 'paid' }, { key: `test-receipt:${to}` });
      await smtp.waitFor({ to });
      await waitFor('the job completed', async () => (await mailJobs(a, to)).every((j) => j.state === 'completed'));
      expect(await mailJobs(a, to)).toHaveLength(1);
      expect(smtp.to(to)).toHaveLength(1);
    });
  });
});
