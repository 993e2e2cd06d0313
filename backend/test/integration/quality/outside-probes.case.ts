import pg from 'pg';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import { createApiKey, createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import { SmtpPeer } from '../../support/smtp.js';
import { parseCsv } from '../../support/csv.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { newTestTotpSecret, totpCode, wrongTotpCode } from '../../support/totp.js';

/**
 * What the outside probes (issue 23, "Probes run from outside") found, each checked the way the probe saw it: through
 * the real HTTP server, the real SMTP peer and the real PostgreSQL.
 */

/** What a spreadsheet would run: a cell starting with =, +, -, @, tab or CR that is not a plain number or a UTC offset. */
const opensAsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) && !/^[+-]\d{2}:\d{2}$/.test(cell);

const HOSTILE_NAMES = ['=HYPERLINK("http://evil.example/?x","open")', "+1+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", '=1+1'];

let nextIp = 1;
/** A fresh client address per test (TRUST_PROXY is on), so the per-IP budgets of one test never reach another. */
const freshIp = () => `198.51.100.${nextIp++}`;

describe('probes from outside (issue 23)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('CSV formula injection', () => {
    it('the usage export writes hostile key names with a leading quote, so no cell opens as a formula', async () => {
      const user = await createUser(t, { plan: 'premium' });
      const keys = [];
      for (const name of HOSTILE_NAMES) keys.push({ name, ...(await createApiKey(t, user, { name })) });
      const base = Date.now() - 3600_000;
      const rows: UsageRow[] = keys.map((k, i) => ({
        timestamp: base + i * 1000,
        userId: user.id,
        keyId: k.id,
        endpoint: '/api/time/utc',
        method: 'GET',
        statusCode: 200,
        responseMs: 1.5,
        ipAddress: '203.0.113.9',
      }));
      await t.app.get(UsageRepository).write(rows);
      const res = await (await signedInClient(t, user)).get(`/api/usage/export.csv?startDate=${new Date(base - 60_000).toISOString()}`);
      expect(res.status).toBe(200);
      const [header, ...lines] = parseCsv(res.text);
      const nameColumn = header.indexOf('key_name');
      expect(lines).toHaveLength(HOSTILE_NAMES.length);
      const names = lines.map((l) => l[nameColumn]);
      // Each name is still there to read, behind the quote that makes a spreadsheet show it as text.
      expect(names.sort()).toEqual(HOSTILE_NAMES.map((n) => `'${n}`).sort());
      for (const line of lines) expect(line.filter(opensAsFormula)).toEqual([]);
      // Numbers stay numbers.
      expect(new Set(lines.map((l) => l[header.indexOf('response_ms')]))).toEqual(new Set(['1.5']));
    });

    it("the sold API's format=csv neutralises a caller's own query echoed back, and keeps offsets such as -04:00", async () => {
      const { key } = await createApiKey(t, await createUser(t, { plan: 'enterprise' }));
      const get = async (path: string) => {
        const res = await fetch(`${t.url}${path}`, { headers: { 'X-API-Key': key, 'x-forwarded-for': freshIp() } });
        expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'text/csv; charset=utf-8']);
        return parseCsv(await res.text());
      };
      const [header, ...rows] = await get(`/api/timezone/lookup?format=csv&location=${encodeURIComponent('=London')}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0][header.indexOf('query')]).toBe("'=London");
      for (const row of rows) expect(row.filter(opensAsFormula)).toEqual([]);

      // Legitimate negative values a client reads as data are left as they are (numbers are numbers in the CSV anyway).
      const [infoHeader, info] = await get('/api/timezone/info?format=csv&timezone=America/New_York&date=2024-07-01');
      const cells = Object.fromEntries(infoHeader.map((h, i) => [h, info[i]]));
      expect(Object.values(cells).filter((v) => /^[+-]\d{2}:\d{2}$/.test(v))).toContain('-04:00');
      expect(Object.values(cells).filter((v) => v.startsWith("'"))).toEqual([]);
    });
  });

  describe('mail carries no stranger text', () => {
    const HOSTILE = 'Your account is locked: call +1-555-0100 or visit http://evil.example/unlock';

    it('a verification mail to an address someone else typed greets with a fixed word, not the name they typed', async () => {
      const email = uniqueEmail('victim');
      const res = await t.client().post('/api/auth/register', { name: HOSTILE, email, password: 'a long passphrase' }, { 'x-forwarded-for': freshIp() });
      expect(res.status).toBe(201);
      const mail = await smtp.waitFor({ to: email, subject: /verify/i });
      expect(mail.text.startsWith('Hello,')).toBe(true);
      for (const part of [mail.raw, mail.text, mail.html, mail.subject]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('555-0100');
      }
    });

    it('nor does the "someone tried to register" mail to an existing account', async () => {
      const owner = await createUser(t, { firstName: 'Grace', lastName: 'Hopper' });
      const res = await t
        .client()
        .post('/api/auth/register', { name: HOSTILE, email: owner.email, password: 'a long passphrase' }, { 'x-forwarded-for': freshIp() });
      expect(res.status).toBe(201);
      const mail = await smtp.waitFor({ to: owner.email, subject: /tried to register/i });
      expect(mail.text.startsWith('Hello,')).toBe(true);
      for (const part of [mail.raw, mail.text, mail.html]) expect(part).not.toContain('evil.example');
    });
  });

  describe('forgot-password timing', () => {
    /** The SQL statements the server sends PostgreSQL about accounts and tokens while `run` is under way. */
    async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
      const seen: string[] = [];
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      proto.query = function (this: unknown, ...args: unknown[]) {
        const first = args[0];
        const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
        // The statement's shape: the driver inlines values, which differ between any two requests.
        if (text && /"(users|auth_tokens)"/.test(text))
          seen.push(
            text
              .replace(/'(?:[^']|'')*'/g, '?')
              .replace(/\s+/g, ' ')
              .trim(),
          );
        return original.apply(this, args);
      };
      try {
        await run();
      } finally {
        proto.query = original;
      }
      return seen;
    }

    it('a known and an unknown address cost the same statements before the answer; the known one gets its mail after', async () => {
      const known = await createUser(t);
      const unknown = uniqueEmail('nobody');
      const ask = (email: string) => t.client().post('/api/auth/forgot-password', { email }, { 'x-forwarded-for': freshIp() });
      let knownAnswer = 0;
      const knownStatements = await statementsDuring(async () => (knownAnswer = (await ask(known.email)).status));
      let unknownAnswer = 0;
      const unknownStatements = await statementsDuring(async () => (unknownAnswer = (await ask(unknown)).status));
      expect([knownAnswer, unknownAnswer]).toEqual([200, 200]);
      // The reset job's own look-up (queued for both addresses) runs after the answer, whenever a worker claims it: it
      // may or may not fall inside the window, so it is left out.
      const beforeAnswer = (statements: string[]) => statements.filter((sql) => !/^select "email" from "auth_tokens" where "token_hash"/.test(sql));
      expect(beforeAnswer(knownStatements).length).toBeGreaterThan(0);
      expect(beforeAnswer(knownStatements)).toEqual(beforeAnswer(unknownStatements));
      const mail = await smtp.waitFor({ to: known.email, subject: /reset/i });
      expect(mail.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
      expect(smtp.to(unknown)).toEqual([]);
    });
  });

  describe('IPv4-mapped IPv6 restriction entries', () => {
    it('are saved as IPv4 and match a request from 127.0.0.1, and a plain IPv4 entry matches ::ffff:127.0.0.1', async () => {
      const client = await signedInClient(t, await createUser(t));
      const keyWith = async (ipRestrictions: string[]) => {
        const res = await client.post('/api/api-keys', { name: 'restricted', ipRestrictions, urlRestrictions: [] });
        expect(res.status).toBe(201);
        return res.body as { key: string; ipRestrictions: string[] };
      };
      const call = async (key: string, ip?: string) =>
        (await fetch(`${t.url}/api/time/utc`, { headers: { 'X-API-Key': key, ...(ip ? { 'x-forwarded-for': ip } : {}) } })).status;

      const single = await keyWith(['::ffff:127.0.0.1']);
      expect(single.ipRestrictions).toEqual(['127.0.0.1']);
      const range = await keyWith(['::ffff:127.0.0.0/104']);
      expect(range.ipRestrictions).toEqual(['127.0.0.0/8']);
      const plain = await keyWith(['127.0.0.1']);
      const elsewhere = await keyWith(['::ffff:10.0.0.1']);

      expect(await call(single.key)).toBe(200);
      expect(await call(range.key)).toBe(200);
      expect(await call(single.key, '127.0.0.1')).toBe(200);
      expect(await call(range.key, '::ffff:127.0.0.1')).toBe(200);
      expect(await call(plain.key, '::ffff:127.0.0.1')).toBe(200);
      expect(await call(elsewhere.key)).toBe(403);
    });
  });

  describe('logout', () => {
    it('a cross-site GET /api/logout leaves the session alive; a same-origin navigation or a POST signs out', async () => {
      const user = await createUser(t);
      const browser = await signedInClient(t, user);
      // What a foreign page's <img src> or link makes a browser send: no Origin on a GET, Sec-Fetch-Site cross-site.
      for (const site of ['cross-site', 'same-site']) {
        const res = await browser.withHeaders({ 'sec-fetch-site': site }).get('/api/logout');
        expect([site, res.status, res.headers.get('location'), res.headers.getSetCookie().length]).toEqual([site, 302, '/', 0]);
        expect((await browser.get('/api/me')).status).toBe(200);
      }
      const noHeaders = await fetch(`${t.url}/api/logout`, { headers: { cookie: browser.cookieHeader }, redirect: 'manual' });
      expect(noHeaders.status).toBe(302);
      expect((await browser.get('/api/me')).status).toBe(200);

      // A foreign page's POST is refused by the CSRF rules.
      const foreignPost = await browser.post('/api/logout', undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect([foreignPost.status, foreignPost.body.code]).toEqual([403, 'csrf_rejected']);
      expect((await browser.get('/api/me')).status).toBe(200);

      // Our own sign-out link, followed by the browser.
      const own = await browser.withHeaders({ 'sec-fetch-site': 'same-origin' }).get('/api/logout');
      expect([own.status, own.headers.get('location')]).toEqual([302, '/']);
      expect((await browser.get('/api/me')).status).toBe(401);
      const again = await signedInClient(t, user);
      const post = await again.post('/api/logout');
      expect([post.status, post.body]).toEqual([200, { ok: true }]);
      expect(again.cookies.has(t.config.sessionCookieName)).toBe(false);
      expect((await again.get('/api/me')).status).toBe(401);
    });
  });

  describe('two-factor lockout', () => {
    it("someone who has the password and burns the codes from their address does not lock out the owner's correct code", async () => {
      const secret = newTestTotpSecret();
      const user = await createUser(t, { totpSecret: secret });
      const attackerIp = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await t
          .client()
          .post('/api/auth/login', { email: user.email, password: user.password, totp: await wrongTotpCode(secret) }, { 'x-forwarded-for': attackerIp });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401 || s === 400)).toBe(true);
      expect(statuses.slice(-1)).toEqual([429]);

      const owner = t.client();
      const ok = await owner.post(
        '/api/auth/login',
        { email: user.email, password: user.password, totp: await totpCode(secret) },
        { 'x-forwarded-for': freshIp() },
      );
      expect([ok.status, ok.body.code]).toEqual([200, undefined]);
    });
  });
});
