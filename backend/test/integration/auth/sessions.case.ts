import { randomInt } from 'node:crypto';
import { LOGIN_LIMITS } from '../../../src/modules/auth/attempt-limits.js';
import { AuthToken } from '../../../src/modules/auth/auth-token.entity.js';
import { Session } from '../../../src/modules/auth/session.entity.js';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const PASSWORD = 'violet lantern harbour';

/** Each client appears from its own address (TRUST_PROXY is on), so IP budgets of parallel tests don't mix. */
function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe('accounts', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  const client = (): TestClient => t.client().withHeaders({ 'x-forwarded-for': randomIp() });
  const pathOf = (link: string) => {
    const u = new URL(link);
    return u.pathname + u.search;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl, TRUST_PROXY: 'true', APP_URL: 'http://tzapi.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('register → mail arrives → link verifies → login → /api/me → profile update → password change → logout', async () => {
    const email = uniqueEmail('journey');
    const browser = client();

    const registered = await browser.post('/api/auth/register', { name: 'Grace Brewster Hopper', email: email.toUpperCase(), password: PASSWORD });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ ok: true, email, needsVerification: true });

    const before = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ code: 'email_not_verified', needsVerification: true, email });

    const mail = await smtp.waitFor({ to: email, subject: /verify/i });
    // A stranger can make us mail any address: the greeting is a fixed word, never the name typed at sign-up.
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.text).not.toContain('Grace Brewster Hopper');
    const link = mail.links.find((l) => l.includes('/api/auth/verify-email?token='))!;
    expect(link.startsWith('http://tzapi.test/api/auth/verify-email?token=')).toBe(true);
    const stored = await t.orm.em.fork().find(AuthToken, { purpose: 'verify_email', email });
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(tokenOf(link));

    const verified = await browser.get(pathOf(link));
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/login?verified=1');
    const again = await browser.get(pathOf(link));
    expect(again.headers.get('location')).toBe('/login?verified=0');

    expect((await browser.get('/api/me')).status).toBe(401);
    const login = await browser.post('/api/auth/login', { email: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.ok).toBe(true);
    expect(login.body.user).toMatchObject({ email, firstName: 'Grace', lastName: 'Brewster Hopper', emailVerified: true, plan: 'free', role: 'user' });
    expect(login.body.user.passwordHash).toBeUndefined();
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${t.config.sessionCookieName}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, firstName: 'Grace', lastName: 'Brewster Hopper', isBlocked: false, profileImageUrl: null, hasPassword: true });
    expect(Object.keys(me.body).sort()).toEqual([
      'changeNotices',
      'closedAt',
      'createdAt',
      'displayZone',
      'email',
      'emailVerified',
      'firstName',
      'hasPassword',
      'id',
      'isBlocked',
      'lastName',
      'limits',
      'organization',
      'permissions',
      'plan',
      'planGranted',
      'profileImageUrl',
      'quotaAlerts',
      'role',
      'totpEnabled',
    ]);

    const renamed = await browser.put('/api/profile', { email, firstName: ' Grace ', lastName: 'Hopper' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', emailVerified: true, pendingEmail: null });

    const other = client();
    expect((await other.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const wrong = await browser.put('/api/profile/password', { currentPassword: 'not the password', newPassword: 'a brand new passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_password');
    const changed = await browser.put('/api/profile/password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ok: true, message: 'Password updated' });
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email, password: 'a brand new passphrase' })).status).toBe(200);

    const logout = await browser.get('/api/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);
    const me401 = await browser.get('/api/me');
    expect(me401.status).toBe(401);
    expect(me401.body.code).toBe('unauthenticated');
    expect(me401.headers.get('content-type')).toContain('application/problem+json');
  });

  it('a new session token at every login; the old cookie stops working', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const browser = client();
    await browser.post('/api/auth/login', { email: user.email, password: PASSWORD });
    const first = browser.cookies.get(t.config.sessionCookieName)!;
    await browser.post('/api/auth/login', { email: user.email, password: PASSWORD });
    const second = browser.cookies.get(t.config.sessionCookieName)!;
    expect(second).not.toBe(first);
    const stale = t.client();
    stale.cookies.set(t.config.sessionCookieName, first);
    expect((await stale.get('/api/me')).status).toBe(401);
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('forgot → mail → reset → old password refused, every session ended, link single-use', async () => {
    const user = await createUser(t, { password: PASSWORD, firstName: 'Katherine', lastName: 'Johnson' });
    const signedIn = await signedInClient(t, user);
    expect((await signedIn.get('/api/me')).status).toBe(200);

    const forgot = await client().post('/api/auth/forgot-password', { email: user.email });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const mail = await smtp.waitFor({ to: user.email, subject: /reset/i });
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.text).not.toContain('Katherine');
    expect(mail.text).toContain('1 hour');
    const link = mail.links.find((l) => l.includes('/reset-password?token='))!;
    expect(link).toBeDefined();
    const token = tokenOf(link);

    expect((await client().get(`/api/auth/reset-password/check?token=${encodeURIComponent(token)}`)).body).toEqual({ valid: true });
    const common = await client().post('/api/auth/reset-password', { token, newPassword: 'password1' });
    expect(common.status).toBe(400);
    expect(common.body.code).toBe('validation_failed');
    expect(common.body.errors[0].field).toBe('newPassword');

    const reset = await client().post('/api/auth/reset-password', { token, newPassword: 'an entirely new phrase' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });

    expect((await signedIn.get('/api/me')).status).toBe(401);
    const old = await client().post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: 'invalid_credentials', detail: 'Invalid email or password. Please try again.' });
    expect((await client().post('/api/auth/login', { email: user.email, password: 'an entirely new phrase' })).status).toBe(200);

    const reused = await client().post('/api/auth/reset-password', { token, newPassword: 'yet another new phrase' });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('invalid_token');
    expect(reused.body.detail).toContain('Invalid or expired');
    expect((await client().get(`/api/auth/reset-password/check?token=${encodeURIComponent(token)}`)).body).toEqual({ valid: false });
    expect((await client().get('/api/auth/reset-password/check')).body).toEqual({ valid: false });
    const bogus = await client().post('/api/auth/reset-password', { token: 'not-a-real-token', newPassword: 'yet another new phrase' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.code).toBe('invalid_token');
  });

  it('an expired reset link is refused', async () => {
    const user = await createUser(t);
    await client().post('/api/auth/forgot-password', { email: user.email });
    const mail = await smtp.waitFor({ to: user.email, subject: /reset/i });
    const token = tokenOf(mail.links.find((l) => l.includes('/reset-password?token='))!);
    await t.orm.em.fork().nativeUpdate(AuthToken, { user: user.id, purpose: 'reset_password' }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await client().post('/api/auth/reset-password', { token, newPassword: 'an entirely new phrase' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Invalid or expired reset link. Please request a new one.');
  });

  it('an unverified login answers needsVerification, and resend-verification mails a fresh link', async () => {
    const user = await createUser(t, { password: PASSWORD, emailVerified: false });
    const res = await client().post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'email_not_verified', needsVerification: true, email: user.email });
    expect(res.headers.getSetCookie()).toHaveLength(0);

    const resend = await client().post('/api/auth/resend-verification', { email: user.email });
    expect(resend).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await smtp.waitFor({ to: user.email, subject: /verify/i });
    const link = mail.links.find((l) => l.includes('verify-email'))!;
    expect((await client().get(pathOf(link))).headers.get('location')).toBe('/login?verified=1');
    expect((await client().post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);

    const unknown = await client().post('/api/auth/resend-verification', { email: uniqueEmail('nobody') });
    expect(unknown).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('an invalid verification link redirects to /login?verified=0', async () => {
    expect((await client().get('/api/auth/verify-email?token=nope')).headers.get('location')).toBe('/login?verified=0');
    expect((await client().get('/api/auth/verify-email')).headers.get('location')).toBe('/login?verified=0');
  });

  it('a blocked user is refused at login and loses the session already open', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const browser = client();
    expect((await browser.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    await t.orm.em.fork().nativeUpdate(User, { id: user.id }, { isBlocked: true });

    // The browser holding the session learns why it stopped (the sign-in page says so), and again on a reload.
    for (let i = 0; i < 2; i++) {
      const me = await browser.get('/api/me');
      expect(me.status).toBe(403);
      expect(me.body).toMatchObject({ code: 'account_blocked', detail: 'This account has been blocked. Please contact support.' });
    }
    const res = await client().post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_blocked');
    // Without the right password a blocked account looks like any wrong login.
    expect((await client().post('/api/auth/login', { email: user.email, password: 'wrong password here' })).body.code).toBe('invalid_credentials');
  });

  it.each([
    ['its absolute lifetime ends', { expiresAt: new Date(Date.now() - 1000) }],
    ['it was idle too long', { lastSeenAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) }],
  ])('a session that ran out because %s answers 401 session_expired once, then plain unauthenticated', async (_why, change) => {
    const user = await createUser(t, { password: PASSWORD });
    const browser = client();
    expect((await browser.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    await t.orm.em.fork().nativeUpdate(Session, { user: user.id }, change);
    const first = await browser.get('/api/me');
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 'session_expired', detail: 'Your session has expired. Please sign in again.' });
    expect(await browser.get('/api/me')).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
  });

  it('the 11th rapid login attempt for one e-mail from one address is throttled with 429 and Retry-After', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const source = client();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await source.post('/api/auth/login', { email: user.email, password: `wrong guess ${i}` })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await source.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('content-type')).toContain('application/problem+json');
    expect(eleventh.body.code).toBe('too_many_attempts');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('one IP address gets LOGIN_LIMITS.perIp login attempts per window across e-mails', async () => {
    const source = client();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perIp; i++)
      statuses.push((await source.post('/api/auth/login', { email: uniqueEmail('spray'), password: 'some guess value' })).status);
    expect(statuses.slice(0, LOGIN_LIMITS.perIp).every((s) => s === 401)).toBe(true);
    expect(statuses[LOGIN_LIMITS.perIp]).toBe(429);
  });

  it('register and forgot-password answer identically for existing and unknown addresses; the owner is told', async () => {
    const owner = await createUser(t, { password: PASSWORD, firstName: 'Margaret' });
    const fresh = uniqueEmail('fresh');
    const taken = await client().post('/api/auth/register', { name: 'Mallory', email: owner.email, password: 'another passphrase' });
    const unknown = await client().post('/api/auth/register', { name: 'Mallory', email: fresh, password: 'another passphrase' });
    expect(taken.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect({ ...taken.body, email: 'x' }).toEqual({ ...unknown.body, email: 'x' });
    expect(taken.headers.get('content-type')).toBe(unknown.headers.get('content-type'));

    const notice = await smtp.waitFor({ to: owner.email, subject: /tried to register/i });
    expect(notice.text.startsWith('Hello,')).toBe(true);
    expect(notice.links.some((l) => l.includes('verify-email'))).toBe(false);
    // The owner's account is untouched: same password, same name.
    expect((await client().post('/api/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(200);
    const row = await t.orm.em.fork().findOneOrFail(User, { email: owner.email });
    expect(row.firstName).toBe('Margaret');

    const forgotKnown = await client().post('/api/auth/forgot-password', { email: owner.email });
    const forgotUnknown = await client().post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect([forgotKnown.status, forgotKnown.text]).toEqual([forgotUnknown.status, forgotUnknown.text]);
  });

  it('a profile update carrying plan, role, isBlocked or emailVerified changes nothing of them', async () => {
    const user = await createUser(t, { emailVerified: true });
    const browser = await signedInClient(t, user);
    const res = await browser.put('/api/profile', {
      email: user.email,
      firstName: 'Mallory',
      lastName: 'Root',
      plan: 'enterprise',
      role: 'super_admin',
      isBlocked: true,
      emailVerified: false,
      passwordHash: 'x',
      id: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, firstName: 'Mallory', lastName: 'Root', plan: 'free', role: 'user', isBlocked: false, emailVerified: true });
    const row = await t.orm.em.fork().findOneOrFail(User, { id: user.id });
    expect([row.plan, row.role, row.isBlocked, row.emailVerified]).toEqual(['free', 'user', false, true]);

    const registered = uniqueEmail('sneaky');
    await client().post('/api/auth/register', {
      name: 'Sneaky',
      email: registered,
      password: PASSWORD,
      role: 'super_admin',
      plan: 'enterprise',
      emailVerified: true,
    });
    const created = await t.orm.em.fork().findOneOrFail(User, { email: registered });
    expect([created.plan, created.role, created.emailVerified]).toEqual(['free', 'user', false]);
  });

  it('a changed e-mail takes effect when its link is clicked', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const browser = (await signedInClient(t, user)).withHeaders({ 'x-forwarded-for': randomIp() });

    const next = uniqueEmail('moved');
    const res = await browser.put('/api/profile', { email: next, firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, emailVerified: true, pendingEmail: next });
    const mail = await smtp.waitFor({ to: next, subject: /confirm/i });
    expect((await client().get(pathOf(mail.links.find((l) => l.includes('verify-email'))!))).headers.get('location')).toBe('/login?verified=1');
    expect((await browser.get('/api/me')).body).toMatchObject({ email: next, emailVerified: true });
  });

  it('profile validation speaks the form texts', async () => {
    const browser = await signedInClient(t, await createUser(t));
    const res = await browser.put('/api/profile', { email: 'not-an-email', firstName: '  ', lastName: '' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email address' },
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
      ]),
    );
  });

  it('/api/login redirects to the sign-in page', async () => {
    const res = await client().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('documents the account routes under the Account tag and support under Support', async () => {
    const res = await client().get('/api/docs/openapi-full.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { tags?: string[] }>>;
    for (const [path, method] of [
      ['/api/auth/register', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/resend-verification', 'post'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/reset-password/check', 'get'],
      ['/api/me', 'get'],
      ['/api/profile', 'put'],
      ['/api/profile/password', 'put'],
      ['/api/logout', 'post'],
    ]) {
      expect(paths[path]?.[method]?.tags).toEqual(['Account']);
    }
    // Browser navigations (mail link, sign-in and sign-out redirects) are not API operations a client could call.
    for (const path of ['/api/auth/verify-email', '/api/login', '/api/login/callback']) expect(paths[path]).toBeUndefined();
    expect(Object.keys(paths['/api/logout'])).toEqual(['post']);
    expect(paths['/api/support/messages'].post.tags).toEqual(['Support']);
    expect(JSON.stringify(res.body.components.schemas.LoginDto)).toContain('email');
  });
});
