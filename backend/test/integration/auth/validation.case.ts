import { randomInt } from 'node:crypto';
import { createUser, signedInClient, uniqueEmail } from '../../factories/index.js';
import type { TestClient, TestResponse } from '../../support/http.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

function expectProblem(res: TestResponse, statuses: number[] = [400]): void {
  expect(statuses).toContain(res.status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(typeof res.body).toBe('object');
  expect(res.body).toMatchObject({ status: res.status, code: expect.any(String), title: expect.any(String), type: expect.any(String) });
  expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe('account routes refuse every malformed body with a 4xx problem, never a 500', () => {
  let t: TestApp;
  let signedIn: TestClient;
  const client = (): TestClient => t.client().withHeaders({ 'x-forwarded-for': randomIp() });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    signedIn = (await signedInClient(t, await createUser(t))).withHeaders({ 'x-forwarded-for': randomIp() });
  });
  afterAll(async () => {
    await t.close();
  });

  const valid: Record<string, Record<string, unknown>> = {
    '/api/auth/register': { name: 'Ada Lovelace', email: 'ada@example.com', password: 'a long passphrase' },
    '/api/auth/login': { email: 'ada@example.com', password: 'a long passphrase' },
    '/api/auth/forgot-password': { email: 'ada@example.com' },
    '/api/auth/resend-verification': { email: 'ada@example.com' },
    '/api/auth/reset-password': { token: 'abc', newPassword: 'a long passphrase' },
    '/api/support/messages': { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
  };
  const signedInRoutes: Record<string, Record<string, unknown>> = {
    '/api/profile': { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    '/api/profile/password': { currentPassword: 'x', newPassword: 'a long passphrase' },
  };

  const mutations = (body: Record<string, unknown>): [string, unknown][] => {
    const out: [string, unknown][] = [
      ['an empty object', {}],
      ['null', null],
      ['an array', [body]],
      ['a string', 'hello'],
      ['a number', 42],
    ];
    for (const key of Object.keys(body)) {
      const { [key]: _omitted, ...rest } = body;
      out.push([`no ${key}`, rest]);
      out.push([`${key} as a number`, { ...body, [key]: 12345678 }]);
      out.push([`${key} as an object`, { ...body, [key]: { $gt: '' } }]);
      out.push([`${key} as an array`, { ...body, [key]: ['a', 'b'] }]);
      out.push([`${key} as null`, { ...body, [key]: null }]);
      out.push([`${key} as a huge string`, { ...body, [key]: 'x'.repeat(20_000) }]);
    }
    return out;
  };

  for (const [path, body] of Object.entries(valid)) {
    it(`POST ${path}: missing fields, wrong types, non-objects`, async () => {
      for (const [what, payload] of mutations(body)) {
        const res = await client().request('POST', path, { raw: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        if (res.status >= 500 || res.status < 400) throw new Error(`${path} with ${what} answered ${res.status}: ${res.text}`);
        expectProblem(res, [400, 413]);
      }
    });
  }

  for (const [path, body] of Object.entries(signedInRoutes)) {
    it(`PUT ${path}: missing fields, wrong types, non-objects`, async () => {
      for (const [what, payload] of mutations(body)) {
        const res = await signedIn.request('PUT', path, { raw: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        if (res.status >= 500 || res.status < 400) throw new Error(`${path} with ${what} answered ${res.status}: ${res.text}`);
        expectProblem(res, [400, 413]);
      }
    });
  }

  it('names the offending fields', async () => {
    const res = await client().post('/api/auth/register', { name: '', email: 'not-an-email', password: 'short' });
    expectProblem(res);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'name', 'password']);
  });

  it('a 7-character password is refused, an 8-character one accepted; 128 is the longest', async () => {
    const seven = await client().post('/api/auth/register', { name: 'Ada', email: uniqueEmail(), password: 'x7Kq2!a' });
    expectProblem(seven);
    expect(seven.body.errors).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
    expect((await client().post('/api/auth/register', { name: 'Ada', email: uniqueEmail(), password: 'x7Kq2!ab' })).status).toBe(201);
    expect((await client().post('/api/auth/register', { name: 'Ada', email: uniqueEmail(), password: 'p'.repeat(127) + 'q' })).status).toBe(201);
    expectProblem(await client().post('/api/auth/register', { name: 'Ada', email: uniqueEmail(), password: 'p'.repeat(129) }));
  });

  it('no composition rules, no truncation: a long passphrase differing only at the end is a different password', async () => {
    const email = uniqueEmail('long');
    const base = 'correct horse battery staple '.repeat(4); // 116 characters
    const user = await createUser(t, { email, password: `${base}one` });
    expect((await client().post('/api/auth/login', { email: user.email, password: `${base}one` })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email: user.email, password: `${base}two` })).status).toBe(401);
  });

  it('the most common passwords are refused, whatever their case', async () => {
    for (const password of ['password', 'Password1', '12345678', 'QWERTYUIOP', 'iloveyou', 'sunshine']) {
      const res = await client().post('/api/auth/register', { name: 'Ada', email: uniqueEmail(), password });
      expectProblem(res);
      expect(res.body.errors[0]).toMatchObject({ field: 'password', message: expect.stringContaining('most common passwords') });
    }
  });

  it('a bad e-mail address is refused', async () => {
    for (const email of ['plainaddress', '@example.com', 'ada@', 'ada@@example.com', 'ada example@example.com']) {
      const res = await client().post('/api/auth/register', { name: 'Ada', email, password: 'a long passphrase' });
      expectProblem(res);
      expect(res.body.errors[0].field).toBe('email');
    }
  });

  it('a 1 MB body is 413 and invalid JSON is 400 on every account route', async () => {
    const routes: [TestClient, string, string][] = [
      ...Object.keys(valid).map((p): [TestClient, string, string] => [client(), 'POST', p]),
      ...Object.keys(signedInRoutes).map((p): [TestClient, string, string] => [signedIn, 'PUT', p]),
    ];
    for (const [c, method, path] of routes) {
      const big = await c.request(method, path, { raw: JSON.stringify({ email: 'a'.repeat(1024 * 1024) }), headers: { 'content-type': 'application/json' } });
      expectProblem(big, [413]);
      const broken = await c.request(method, path, { raw: '{"email": "ada@example.com",', headers: { 'content-type': 'application/json' } });
      expectProblem(broken);
      expect(broken.body.code).toBe('invalid_json');
    }
  });

  it('query strings of the GET routes never cause a 500', async () => {
    for (const q of ['', '?token=', '?token[]=a&token[]=b', '?token=a&token=b', `?token=${'x'.repeat(5000)}`, '?token=%00%ff']) {
      const verify = await client().get(`/api/auth/verify-email${q}`);
      expect(verify.status).toBe(302);
      expect(verify.headers.get('location')).toBe('/login?verified=0');
      const check = await client().get(`/api/auth/reset-password/check${q}`);
      expect(check.status).toBe(200);
      expect(check.body).toEqual({ valid: false });
    }
  });

  it('signed-out profile calls are 401 problems', async () => {
    const res = await client().put('/api/profile', signedInRoutes['/api/profile']);
    expectProblem(res, [401]);
    expect(res.body.code).toBe('unauthenticated');
  });
});
