import { randomUUID } from 'node:crypto';
import { freePort } from '../../../src/database/embedded-postgres.js';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { createUser, uniqueEmail } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { OidcPeer } from '../../support/oidc-peer.js';
import { newTestTotpSecret } from '../../support/totp.js';
import type { PeerAccount } from '../../support/oidc-peer.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const CLIENT_ID = 'tzapi-test-client';
const CLIENT_SECRET = 'tzapi-test-client-secret-0123456789abcdef';

describe('sign-in with an OpenID Connect provider', () => {
  let peer: OidcPeer;
  let t: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    peer = await OidcPeer.start({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`${appUrl}/api/login/callback`] });
    t = await createTestApp({ OIDC_ISSUER: peer.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, APP_URL: appUrl }, { port });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const account = (overrides: Partial<PeerAccount> = {}): PeerAccount => ({
    sub: `sub-${randomUUID()}`,
    email: uniqueEmail('oidc'),
    email_verified: true,
    given_name: 'Katherine',
    family_name: 'Johnson',
    ...overrides,
  });

  /** /api/login → provider (signs in `who`) → the callback URL the provider sends the browser back to. */
  async function toCallback(browser: TestClient, who: PeerAccount, loginPath = '/api/login'): Promise<string> {
    const start = await browser.get(loginPath);
    expect(start.status).toBe(302);
    peer.signInAs(who);
    return peer.authorize(start.headers.get('location')!, `${appUrl}/api/login/callback`);
  }

  /** The whole round trip; returns where the app finally sends the browser. */
  async function signIn(browser: TestClient, who: PeerAccount, loginPath?: string): Promise<string | null> {
    const callback = await toCallback(browser, who, loginPath);
    const done = await browser.get(callback.slice(appUrl.length));
    expect(done.status).toBe(302);
    return done.headers.get('location');
  }

  const userByEmail = (email: string) => t.orm.em.fork().find(User, { email: email.toLowerCase() });

  it('GET /api/login redirects to the provider with PKCE (S256), state, nonce, scope and the callback URI; the state stays in an HttpOnly cookie', async () => {
    const browser = t.client();
    const res = await browser.get('/api/login?returnTo=/dashboard/usage');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(peer.issuer);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${appUrl}/api/login/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(22);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(22);
    // Nothing of ours (returnTo, verifier) travels through the provider.
    expect(location.search).not.toContain('dashboard');

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tzapi_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    // Sealed: neither the state nor the return path is readable in it.
    expect(cookie).not.toContain(q.get('state')!);
    expect(cookie).not.toContain('dashboard');
    expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);
  });

  it('the full round trip creates a verified user with the provider names, no password, and a session; the state cookie is spent', async () => {
    const who = account();
    const browser = t.client();
    expect(await signIn(browser, who)).toBe('/dashboard');
    expect(browser.cookies.has('tzapi_oidc')).toBe(false);

    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: who.email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      emailVerified: true,
      role: 'user',
      plan: 'free',
      isBlocked: false,
      hasPassword: false,
    });
    const [user] = await userByEmail(who.email!);
    expect(user.oidcSubject).toBe(who.sub);
    expect(user.passwordHash).toBeNull();

    // No password: password sign-in is refused like a wrong password, and changing it is a clear 400.
    const login = await t.client().post('/api/auth/login', { email: who.email, password: 'any password at all' });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('invalid_credentials');
    const change = await browser.put('/api/profile/password', { currentPassword: 'whatever it is', newPassword: 'violet lantern harbour' });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ code: 'no_password', detail: 'This account signs in through your identity provider.' });
  });

  it('a second sign-in reuses the same user and starts a new session token', async () => {
    const who = account({ given_name: undefined, family_name: undefined, name: 'Dorothy Johnson Vaughan' });
    const first = t.client();
    await signIn(first, who);
    const second = t.client();
    await signIn(second, who);
    expect(second.cookies.get(t.config.sessionCookieName)).not.toBe(first.cookies.get(t.config.sessionCookieName));
    const users = await userByEmail(who.email!);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ firstName: 'Dorothy', lastName: 'Johnson Vaughan' });
    expect((await first.get('/api/me')).body.id).toBe(users[0].id);
    expect((await second.get('/api/me')).body.id).toBe(users[0].id);
  });

  it('an existing password account with the same provider-verified e-mail is linked, not duplicated, and keeps its password', async () => {
    const existing = await createUser(t, { email: uniqueEmail('linked'), firstName: 'Mary', lastName: 'Jackson' });
    const browser = t.client();
    await signIn(browser, account({ email: existing.email.toUpperCase() }));
    expect((await browser.get('/api/me')).body).toMatchObject({ id: existing.id, firstName: 'Mary', hasPassword: true });
    const users = await userByEmail(existing.email);
    expect(users).toHaveLength(1);
    expect(users[0].oidcSubject).not.toBeNull();
    const login = await t.client().post('/api/auth/login', { email: existing.email, password: existing.password });
    expect(login.status).toBe(200);
  });

  it('an unverified password account is linked only with its password dropped (whoever set it never proved the address)', async () => {
    const squatter = await createUser(t, { email: uniqueEmail('squat'), emailVerified: false });
    const browser = t.client();
    await signIn(browser, account({ email: squatter.email }));
    expect((await browser.get('/api/me')).body).toMatchObject({ id: squatter.id, emailVerified: true, hasPassword: false });
    const login = await t.client().post('/api/auth/login', { email: squatter.email, password: squatter.password });
    expect(login.status).toBe(401);
  });

  it('an e-mail the provider does not vouch for neither links nor duplicates an existing account', async () => {
    const existing = await createUser(t, { email: uniqueEmail('unvouched') });
    const browser = t.client();
    expect(await signIn(browser, account({ email: existing.email, email_verified: false }))).toBe('/login?error=oidc');
    expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);
    const users = await userByEmail(existing.email);
    expect(users).toHaveLength(1);
    expect(users[0].oidcSubject).toBeNull();
  });

  it('a new account from an unverified provider e-mail is created unverified', async () => {
    const who = account({ email_verified: false });
    const browser = t.client();
    expect(await signIn(browser, who)).toBe('/dashboard');
    expect((await browser.get('/api/me')).body).toMatchObject({ email: who.email, emailVerified: false });
  });

  it('a tampered state is refused: /login?error=oidc and no session', async () => {
    const browser = t.client();
    const callback = new URL(await toCallback(browser, account()));
    callback.searchParams.set('state', 'tampered-state-value-0123456789');
    const res = await browser.get(callback.pathname + callback.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('a callback without the state cookie (another browser) or with an altered cookie is refused', async () => {
    const browser = t.client();
    const callback = await toCallback(browser, account());
    const stranger = t.client();
    const res = await stranger.get(callback.slice(appUrl.length));
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect(stranger.cookies.has(t.config.sessionCookieName)).toBe(false);

    const sealed = browser.cookies.get('tzapi_oidc')!;
    browser.cookies.set('tzapi_oidc', sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA'));
    const altered = await browser.get(callback.slice(appUrl.length));
    expect(altered.headers.get('location')).toBe('/login?error=oidc');
    expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);
  });

  it('the provider refusing (error=access_denied) lands on /login?error=oidc', async () => {
    const browser = t.client();
    const start = await browser.get('/api/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await browser.get(`/api/login/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(peer.issuer)}`);
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it('honours a same-site returnTo and ignores an absolute or protocol-relative one', async () => {
    const who = account();
    expect(await signIn(t.client(), who, '/api/login?returnTo=%2Fdashboard%2Fusage%3Frange%3D7d')).toBe('/dashboard/usage?range=7d');
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(await signIn(t.client(), who, `/api/login?returnTo=${encodeURIComponent(evil)}`)).toBe('/dashboard');
    }
  });

  it('a super admin lands on /admin', async () => {
    const admin = await createUser(t, { email: uniqueEmail('boss'), role: 'super_admin' });
    expect(await signIn(t.client(), account({ email: admin.email }))).toBe('/admin');
  });

  it('a customer with two-factor sign-in is trusted to the provider: no code asked', async () => {
    const customer = await createUser(t, { email: uniqueEmail('twofactor'), totpSecret: newTestTotpSecret() });
    const browser = t.client();
    expect(await signIn(browser, account({ email: customer.email }))).toBe('/dashboard');
    expect((await browser.get('/api/me')).body).toMatchObject({ email: customer.email, totpEnabled: true });
  });

  it('a super admin arriving through the provider still needs two-factor enrolment for the admin API', async () => {
    const admin = await createUser(t, { email: uniqueEmail('boss'), role: 'super_admin', totpSecret: null });
    const browser = t.client();
    expect(await signIn(browser, account({ email: admin.email }))).toBe('/admin');
    const refused = await browser.get('/api/admin/stats');
    expect([refused.status, refused.body.code]).toEqual([403, 'totp_enrollment_required']);
    await t.orm.em.fork().nativeUpdate(User, { id: admin.id }, { role: 'user' });
  });

  it('a blocked user is refused, whether found by e-mail or by subject', async () => {
    const blocked = await createUser(t, { email: uniqueEmail('blocked'), isBlocked: true });
    const browser = t.client();
    expect(await signIn(browser, account({ email: blocked.email }))).toBe('/login?error=blocked');
    expect(browser.cookies.has(t.config.sessionCookieName)).toBe(false);
    expect((await t.orm.em.fork().findOneOrFail(User, { id: blocked.id })).oidcSubject).toBeNull();

    const who = account();
    await signIn(t.client(), who);
    await t.orm.em.fork().nativeUpdate(User, { email: who.email }, { isBlocked: true });
    const again = t.client();
    expect(await signIn(again, who)).toBe('/login?error=blocked');
    expect(again.cookies.has(t.config.sessionCookieName)).toBe(false);
  });

  it('GET /api/config reports oidc.enabled', async () => {
    expect((await t.client().get('/api/config')).body.oidc).toEqual({ enabled: true });
  });

  it('an unreachable provider gives /login?error=oidc, and discovery is tried again on the next sign-in', async () => {
    // A second app: its discovery has not run yet, so it meets the provider down.
    const other = await createTestApp({ OIDC_ISSUER: peer.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET });
    try {
      peer.down = true;
      const failed = await other.client().get('/api/login');
      expect(failed.headers.get('location')).toBe('/login?error=oidc');
      peer.down = false;
      const retried = await other.client().get('/api/login');
      expect(new URL(retried.headers.get('location')!).origin).toBe(peer.issuer);
    } finally {
      peer.down = false;
      await other.close();
    }
  });
});

describe('GET /api/login without an OpenID Connect provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('redirects to /login, keeping a same-site returnTo and dropping an external one', async () => {
    const plain = await t.client().get('/api/login');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/login');
    const kept = await t.client().get('/api/login?returnTo=/dashboard/usage');
    expect(kept.headers.get('location')).toBe('/login?returnTo=%2Fdashboard%2Fusage');
    const external = await t.client().get('/api/login?returnTo=https://evil.example');
    expect(external.headers.get('location')).toBe('/login');
    expect((await t.client().get('/api/login/callback?code=x&state=y')).headers.get('location')).toBe('/login');
    expect((await t.client().get('/api/config')).body.oidc).toEqual({ enabled: false });
  });
});
