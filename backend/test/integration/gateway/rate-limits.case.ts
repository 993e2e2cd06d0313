import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';

describe('plan limits on the public API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the 101st request of a free account within the hour is 429 with correct headers, across two keys and routes', async () => {
    const user = await createUser(t);
    const first = await createApiKey(t, user, { name: 'one' });
    const second = await createApiKey(t, user, { name: 'two' });
    for (let i = 0; i < 100; i++) {
      const res =
        i % 2 === 0
          ? await t.client().get('/api/time/utc', { 'x-api-key': first.key })
          : await t.client().get('/api/time/current?timezone=Europe/Paris', { authorization: `Bearer ${second.key}` });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(99 - i));
      if (i === 41) {
        expect(res.headers.get('ratelimit-policy')).toBe('"hour";q=100;w=3600');
        expect(res.headers.get('ratelimit-limit')).toBe('100');
        expect(res.headers.get('ratelimit')).toMatch(/^"hour";r=58;t=(\d+)$/);
        const reset = Number(res.headers.get('ratelimit-reset'));
        expect(reset).toBeGreaterThan(3500);
        expect(reset).toBeLessThanOrEqual(3600);
      }
    }
    const limited = await t.client().get('/api/timezone/list', { 'x-api-key': second.key });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(limited.body.code).toBe('rate_limited');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('ratelimit-limit')).toBe('100');
    expect(limited.headers.get('ratelimit-policy')).toBe('"hour";q=100;w=3600');
    expect(limited.headers.get('ratelimit')).toMatch(/^"hour";r=0;t=\d+$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBe(Number(limited.headers.get('ratelimit-reset')));

    // The dashboard shows the same hour window.
    const stats = await (await signedInClient(t, user)).get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({ plan: 'free', hourlyLimit: 100, hourlyRemaining: 0 });

    // Another free account is not affected.
    const other = await createUser(t);
    const otherKey = await createApiKey(t, other);
    expect((await t.client().get('/api/time/utc', { 'x-api-key': otherKey.key })).status).toBe(200);
  });

  it('500 parallel requests on a fresh free account: exactly 100 succeed, and each becomes a usage row', async () => {
    const user = await createUser(t);
    const { key } = await createApiKey(t, user);
    const results = await Promise.all(Array.from({ length: 500 }, () => t.client().get('/api/time/utc', { 'x-api-key': key })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 429)).toHaveLength(400);
    await t.app.get(UsageRecorder).flush();
    const client = await signedInClient(t, user);
    const summary = await client.get(`/api/usage/summary?startDate=${new Date().toISOString()}&endDate=${new Date().toISOString()}`);
    expect(summary.body.totalRequests).toBe(500);
    expect(summary.body.statusCodes).toEqual([
      { statusCode: 200, count: 100 },
      { statusCode: 429, count: 400 },
    ]);
  });

  it('a plan change applies to the next request', async () => {
    const user = await createUser(t);
    const { key } = await createApiKey(t, user);
    const free = await t.client().get('/api/time/utc', { 'x-api-key': key });
    expect(free.headers.get('ratelimit-limit')).toBe('100');
    const { User } = await import('../../../src/modules/accounts/user.entity.js');
    const em = t.orm.em.fork();
    const entity = await em.findOneOrFail(User, { id: user.id });
    entity.plan = 'enterprise';
    await em.flush();
    const paid = await t.client().get('/api/time/utc', { 'x-api-key': key });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('ratelimit-policy')).toBe('"burst";q=200;w=1');
    expect(paid.headers.get('ratelimit-limit')).toBe('200');
    const stats = await (await signedInClient(t, user)).get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({ plan: 'enterprise', hourlyLimit: null, hourlyRemaining: null });
  });

  it('premium accounts get a per-second fair-use burst guard', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const { key } = await createApiKey(t, user);
    const results = await Promise.all(Array.from({ length: 80 }, () => t.client().get('/api/time/utc', { 'x-api-key': key })));
    const ok = results.filter((r) => r.status === 200).length;
    // All 80 may not land inside one second on a busy machine, but never more than 50 in any second.
    expect(ok).toBeGreaterThanOrEqual(50);
    const limited = results.find((r) => r.status === 429);
    if (limited) {
      expect(limited.body.code).toBe('rate_limited');
      expect(limited.headers.get('retry-after')).toBe('1');
      expect(limited.headers.get('ratelimit-policy')).toBe('"burst";q=50;w=1');
    }
  });
});
