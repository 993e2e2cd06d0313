import { request as httpRequest } from 'node:http';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { Lifecycle } from '../../../src/common/core/lifecycle.js';
import { User } from '../../../src/modules/accounts/user.entity.js';

/** A raw HTTP request, so the path goes out exactly as written (fetch would normalise `%61`). */
function raw(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function deepJson(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

describe('hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('deeply nested JSON', () => {
    it('a 16,000-level body to register is refused with 400 body_too_deep before any work, and normal bodies still work', async () => {
      const body = deepJson(16_000);
      expect(body.length).toBeGreaterThan(90_000);
      const res = await t.client().request('POST', '/api/auth/register', { raw: body, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.code).toBe('body_too_deep');

      const arrays = await t
        .client()
        .request('POST', '/api/conversion/timezone', { raw: '['.repeat(40_000) + ']'.repeat(40_000), headers: { 'content-type': 'application/json' } });
      expect(arrays.status).toBe(400);
      expect(arrays.body.code).toBe('body_too_deep');

      // Brackets inside strings are text, not nesting.
      const ok = await t.client().post('/api/auth/register', { email: 'not-an-email', password: '{'.repeat(60), firstName: '[[[[', lastName: 'x' });
      expect(ok.status).toBe(400);
      expect(ok.body.code).toBe('validation_failed');
    });

    it('a body with too many members is refused with 400', async () => {
      const members = Array.from({ length: 6000 }, (_, i) => `"k${i}":1`).join(',');
      const res = await t.client().request('POST', '/api/auth/login', { raw: `{${members}}`, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('body_too_complex');
    });

    it('the nesting check answers a 96 KB body quickly', async () => {
      const { checkJsonShape } = await import('../../../src/common/http/json-body.js');
      const body = Buffer.from(deepJson(16_000));
      const flat = Buffer.from(JSON.stringify({ items: Array.from({ length: 9000 }, (_, i) => `value ${i}`) }));
      const started = performance.now();
      for (let i = 0; i < 20; i++) {
        expect(checkJsonShape(body)?.problem.code).toBe('body_too_deep');
        expect(checkJsonShape(flat)).toBeNull();
      }
      // Escaped quotes and backslashes do not end a string early; brackets inside strings are not nesting.
      const tricky = (inside: string) => Buffer.from(JSON.stringify({ a: inside, b: { c: 1 } }));
      expect(checkJsonShape(tricky('"' + '{'.repeat(100) + '\\'))).toBeNull();
      expect(checkJsonShape(tricky('\\"' + '['.repeat(100)))).toBeNull();
      expect(checkJsonShape(Buffer.from(`{"a":"\\\\"${'{"b":'.repeat(40)}1${'}'.repeat(40)}}`))?.problem.code).toBe('body_too_deep');
      // 40 scans of ~96 KB: a few milliseconds on any machine; the generous bound only catches a non-linear scan.
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  describe('percent-encoded paths get the same CSRF and media-type rules', () => {
    const encodings = ['/%61pi', '/ap%69', '/%2561pi'];

    it.each(encodings)('a cross-site form post to %s/admin/users/:id/plan with the admin cookie changes nothing', async (prefix) => {
      const admin = await createUser(t, { role: 'super_admin' });
      const client = await signedInClient(t, admin);
      const victim = await createUser(t);
      const form = await raw(
        t.url,
        'POST',
        `${prefix}/admin/users/${victim.id}/plan`,
        {
          cookie: client.cookieHeader,
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        'plan=enterprise',
      );
      expect([403, 404, 415]).toContain(form.status);
      const json = await raw(
        t.url,
        'POST',
        `${prefix}/admin/users/${victim.id}/plan`,
        {
          cookie: client.cookieHeader,
          origin: 'https://evil.example',
          'content-type': 'application/json',
        },
        '{"plan":"enterprise"}',
      );
      expect([403, 404]).toContain(json.status);
      const stored = await t.orm.em.fork().findOneOrFail(User, { id: victim.id });
      expect(stored.plan).toBe('free');
    });

    it.each(encodings)('a cross-site form login through %s/auth/login is refused', async (prefix) => {
      const user = await createUser(t);
      const res = await raw(
        t.url,
        'POST',
        `${prefix}/auth/login`,
        {
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
      );
      expect([404, 415]).toContain(res.status);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('the rules follow the matched route: an encoded path that reaches a route is judged as that route', async () => {
      const admin = await createUser(t, { role: 'super_admin' });
      const client = await signedInClient(t, admin);
      const victim = await createUser(t);
      const res = await raw(
        t.url,
        'POST',
        `/%61pi/admin/users/${victim.id}/plan`,
        { cookie: client.cookieHeader, origin: 'https://evil.example', 'content-type': 'application/json' },
        '{"plan":"enterprise"}',
      );
      if (res.status !== 404) {
        expect(res.status).toBe(403);
        expect(JSON.parse(res.body).code).toBe('csrf_rejected');
      }
      // The same request from the site itself goes through.
      const same = await raw(
        t.url,
        'POST',
        `/%61pi/admin/users/${victim.id}/plan`,
        { cookie: client.cookieHeader, origin: t.url, 'content-type': 'application/json' },
        '{"plan":"premium"}',
      );
      expect([200, 404]).toContain(same.status);
    });
  });

  describe('Retry-After on a refused free account', () => {
    it('every 429 of a burst of 200 after the quota carries the real remaining wait', async () => {
      const user = await createUser(t);
      const { key } = await createApiKey(t, user);
      for (let i = 0; i < 100; i++) expect((await t.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
      const burst = await Promise.all(Array.from({ length: 200 }, () => t.client().get('/api/time/utc', { 'x-api-key': key })));
      expect(burst.every((r) => r.status === 429)).toBe(true);
      for (const res of burst) {
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(3000);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect(Number(res.headers.get('ratelimit-reset'))).toBe(retryAfter);
      }
    });
  });

  describe('caching of account answers', () => {
    it('session-authenticated answers (account and admin) carry Cache-Control: no-store', async () => {
      const admin = await createUser(t, { role: 'super_admin' });
      const client = await signedInClient(t, admin);
      for (const path of [
        '/api/me',
        '/api/api-keys',
        '/api/dashboard/stats',
        '/api/usage',
        '/api/billing/subscription',
        '/api/admin/users',
        '/api/admin/stats',
      ]) {
        const res = await client.get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  });

  describe('readiness and liveness', () => {
    it('ready is 200 while serving and 503 once shutdown begins; live stays 200', async () => {
      const other = await createTestApp();
      try {
        const ready = await other.client().get('/api/health/ready');
        expect(ready.status).toBe(200);
        expect(ready.body).toMatchObject({ status: 'ready', database: 'up' });
        expect((await other.client().get('/api/health/live')).status).toBe(200);
        other.app.get(Lifecycle).beginShutdown();
        const stopping = await other.client().get('/api/health/ready');
        expect(stopping.status).toBe(503);
        expect(stopping.body.status).toBe('stopping');
        expect((await other.client().get('/api/health/live')).status).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
});
