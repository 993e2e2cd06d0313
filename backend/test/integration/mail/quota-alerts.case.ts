import { User } from '../../../src/modules/accounts/user.entity.js';
import { QuotaAlerts } from '../../../src/modules/usage/quota-alerts.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { SmtpPeer } from '../../support/smtp.js';
import { twoInstancesWithMail } from '../../support/fixtures.js';
import type { TwoInstancesWithMail } from '../../support/fixtures.js';
import type { TestApp } from '../../support/test-app.js';

const ROUTE = '/api/time/utc';

/** Two instances sharing PostgreSQL and Redis (the quota is counted across both), mail over a real SMTP peer. */
describe('quota alerts on the free plan', () => {
  let pair: TwoInstancesWithMail;
  let a: TestApp;
  let b: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    pair = await twoInstancesWithMail();
    ({ a, b, smtp } = pair);
  });
  afterAll(() => pair?.close());

  const settled = async () => [...(await a.app.get(QuotaAlerts).settled()), ...(await b.app.get(QuotaAlerts).settled())];

  it('one mail at 80% and one at 100%, each once, naming the keys that used the quota most', async () => {
    const user = await createUser(a, { firstName: 'Ada', lastName: 'Lovelace' });
    const busy = await createApiKey(a, user, { name: 'Busy worker' });
    const quiet = await createApiKey(a, user, { name: 'Quiet cron' });

    // 79 requests: no alert yet.
    for (let i = 0; i < 79; i++) {
      const app = i % 2 ? a : b;
      expect((await app.client().get(ROUTE, { 'x-api-key': i < 70 ? busy.key : quiet.key })).status).toBe(200);
    }
    expect(await settled()).toEqual([]);
    expect(smtp.to(user.email)).toHaveLength(0);

    // The 80th request passes 80%.
    await a.client().get(ROUTE, { 'x-api-key': busy.key });
    const eighty = await smtp.waitFor({ to: user.email, subject: /80% of your hourly/ });
    expect(eighty.text).toContain('80 of the 100 requests');
    expect(eighty.text).toMatch(/Busy worker \(tzk_live_\w{4}…\) \(\d+ requests\), Quiet cron/);
    expect(eighty.links).toContain(`${a.config.appUrl}/dashboard/profile`);

    // Up to the 100th, then refusals: exactly one more mail.
    for (let i = 80; i < 105; i++) await (i % 2 ? a : b).client().get(ROUTE, { 'x-api-key': quiet.key });
    const full = await smtp.waitFor({ to: user.email, subject: /You have used your hourly/ });
    expect(full.text).toContain('all 100 requests');
    await settled();
    expect(smtp.to(user.email).map((m) => m.subject)).toEqual([eighty.subject, full.subject]);

    // Within the window the same level is never sent again, whichever instance notices it.
    const window = { used: 80, limit: 100, windowMs: 3600_000, resetMs: 1000 };
    expect(await a.app.get(QuotaAlerts).notify(user.id, 80, window)).toBe('already_sent');
    expect(await b.app.get(QuotaAlerts).notify(user.id, 100, { ...window, used: 100 })).toBe('already_sent');
    expect(smtp.to(user.email)).toHaveLength(2);
  });

  it("the mail's per-key figures count each answered request once", async () => {
    const user = await createUser(a);
    const busy = await createApiKey(a, user, { name: 'Busy worker' });
    const quiet = await createApiKey(a, user, { name: 'Quiet cron' });
    for (let i = 0; i < 10; i++) expect((await a.client().get(ROUTE, { 'x-api-key': quiet.key })).status).toBe(200);
    for (let i = 0; i < 70; i++) expect((await a.client().get(ROUTE, { 'x-api-key': busy.key })).status).toBe(200);
    const eighty = await smtp.waitFor({ to: user.email, subject: /80% of your hourly/ });
    // One instance answered all 80, and writes its rows before the alert reads them: none is missing or counted twice.
    // The 80th request's own row may or may not be written by then (it is recorded once its answer is sent).
    const figures = /Busy worker \(tzk_live_\w{4}…\) \((\d+) requests\), Quiet cron \(tzk_live_\w{4}…\) \((\d+) requests\)/.exec(eighty.text);
    expect(figures).not.toBeNull();
    expect([69, 70]).toContain(Number(figures![1]));
    expect(Number(figures![2])).toBe(10);
    await settled();
  });

  it('customers can turn them off in the profile; paid plans get none', async () => {
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const res = await client.put('/api/profile/quota-alerts', { enabled: false });
    expect([res.status, res.body.quotaAlerts]).toEqual([200, false]);
    expect((await client.get('/api/me')).body.quotaAlerts).toBe(false);
    expect((await client.put('/api/profile/quota-alerts', { enabled: 'no' })).body.code).toBe('validation_failed');
    const window = { used: 80, limit: 100, windowMs: 3600_000, resetMs: 1000 };
    expect(await a.app.get(QuotaAlerts).notify(user.id, 80, window)).toBe('opted_out');

    const paid = await createUser(a, { plan: 'premium' });
    expect(await a.app.get(QuotaAlerts).notify(paid.id, 80, window)).toBe('not_applicable');
    expect(smtp.to(user.email)).toHaveLength(0);
    expect((await a.orm.em.fork().findOneOrFail(User, user.id)).quotaAlerts).toBe(false);
  });
});
