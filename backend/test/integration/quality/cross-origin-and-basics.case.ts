import { createTestApp, TestApp } from '../../support/test-app.js';
import { createUser, signedInClient } from '../../factories/index.js';

describe('foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('health reports the database up and the tz database version', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.services.database).toBe('up');
    expect(res.body.services.timezone_data).toBe('up');
    expect(res.body.tzdbVersion).toMatch(/^\d{4}[a-z]$/);
    expect(res.headers.get('x-tzdb-version')).toBe(res.body.tzdbVersion);
    // The boundary data behind coordinate answers, beside it: geo-tz 8.1.9 ships timezone-boundary-builder 2026d.
    expect(res.body.boundaryDataVersion).toBe('2026d');
  });

  it('answers helmet security headers on the site and account routes', async () => {
    const res = await t.client().get('/api/config');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const api = await t.client().get('/api/health');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('serves the plans table from one place', async () => {
    const res = await t.client().get('/api/config');
    expect(res.status).toBe(200);
    const free = res.body.plans.find((p: { id: string }) => p.id === 'free');
    expect(free.quota).toEqual({ limit: 100, windowSeconds: 3600, label: '100 requests per hour' });
    expect(res.body.billing.mode).toBe('sandbox');
    // Counted in the tz release the API answers from (zones the directory lists, countries with a zone).
    expect(res.body.zoneCount).toBeGreaterThan(400);
    expect(res.body.countryCount).toBeGreaterThan(230);
    expect(res.body.countryCount).toBeLessThanOrEqual(249);
    expect(res.body.tzdbVersion).toBe('2026f');
  });

  it('answers an unknown API route with a problem document', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, code: 'not_found', title: 'Not found' });
  });

  it('refuses a cross-site unsafe request carrying a session cookie', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const res = await client.request('PUT', '/api/profile', { body: { firstName: 'X' }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_rejected');
  });

  it('refuses text/plain and form bodies with 415', async () => {
    const res = await t
      .client()
      .request('POST', '/api/auth/login', { raw: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
    const plain = await t.client().request('POST', '/api/auth/login', { raw: '{}', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
  });

  it('answers invalid JSON with 400 and an oversized body with 413, never 500', async () => {
    const bad = await t.client().request('POST', '/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_json');
    const big = await t
      .client()
      .request('POST', '/api/auth/login', { raw: JSON.stringify({ email: 'a'.repeat(1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
  });
});

describe('the public API from a browser on another site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a CORS preflight without a key and without metering', async () => {
    const res = await t.client().request('OPTIONS', '/api/time/current?timezone=UTC', {
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('X-API-Key');
  });

  it('lets the page read the answer and its rate-limit headers, with no cookies allowed', async () => {
    const res = await t.client().get('/api/health', { origin: 'https://customer.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps account routes same-origin only', async () => {
    const res = await t.client().get('/api/me', { origin: 'https://customer.example' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
