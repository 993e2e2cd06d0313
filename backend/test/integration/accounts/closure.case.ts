import { AuditLogEntry } from '../../../src/modules/audit/audit-log.entity.js';
import { Invoice } from '../../../src/modules/billing/invoice.entity.js';
import { Subscription } from '../../../src/modules/billing/subscription.entity.js';
import { SupportMessage } from '../../../src/modules/support/support-message.entity.js';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { createApiKey, createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import type { SmtpPeer } from '../../support/smtp.js';
import { twoInstancesWithMail } from '../../support/fixtures.js';
import type { TwoInstancesWithMail } from '../../support/fixtures.js';
import { waitFor } from '../../support/processes.js';
import type { TestApp } from '../../support/test-app.js';
import { newTestTotpSecret, totpCode, wrongTotpCode } from '../../support/totp.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

const PUBLIC_ROUTE = '/api/time/utc';
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Lovelace' };

/** Two instances sharing PostgreSQL and Redis: the account is closed on one, its key must stop on both. */
describe('closing an account', () => {
  let pair: TwoInstancesWithMail;
  let a: TestApp;
  let b: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    pair = await twoInstancesWithMail();
    ({ a, b, smtp } = pair);
  });
  afterAll(() => pair?.close());

  it('ends the subscription, revokes keys on every instance, ends sessions, erases personal data, keeps invoices, and the address can register again', async () => {
    const email = uniqueEmail('closing');
    const user = await createUser(a, { email, firstName: 'Grace', lastName: 'Hopper' });
    const client = await signedInClient(a, user);
    const other = await signedInClient(a, user);
    const { key } = await createApiKey(a, user);

    // A paid subscription through the sandbox gateway, and a support message.
    const pm = await client.post('/api/billing/sandbox/payment-methods', CARD);
    expect((await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm.body.id })).body.success).toBe(true);
    expect(
      (
        await client.post('/api/support/messages', {
          name: 'Grace Hopper',
          email,
          category: 'technical',
          subject: 'Hello',
          message: 'A question about the API',
        })
      ).status,
    ).toBe(201);

    // Both instances have the key in their cache; b's usage row (with the caller's IP) is written, a's may still wait
    // in a's buffer when the account closes there.
    expect((await a.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
    expect((await b.client().get(`${PUBLIC_ROUTE}?ip=203.0.113.9`, { 'x-api-key': key })).status).toBe(200);
    await b.app.get(UsageRecorder).flush();
    // A row written before usage batches and not moved into one yet is erased alike.
    await a.orm.em
      .fork()
      .execute(
        `insert into usage_records ("timestamp", user_id, key_id, endpoint, method, status_code, response_ms, ip_address, query) values (now(), ?, gen_random_uuid(), ?, 'GET', 200, 1, '198.51.100.7', 'ip=198.51.100.7')`,
        [user.id, PUBLIC_ROUTE],
      );

    const res = await client.post('/api/me/close', { email: email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    // The key answers 401 at once where the account closed, and on the other instance when Redis delivers the news.
    expect((await a.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(401);
    await waitFor('the key refused on b', async () => (await b.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status === 401, 5000, 20);

    // Every session is gone.
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);

    const em = a.orm.em.fork();
    const closed = await em.findOneOrFail(User, user.id);
    expect(closed.email).toBe(`closed-${user.id}@closed.invalid`);
    expect([closed.firstName, closed.lastName, closed.passwordHash]).toEqual(['', '', null]);
    expect(closed.closedAt).toBeInstanceOf(Date);
    expect(closed.plan).toBe('free');

    // The subscription was cancelled at the provider; the invoice stays.
    const subscriptions = await em.find(Subscription, { user: user.id });
    expect(subscriptions.map((s) => s.status)).toEqual(['canceled']);
    const invoices = await em.find(Invoice, { user: user.id });
    expect(invoices).toEqual([expect.objectContaining({ amount: expect.anything(), status: 'paid' })]);

    // Support messages are erased; usage events (in batches and in rows not moved yet) stay without IP addresses or query parameters.
    expect(await em.count(SupportMessage, { email })).toBe(0);
    const usage = await em.execute<{ n: string; with_ip: string; with_query: string }[]>(
      `select count(*) as n, count(ip_address) as with_ip, count(query) as with_query from ${USAGE_EVENTS} where user_id = ?`,
      [user.id],
    );
    expect(Number(usage[0].n)).toBe(3);
    expect(Number(usage[0].with_ip)).toBe(0);
    // The request log's query parameters may name an address or a place: erased with the IPs.
    expect(Number(usage[0].with_query)).toBe(0);

    // The audit log records it.
    const audit = await em.find(AuditLogEntry, { targetId: user.id, action: 'user.close' });
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ keysRevoked: 1, subscriptionsEnded: 1 });

    // A confirmation mail went to the old address.
    const mail = await smtp.waitFor({ to: email, subject: /account is closed/ });
    expect(mail.text).toContain('register again');

    // The old password no longer signs in, and the address can register again.
    expect((await a.client().post('/api/auth/login', { email, password: user.password })).status).toBe(401);
    expect((await a.client().post('/api/auth/register', { name: 'Grace Again', email, password: 'another long passphrase' })).status).toBe(201);
    const fresh = await a.orm.em.fork().findOneOrFail(User, { email });
    expect(fresh.id).not.toBe(user.id);
  });

  it('refuses a wrong password, a mistyped e-mail and a missing or wrong second factor, changing nothing', async () => {
    const secret = newTestTotpSecret();
    const user = await createUser(a, { totpSecret: secret });
    const client = await signedInClient(a, user);
    const { key } = await createApiKey(a, user);

    // Refused before the code is checked, so the same code is still good at the end.
    const code = await totpCode(secret);
    expect((await client.post('/api/me/close', { email: user.email, password: 'not the password', totp: code })).body.code).toBe('wrong_password');
    expect((await client.post('/api/me/close', { email: 'someone-else@example.com', password: user.password, totp: code })).body.code).toBe('email_mismatch');
    expect((await client.post('/api/me/close', { email: user.email, password: user.password })).body.code).toBe('totp_required');
    const wrong = await client.post('/api/me/close', { email: user.email, password: user.password, totp: await wrongTotpCode(secret) });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'totp_invalid']);
    expect((await client.post('/api/me/close', { password: user.password })).body.code).toBe('validation_failed');

    expect((await client.get('/api/me')).status).toBe(200);
    expect((await a.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);

    const ok = await client.post('/api/me/close', { email: user.email, password: user.password, totp: code });
    expect(ok.status).toBe(200);
    expect((await a.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(401);
  });

  it('is throttled per account', async () => {
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/me/close', { email: user.email, password: 'wrong password here' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('the console lists the account as closed', async () => {
    const admin = await createUser(a, { role: 'super_admin' });
    const user = await createUser(a);
    expect((await (await signedInClient(a, user)).post('/api/me/close', { email: user.email, password: user.password })).status).toBe(200);
    const adminClient = await signedInClient(a, admin);
    const res = await adminClient.get(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.closedAt).toEqual(expect.any(String));
    const filter = (value: boolean) => encodeURIComponent(JSON.stringify({ q: `closed-${user.id}`, isClosed: value }));
    expect((await adminClient.get(`/api/admin/users?filter=${filter(true)}`)).body.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect((await adminClient.get(`/api/admin/users?filter=${filter(false)}`)).body).toEqual([]);
  });
});
