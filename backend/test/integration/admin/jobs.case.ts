import { freePort } from '../../../src/database/embedded-postgres.js';
import { MailService } from '../../../src/modules/mail/mail.service.js';
import { createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { waitFor } from '../../support/processes.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const METRICS_TOKEN = 'jobs-console-metrics-token';

/** The console's Jobs page over a real SMTP outage: a failed mail is listed without its body, retried and sent. */
describe('the console: Jobs', () => {
  let t: TestApp;
  let admin: TestClient;
  let smtp: SmtpPeer | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // SMTP is down and a mail gives up after ~2 s of tries (1 s apart): it ends failed quickly.
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_MAX_DELAY_SECONDS: '1',
      MAIL_RETRY_HOURS: '0.0005',
      JOBS_POLL_MS: '500',
      METRICS_TOKEN,
    });
    admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const failedMailTo = async (to: string) => {
    const res = await admin.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ queue: 'mail', state: 'failed' }))}&range=[0,99]`);
    expect(res.status).toBe(200);
    return (res.body as { id: string; summary: { to: string } }[]).find((j) => j.summary.to === to);
  };

  it('shows a failed mail with its recipient, subject, attempts and last error (never the body), retries it and it is sent; audited', async () => {
    const customer = uniqueEmail('jobs');
    expect((await t.client().post('/api/auth/register', { name: 'Ada', email: customer, password: 'a long passphrase' })).status).toBe(201);
    const job = await waitFor('the verification mail to fail for good', () => failedMailTo(customer), 60_000, 250);

    const list = await admin.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ queue: 'mail', state: 'failed' }))}`);
    expect(list.headers.get('content-range')).toMatch(/^jobs 0-\d+\/\d+$/);
    const shown = (list.body as Record<string, unknown>[]).find((j) => j.id === job.id)!;
    expect(shown).toMatchObject({
      queue: 'mail',
      state: 'failed',
      summary: { to: customer, subject: 'Verify your e-mail address for TimeZone API' },
      maxAttempts: 3,
      attempts: 3,
    });
    // The SMTP server's own failure: refused, or (when another test's listener has taken the kernel-given port since)
    // a peer that never greets, as CI once saw.
    expect(shown.lastError).toMatch(/ECONNREFUSED|Greeting never received|ECONNRESET|Connection closed/);
    // The body with its token link is in no answer of the console.
    expect(list.text).not.toContain('verify-email?token=');
    expect((await admin.get(`/api/admin/jobs/${job.id}`)).text).not.toContain('token=');

    const queues = await admin.get('/api/admin/job-queues');
    expect(queues.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'mail', queue: 'mail', failed: expect.any(Number) })]));
    expect(queues.body.find((q: { queue: string }) => q.queue === 'mail').failed).toBeGreaterThanOrEqual(1);

    // /metrics: the failed job is counted.
    const metrics = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
    expect(metrics).toMatch(/tzapi_jobs\{queue="mail",state="failed"\} [1-9]/);
    expect(metrics).toMatch(/tzapi_job_oldest_waiting_seconds\{queue="mail"\} \d/);
    expect(metrics).toMatch(/tzapi_job_failed_attempts_total\{queue="mail"\} [3-9]/);

    // SMTP is back; the operator retries.
    smtp = await SmtpPeer.start(port);
    const retried = await admin.post(`/api/admin/jobs/${job.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.state).toBe('retry');
    const mail = await smtp.waitFor({ to: customer, subject: /Verify/ });
    expect(mail.links.some((l) => l.includes('/api/auth/verify-email?token='))).toBe(true);
    await waitFor('the job to be completed', async () => (await admin.get(`/api/admin/jobs/${job.id}`)).body.state === 'completed');
    expect(smtp.to(customer)).toHaveLength(1);

    // Retrying what is not failed is refused.
    expect((await admin.post(`/api/admin/jobs/${job.id}/retry`)).status).toBe(409);

    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetId: job.id }))}`);
    expect(audit.body).toEqual([
      expect.objectContaining({ action: 'job.retry', targetType: 'job', before: expect.objectContaining({ queue: 'mail', state: 'failed', to: customer }) }),
    ]);
  });

  it('discards a failed job: it leaves the list, and the discard is audited', async () => {
    await smtp?.close();
    smtp = undefined;
    const to = uniqueEmail('discard');
    await t.app.get(MailService).queue({ to, subject: 'Nobody needs this', text: 'x' });
    const job = await waitFor('the mail to fail for good', () => failedMailTo(to), 60_000, 250);
    const discarded = await admin.post(`/api/admin/jobs/${job.id}/discard`);
    expect(discarded.status).toBe(200);
    expect(await failedMailTo(to)).toBeUndefined();
    expect((await admin.get(`/api/admin/jobs/${job.id}`)).status).toBe(404);
    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetId: job.id }))}`);
    expect(audit.body).toEqual([expect.objectContaining({ action: 'job.discard', targetType: 'job' })]);
  });

  it('opens on what needs attention, without the scheduled housekeeping queues unless asked', async () => {
    const to = uniqueEmail('attention');
    await t.app.get(MailService).queue({ to, subject: 'Needs attention', text: 'x' });
    await waitFor('the mail to fail for good', () => failedMailTo(to), 60_000, 250);
    const list = async (filter: Record<string, unknown>) =>
      (await admin.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,499]`)).body as { queue: string; state: string }[];
    const attention = await list({ attention: true });
    expect(attention.length).toBeGreaterThan(0);
    expect(attention.filter((j) => j.state !== 'failed' && j.state !== 'retry')).toEqual([]);
    const queues = (await admin.get('/api/admin/job-queues')).body as { queue: string; internal: boolean }[];
    const internal = queues.filter((q) => q.internal).map((q) => q.queue);
    expect([internal, queues.find((q) => q.queue === 'mail')?.internal]).toEqual([expect.arrayContaining(['usage-retention', 'health-record']), false]);
    expect((await list({})).filter((j) => internal.includes(j.queue))).toEqual([]);
    expect((await list({ customer: 'x', event: 'key.created' })).length).toBe(0);
    expect((await admin.get('/api/admin/jobs?filter={"customer":5}')).status).toBe(400);
  });

  it('is for super admins only, and a bad filter is a 400', async () => {
    const customer = await signedInClient(t, await createUser(t));
    expect((await customer.get('/api/admin/jobs')).status).toBe(403);
    expect((await customer.post(`/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry`)).status).toBe(403);
    expect((await admin.get('/api/admin/jobs?filter={"state":"exploded"}')).status).toBe(400);
    expect((await admin.get('/api/admin/jobs?range=nope')).status).toBe(400);
    expect((await admin.get('/api/admin/jobs/not-a-uuid')).status).toBe(404);
  });
});
