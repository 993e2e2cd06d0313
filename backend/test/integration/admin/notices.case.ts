import { createApiKey, createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { SmtpPeer } from '../../support/smtp.js';
import type { ReceivedMail } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** What a customer may type (name, key name): none of it may reach a mail we send them on a console change. */
const TYPED = 'Visit evil.example now';

describe('the customer is mailed when a super admin changes their keys, plan, limits or block state', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let admin: TestClient;
  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl });
    admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const customer = () => createUser(t, { email: uniqueEmail('notice'), firstName: TYPED, lastName: TYPED });
  const expectNothingTyped = (mail: ReceivedMail) => {
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
  };

  it('a rotated key: the owner is told which key stopped working and where to find the new one', async () => {
    const user = await customer();
    const { id, key } = await createApiKey(t, user, { name: TYPED });
    const res = await admin.post(`/api/admin/api-keys/${id}/rotate`);
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor({ to: user.email, subject: /API key was rotated/ });
    expect(mail.text).toContain(`Our team rotated your API key ${key.slice(0, 13)}`);
    expect(mail.text).toContain('The old key stopped working at once.');
    expect(mail.links).toContain(`${t.config.appUrl}/dashboard`);
    expectNothingTyped(mail);
    // The old key is refused, as the mail says.
    expect((await t.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(401);
  });

  it('a plan change names both plans and says how it was applied', async () => {
    const user = await customer();
    expect((await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'enterprise' })).status).toBe(200);
    const mail = await smtp.waitFor({ to: user.email, subject: /plan is now Enterprise/ });
    expect(mail.text).toContain('Our team changed your plan from Free to Enterprise.');
    expect(mail.text).toContain('The Enterprise plan is granted at no charge');
    expectNothingTyped(mail);
  });

  it('custom limits are worded as the dashboard words them, and lifting them says the plan applies again', async () => {
    const user = await createUser(t, { email: uniqueEmail('limits'), plan: 'enterprise' });
    expect((await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: 5 })).status).toBe(200);
    const set = await smtp.waitFor({ to: user.email, subject: /limits were changed/ });
    expect(set.text).toContain('Our team set limits for your account: 5 requests per hour, up to 200 per second.');

    expect((await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: null, burstPerSecond: null })).status).toBe(200);
    const lifted = await smtp.waitForCount(user.email, 2);
    expect(lifted.text).toContain("your plan's limits apply again (unlimited requests, up to 200 per second)");
  });

  it('blocking and unblocking are each mailed; a request that changes nothing mails nothing', async () => {
    const user = await customer();
    expect((await admin.post(`/api/admin/users/${user.id}/block`)).status).toBe(200);
    const blocked = await smtp.waitFor({ to: user.email, subject: /account was blocked/ });
    expect(blocked.text).toContain('your API keys are refused');
    expectNothingTyped(blocked);
    // Blocking a blocked account changes nothing: no second mail before the unblock's.
    expect((await admin.post(`/api/admin/users/${user.id}/block`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/unblock`)).status).toBe(200);
    const second = await smtp.waitForCount(user.email, 2);
    expect(second.subject).toMatch(/account was unblocked/);
    expect(second.text).toContain('you can sign in again');
  });

  it('a refused change mails nothing', async () => {
    const user = await customer();
    // Out of bounds: refused before anything is written.
    expect((await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: 100_001 })).status).toBe(400);
    // A later change that does commit is the first and only mail this account gets.
    expect((await admin.post(`/api/admin/users/${user.id}/block`)).status).toBe(200);
    const first = await smtp.waitFor({ to: user.email });
    expect(first.subject).toMatch(/account was blocked/);
    expect(smtp.to(user.email)).toHaveLength(1);
  });
});
