import { jest } from '@jest/globals';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { waitFor } from '../../support/processes.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { RedisService } from '../../../src/common/redis/redis.service.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../../support/redis.js';

const REDIS_URL = SHARED_REDIS_URL;

describeWithRedis('multi-instance.spec')('two instances on one PostgreSQL and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    b = await createTestApp({ REDIS_URL });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('share one free quota: 100 in total across both', async () => {
    const user = await createUser(a);
    const { key } = await createApiKey(a, user);
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).client().get('/api/time/utc', { 'x-api-key': key })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 429)).toHaveLength(200);
    const last = await a.client().get('/api/time/utc', { 'x-api-key': key });
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
  });

  // The clock is frozen once b has the key cached: its cache entry cannot expire, so only the fan-out can make b see the change.
  it('a key rotated through one instance is refused by the other at once (the fan-out, not the cache expiring)', async () => {
    const user = await createUser(a, { plan: 'premium' });
    const { key, id } = await createApiKey(a, user);
    // Instance b has the key cached.
    expect((await b.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
    freezeClock();
    const rotated = await (await signedInClient(a, user)).put(`/api/api-keys/${id}/rotate`);
    expect(rotated.status).toBe(200);
    await waitFor('b to refuse the old key', async () => (await b.client().get('/api/time/utc', { 'x-api-key': key })).status === 401, 30_000, 20);
    expect((await b.client().get('/api/time/utc', { 'x-api-key': rotated.body.key })).status).toBe(200);
  });

  it('a block applied through one instance reaches the other at once (the fan-out, not the cache expiring)', async () => {
    const user = await createUser(a, { plan: 'premium' });
    const { key } = await createApiKey(a, user);
    expect((await b.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
    freezeClock();
    const { User } = await import('../../../src/modules/accounts/user.entity.js');
    const em = a.orm.em.fork();
    const entity = await em.findOneOrFail(User, { id: user.id });
    entity.isBlocked = true;
    await em.flush();
    await waitFor(
      'b to refuse the blocked account',
      async () => (await b.client().get('/api/time/utc', { 'x-api-key': key })).body.code === 'account_blocked',
      30_000,
      20,
    );
  });

  it('health says the cache is up', async () => {
    const res = await b.client().get('/api/health');
    expect(res.body.services.cache).toBe('up');
  });
});

describe('when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    const redis = t.app.get(RedisService);
    await t.close();
    // ioredis keeps reconnecting after quit() on a connection that never came up; disconnect() stops it.
    redis.client?.disconnect();
    (redis as unknown as { subscriber: { disconnect(): void } | null }).subscriber?.disconnect();
  });

  it('the API keeps answering with in-process limits and health says degraded', async () => {
    const user = await createUser(t);
    const { key } = await createApiKey(t, user);
    const results = await Promise.all(Array.from({ length: 110 }, () => t.client().get('/api/time/utc', { 'x-api-key': key })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
    const health = await t.client().get('/api/health');
    expect(health.body.services.cache).toBe('degraded');
    expect(health.body.status).toBe('degraded');
  });
});
