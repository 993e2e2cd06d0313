import { randomInt } from 'node:crypto';
import { jest } from '@jest/globals';
import { AUTH_LIMITS, LOGIN_LIMITS } from '../../../src/modules/auth/attempt-limits.js';
import { RecoveryCode } from '../../../src/modules/auth/recovery-code.entity.js';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import { advanceClock, freezeClock } from '../../support/clock.js';
import type { TestClient } from '../../support/http.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { newTestTotpSecret, totpCode, wrongTotpCode } from '../../support/totp.js';

const PASSWORD = 'amber kettle orchard';

function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe('account security', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  /** A browser at its own address (TRUST_PROXY is on). */
  const browserAt = (ip = randomIp()): TestClient => t.client().withHeaders({ 'x-forwarded-for': ip });
  const pathOf = (link: string) => {
    const u = new URL(link);
    return u.pathname + u.search;
  };

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl, TRUST_PROXY: 'true', APP_URL: 'http://tzapi.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('profile e-mail changes', () => {
    it("answer the same for another account's address and a free one; the owner is told, the free address gets a link", async () => {
      const owner = await createUser(t, { firstName: 'Grace' });
      const user = await createUser(t, { firstName: 'Mallory' });
      const browser = (await signedInClient(t, user)).withHeaders({ 'x-forwarded-for': randomIp() });
      const free = uniqueEmail('free');

      const taken = await browser.put('/api/profile', { email: owner.email, firstName: 'Mallory', lastName: 'M' });
      const untaken = await browser.put('/api/profile', { email: free, firstName: 'Mallory', lastName: 'M' });
      expect([taken.status, untaken.status]).toEqual([200, 200]);
      expect(taken.headers.get('content-type')).toBe(untaken.headers.get('content-type'));
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(untaken.body).sort());
      expect({ ...taken.body, pendingEmail: 'x' }).toEqual({ ...untaken.body, pendingEmail: 'x' });
      // Nothing moves until a link is clicked: the account keeps its address.
      expect(taken.body).toMatchObject({ email: user.email, emailVerified: true, pendingEmail: owner.email });

      const notice = await smtp.waitFor({ to: owner.email, subject: /another account/i });
      expect(notice.text.startsWith('Hello,')).toBe(true);
      expect(notice.links.some((l) => l.includes('verify-email'))).toBe(false);
      expect((await t.orm.em.fork().findOneOrFail(User, { id: owner.id })).email).toBe(owner.email);

      const confirm = await smtp.waitFor({ to: free, subject: /confirm your new e-mail/i });
      const link = confirm.links.find((l) => l.includes('verify-email'))!;
      expect((await t.client().get(pathOf(link))).headers.get('location')).toBe('/login?verified=1');
      expect((await browser.get('/api/me')).body).toMatchObject({ email: free, emailVerified: true });
      // Single use.
      expect((await t.client().get(pathOf(link))).headers.get('location')).toBe('/login?verified=0');
    });

    it('a link for an earlier requested address stops working once another one is asked for', async () => {
      const user = await createUser(t);
      const browser = (await signedInClient(t, user)).withHeaders({ 'x-forwarded-for': randomIp() });
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      await browser.put('/api/profile', { email: first, firstName: 'A', lastName: 'B' });
      const firstMail = await smtp.waitFor({ to: first, subject: /confirm/i });
      await browser.put('/api/profile', { email: second, firstName: 'A', lastName: 'B' });
      expect((await t.client().get(pathOf(firstMail.links.find((l) => l.includes('verify-email'))!))).headers.get('location')).toBe('/login?verified=0');
      expect((await browser.get('/api/me')).body.email).toBe(user.email);
    });

    it('a burst of e-mail changes is throttled per account, from any address', async () => {
      const user = await createUser(t);
      const session = await signedInClient(t, user);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await session
          .withHeaders({ 'x-forwarded-for': randomIp() })
          .put('/api/profile', { email: uniqueEmail(`burst${i}`), firstName: 'A', lastName: 'B' });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body.code).toBe('too_many_attempts');
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // Names alone are not e-mail changes and stay open.
      expect((await session.put('/api/profile', { email: user.email, firstName: 'Still', lastName: 'Fine' })).status).toBe(200);
    });

    it('a burst of e-mail changes from one IP across accounts is throttled per IP', async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const session = (await signedInClient(t, await createUser(t))).withHeaders({ 'x-forwarded-for': ip });
        statuses.push((await session.put('/api/profile', { email: uniqueEmail(`ip${i}`), firstName: 'A', lastName: 'B' })).status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('sign-in lockout', () => {
    it("ten wrong passwords from one address don't lock the owner out elsewhere; that address stays throttled", async () => {
      const user = await createUser(t, { password: PASSWORD });
      const attacker = browserAt();
      for (let i = 0; i < LOGIN_LIMITS.perEmailIp; i++) {
        expect((await attacker.post('/api/auth/login', { email: user.email, password: `wrong guess ${i}` })).status).toBe(401);
      }
      const owner = browserAt();
      const ok = await owner.post('/api/auth/login', { email: user.email, password: PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.body.user.email).toBe(user.email);

      const refused = await attacker.post('/api/auth/login', { email: user.email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_attempts');
    });

    it('a browser that signed in before gets in past the per-e-mail ceiling a distributed attack reached; a new browser does not', async () => {
      const user = await createUser(t, { password: PASSWORD });
      const known = browserAt();
      expect((await known.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
      const deviceCookie = [...known.cookies.keys()].find((name) => name.includes('device'));
      expect(deviceCookie).toBeDefined();

      // Many sources, each well under its own budget, together reach the address's ceiling.
      const statuses: number[] = [];
      for (let batch = 0; batch < LOGIN_LIMITS.perEmail / 10; batch++) {
        const round = await Promise.all(
          Array.from({ length: 10 }, () => browserAt().post('/api/auth/login', { email: user.email, password: 'distributed guess' })),
        );
        statuses.push(...round.map((r) => r.status));
      }
      // The known browser's own first sign-in counted too, before it was known.
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perEmail - 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);

      const stranger = await browserAt().post('/api/auth/login', { email: user.email, password: PASSWORD });
      expect(stranger.status).toBe(429);
      // The known browser, now from yet another address, still gets in.
      const again = known.withHeaders({ 'x-forwarded-for': randomIp() });
      expect((await again.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    });

    it('the device cookie is HttpOnly and only its hash is stored', async () => {
      const user = await createUser(t, { password: PASSWORD });
      const browser = browserAt();
      const res = await browser.post('/api/auth/login', { email: user.email, password: PASSWORD });
      const cookie = res.headers.getSetCookie().find((c) => c.includes('device'))!;
      expect(cookie).toMatch(/HttpOnly/i);
      const token = cookie.split(';')[0].split('=')[1];
      const rows = await t.orm.em.getConnection().execute<{ token_hash: string }[]>(`select token_hash from trusted_devices where user_id = ?`, [user.id]);
      expect(rows.length).toBe(1);
      expect(rows[0].token_hash).not.toBe(token);
    });
  });

  describe('two-factor sign-in', () => {
    afterEach(() => {
      jest.useRealTimers();
    });

    async function enrol(browser: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
      const setup = await browser.post('/api/profile/totp/setup');
      expect(setup.status).toBe(200);
      expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      const url = new URL(setup.body.otpauthUrl);
      expect(url.searchParams.get('secret')).toBe(setup.body.secret);
      expect([
        url.searchParams.get('digits') ?? '6',
        url.searchParams.get('period') ?? '30',
        (url.searchParams.get('algorithm') ?? 'SHA1').toUpperCase(),
      ]).toEqual(['6', '30', 'SHA1']);
      const secret = setup.body.secret as string;

      const wrong = await browser.post('/api/profile/totp/enable', { code: await wrongTotpCode(secret) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('totp_invalid');

      const enabled = await browser.post('/api/profile/totp/enable', { code: await totpCode(secret) });
      expect(enabled.status).toBe(200);
      expect(enabled.body.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
      return { secret, recoveryCodes: enabled.body.recoveryCodes };
    }

    it('enable with a real code; sign-in then needs it, refuses a wrong or replayed one, takes a recovery code once; disable with a code', async () => {
      // Three codes of one secret: the third is of a later time step, which the test reaches by moving the clock.
      freezeClock();
      const user = await createUser(t, { password: PASSWORD });
      const session = await signedInClient(t, user);
      expect((await session.get('/api/me')).body.totpEnabled).toBe(false);
      const { secret, recoveryCodes } = await enrol(session);
      expect((await session.get('/api/me')).body.totpEnabled).toBe(true);
      expect((await session.get('/api/profile/totp')).body).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });

      // Secrets and recovery codes are not stored in clear.
      const [row] = await t.orm.em.getConnection().execute<{ totp_secret: string }[]>(`select totp_secret from users where id = ?`, [user.id]);
      expect(row.totp_secret).not.toContain(secret);
      const hashes = await t.orm.em.getConnection().execute<{ code_hash: string }[]>(`select code_hash from recovery_codes where user_id = ?`, [user.id]);
      expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);

      const browser = browserAt();
      const required = await browser.post('/api/auth/login', { email: user.email, password: PASSWORD });
      expect(required.status).toBe(401);
      expect(required.headers.get('content-type')).toContain('application/problem+json');
      expect(required.body.code).toBe('totp_required');
      expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);

      const wrong = await browser.post('/api/auth/login', { email: user.email, password: PASSWORD, totp: await wrongTotpCode(secret) });
      expect([wrong.status, wrong.body.code]).toEqual([401, 'totp_invalid']);
      // A wrong password with a code is still just a wrong password.
      expect((await browser.post('/api/auth/login', { email: user.email, password: 'not the password', totp: '123456' })).body.code).toBe(
        'invalid_credentials',
      );

      const code = await totpCode(secret);
      const ok = await browser.post('/api/auth/login', { email: user.email, password: PASSWORD, totp: code });
      expect(ok.status).toBe(200);
      expect(browser.cookies.has(t.config.sessionCookieName)).toBe(true);
      const replay = await browserAt().post('/api/auth/login', { email: user.email, password: PASSWORD, totp: code });
      expect([replay.status, replay.body.code]).toEqual([401, 'totp_invalid']);

      const recovery = recoveryCodes[3];
      expect((await browserAt().post('/api/auth/login', { email: user.email, password: PASSWORD, totp: recovery.toUpperCase() })).status).toBe(200);
      const reused = await browserAt().post('/api/auth/login', { email: user.email, password: PASSWORD, totp: recovery });
      expect([reused.status, reused.body.code]).toEqual([401, 'totp_invalid']);
      expect((await session.get('/api/profile/totp')).body.recoveryCodesLeft).toBe(9);

      const badDisable = await session.post('/api/profile/totp/disable', { code: 'nothing-valid' });
      expect([badDisable.status, badDisable.body.code]).toEqual([400, 'totp_invalid']);
      expect((await session.post('/api/profile/totp/disable', { code: await totpCode(secret, { advance: advanceClock }) })).status).toBe(200);
      expect((await session.get('/api/me')).body.totpEnabled).toBe(false);
      expect((await browserAt().post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
      expect(await t.orm.em.fork().count(RecoveryCode, { user: user.id })).toBe(0);
    });

    it('codes are throttled per account and source, under a higher ceiling per account', async () => {
      const secret = newTestTotpSecret();
      const user = await createUser(t, { password: PASSWORD, totpSecret: secret });
      const attempt = (browser: TestClient) =>
        browser.post('/api/auth/login', { email: user.email, password: PASSWORD, totp: 'abcde-fghij' }).then((r) => r.status);
      const attacker = browserAt();
      const fromOne: number[] = [];
      for (let i = 0; i < 11; i++) fromOne.push(await attempt(attacker));
      expect(fromOne.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(fromOne[10]).toBe(429);
      // Many sources together meet the account's ceiling.
      const left = AUTH_LIMITS.totp.perEmail - 10;
      const fromMany: number[] = [];
      for (let i = 0; i <= left; i++) fromMany.push(await attempt(browserAt()));
      expect(fromMany.slice(0, left)).toEqual(Array(left).fill(401));
      expect(fromMany[left]).toBe(429);
    });

    it('a super admin without two-factor gets 403 totp_enrollment_required on the admin API until enrolled, and cannot turn it off', async () => {
      const admin = await createUser(t, { role: 'super_admin', totpSecret: null, password: PASSWORD });
      const browser = browserAt();
      expect((await browser.post('/api/auth/login', { email: admin.email, password: PASSWORD })).status).toBe(200);
      const refused = await browser.get('/api/admin/stats');
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.code).toBe('totp_enrollment_required');
      expect((await browser.get('/api/profile/totp')).body).toMatchObject({ enabled: false, required: true });

      const { secret } = await enrol(browser);
      expect((await browser.get('/api/admin/stats')).status).toBe(200);
      const off = await browser.post('/api/profile/totp/disable', { code: await totpCode(secret) });
      expect([off.status, off.body.code]).toEqual([403, 'totp_mandatory']);
    });

    it('SUPER_ADMIN_TOTP_SECRET pre-enrols the bootstrap super admin', async () => {
      const email = uniqueEmail('ops');
      const secret = newTestTotpSecret();
      const app = await createTestApp({ SUPER_ADMIN_EMAIL: email, SUPER_ADMIN_PASSWORD: 'ops password 123', SUPER_ADMIN_TOTP_SECRET: secret.toLowerCase() });
      try {
        const browser = app.client();
        expect((await browser.post('/api/auth/login', { email, password: 'ops password 123' })).body.code).toBe('totp_required');
        const ok = await browser.post('/api/auth/login', { email, password: 'ops password 123', totp: await totpCode(secret) });
        expect(ok.status).toBe(200);
        expect(ok.body.user).toMatchObject({ role: 'super_admin', totpEnabled: true });
        expect((await browser.get('/api/admin/stats')).status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('a malformed SUPER_ADMIN_TOTP_SECRET stops the start with one line naming it', async () => {
      await expect(createTestApp({ SUPER_ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' })).rejects.toThrow(/SUPER_ADMIN_TOTP_SECRET/);
    });
  });
});
