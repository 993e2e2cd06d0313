import { randomInt } from 'node:crypto';
import { SupportMessage } from '../../../src/modules/support/support-message.entity.js';
import { createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe('support messages', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  const client = (): TestClient => t.client().withHeaders({ 'x-forwarded-for': randomIp() });

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl, TRUST_PROXY: 'true', SUPPORT_EMAIL: 'help@tzapi.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores the message and mails it to SUPPORT_EMAIL with the sender as reply-to', async () => {
    const email = uniqueEmail('customer');
    const subject = `Conversion question ${randomInt(1e9)}`;
    const res = await client().post('/api/support/messages', {
      name: 'Ada Lovelace',
      email,
      category: 'api-help',
      subject,
      message: 'How do I convert to several zones?',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, id: expect.any(String) });

    const row = await t.orm.em.fork().findOneOrFail(SupportMessage, { id: res.body.id });
    expect(row).toMatchObject({ name: 'Ada Lovelace', email, category: 'api-help', subject, status: 'new', user: null });

    const mail = await smtp.waitFor((m) => m.to.includes('help@tzapi.test') && m.subject === `[Support] ${subject}`);
    expect(mail.headers['reply-to']).toBe(email);
    expect(mail.text).toContain('How do I convert to several zones?');
    expect(mail.text).toContain('Category: api-help');
  });

  it('links a signed-in sender to the account; category defaults to other', async () => {
    const user = await createUser(t);
    const browser = (await signedInClient(t, user)).withHeaders({ 'x-forwarded-for': randomIp() });
    const res = await browser.post('/api/support/messages', { name: 'Ada', email: user.email, subject: 'Billing', message: 'Hi' });
    expect(res.status).toBe(201);
    const row = await t.orm.em.fork().findOneOrFail(SupportMessage, { id: res.body.id }, { populate: ['user'] });
    expect(row.user?.id).toBe(user.id);
    expect(row.category).toBe('other');
  });

  it('refuses missing fields and an unknown category with field errors', async () => {
    const res = await client().post('/api/support/messages', { name: ' ', email: 'nope', category: 'sales', subject: '', message: '' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['category', 'email', 'message', 'name', 'subject']);
  });

  it('is throttled per e-mail address (5 an hour) with 429', async () => {
    const email = uniqueEmail('chatty');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client().post('/api/support/messages', { name: 'Chatty', email, subject: `n${i}`, message: 'again' })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('is throttled per IP address (10 an hour) with 429 and Retry-After', async () => {
    const source = client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await source.post('/api/support/messages', { name: 'Bot', email: uniqueEmail('bot'), subject: 's', message: 'm' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
