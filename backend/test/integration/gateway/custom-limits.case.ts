import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import type { TestClient } from '../../support/http.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { RedisService } from '../../../src/common/redis/redis.service.js';
import { KEY_INVALIDATION_CHANNEL } from '../../../src/modules/keys/key-directory.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../../support/redis.js';

const ENDPOINT = '/api/time/utc';

async function statuses(t: TestApp, key: string, count: number): Promise<number[]> {
  const out: number[] = [];
  // In batches, so a busy machine is not flooded; the frozen clock keeps them in one window anyway.
  for (let sent = 0; sent < count; sent += 50) {
    const batch = Math.min(50, count - sent);
    const answers = await Promise.all(Array.from({ length: batch }, () => t.client().get(ENDPOINT, { 'x-api-key': key })));
    out.push(...answers.map((r) => r.status));
  }
  return out;
}

describe('negotiated limits per account (PUT /api/admin/users/{id}/limits)', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("lifting an enterprise account's burst limit lets requests beyond the plan's 200 per second through, on the next request", async () => {
    const user = await createUser(t, { plan: 'enterprise' });
    const { key } = await createApiKey(t, user);
    freezeClock();
    const plan = await statuses(t, key, 201);
    expect(plan.filter((s) => s === 200)).toHaveLength(200);
    expect(plan[200]).toBe(429);

    const lifted = await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: null, burstPerSecond: 1000 });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ hourlyQuota: null, burstPerSecond: 1000, custom: true });
    const beyond = await t.client().get(ENDPOINT, { 'x-api-key': key });
    expect(beyond.status).toBe(200);
    expect(beyond.headers.get('ratelimit-policy')).toBe('"burst";q=1000;w=1');
    expect((await statuses(t, key, 100)).every((s) => s === 200)).toBe(true);

    // Back to the plan's default: the same second is over its 200 again.
    const reset = await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: null, burstPerSecond: null });
    expect(reset.body).toEqual({ hourlyQuota: null, burstPerSecond: 200, custom: false });
    const refused = await t.client().get(ENDPOINT, { 'x-api-key': key });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
  });

  it("lowering a free account's quota to 5 refuses the 6th call of the hour with 429 rate_limited, and the customer sees it", async () => {
    const user = await createUser(t);
    const { key } = await createApiKey(t, user);
    // Cached with the plan's 100 before the change.
    expect((await t.client().get(ENDPOINT, { 'x-api-key': key })).headers.get('ratelimit-limit')).toBe('100');

    const lowered = await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: 5 });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toEqual({ hourlyQuota: 5, burstPerSecond: null, custom: true });
    // The quota counts the call made before the change: four more fill it, the sixth is refused.
    const allowed = await statuses(t, key, 4);
    expect(allowed).toEqual([200, 200, 200, 200]);
    const sixth = await t.client().get(ENDPOINT, { 'x-api-key': key });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('rate_limited');
    expect(sixth.headers.get('ratelimit-policy')).toBe('"hour";q=5;w=3600');
    // Retry-After keeps the seconds (the hourly window is counted in Redis, on its own clock); the detail says the wait
    // in the units a person reads, and labels the limit as this account's own.
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    const [minutes, seconds] = [Math.floor(retryAfter / 60), retryAfter % 60];
    expect(sixth.body.detail).toBe(
      `Your account allows 5 requests per hour across all your keys (a limit set for this account). Try again in ${retryAfter === 3600 ? '1 h' : `${minutes} min${seconds ? ` ${seconds} s` : ''}`}.`,
    );

    const customer = await signedInClient(t, user);
    expect((await customer.get('/api/me')).body.limits).toEqual({ hourlyQuota: 5, burstPerSecond: null, custom: true });
    expect((await customer.get('/api/dashboard/stats')).body).toMatchObject({
      hourlyLimit: 5,
      hourlyRemaining: 0,
      limits: { hourlyQuota: 5, burstPerSecond: null, custom: true },
    });

    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetId: user.id, action: 'user.limits_change' }))}`);
    expect(audit.body).toHaveLength(1);
    expect(audit.body[0]).toMatchObject({
      before: { customLimits: { hourlyQuota: null, burstPerSecond: null }, limits: { hourlyQuota: 100 } },
      after: { customLimits: { hourlyQuota: 5, burstPerSecond: null }, limits: { hourlyQuota: 5 } },
    });
    const page = await admin.get(`/api/admin/users/${user.id}`);
    expect(page.body).toMatchObject({ customLimits: { hourlyQuota: 5, burstPerSecond: null }, limits: { hourlyQuota: 5, custom: true } });
  });

  it('refuses limits that are not whole numbers within bounds with 400 validation_failed, and unknown users with 404', async () => {
    const user = await createUser(t);
    for (const body of [{ hourlyQuota: -1 }, { hourlyQuota: 2.5 }, { burstPerSecond: '10' }, { hourlyQuota: 100_001 }, { burstPerSecond: 1_000_000 }]) {
      const res = await admin.put(`/api/admin/users/${user.id}/limits`, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'validation_failed']);
    }
    expect((await admin.put(`/api/admin/users/${randomUUID()}/limits`, { hourlyQuota: 5 })).status).toBe(404);
    expect((await (await signedInClient(t, user)).put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: 1000 })).status).toBe(403);
    expect((await (await signedInClient(t, user)).get('/api/me')).body.limits).toEqual({ hourlyQuota: 100, burstPerSecond: null, custom: false });
  });
});

describeWithRedis('custom-limits.spec')('negotiated limits on two instances sharing one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: SHARED_REDIS_URL });
    b = await createTestApp({ REDIS_URL: SHARED_REDIS_URL });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("a quota lowered through one instance applies on the other's next request once the broadcast arrives", async () => {
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const user = await createUser(a);
    const { key } = await createApiKey(a, user);
    // Instance b caches the key with the plan's 100.
    expect((await b.client().get(ENDPOINT, { 'x-api-key': key })).headers.get('ratelimit-limit')).toBe('100');
    // b's key directory subscribed first, so by the time this handler runs it has dropped the cached key.
    const delivered = new Promise<void>((resolve) =>
      b.app.get(RedisService).subscribe(KEY_INVALIDATION_CHANNEL, (raw) => {
        if ((JSON.parse(raw) as { userId?: string }).userId === user.id) resolve();
      }),
    );
    expect((await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: 5 })).status).toBe(200);
    await delivered;
    const answers = [];
    for (const instance of [b, a, b, a]) answers.push((await instance.client().get(ENDPOINT, { 'x-api-key': key })).status);
    expect(answers).toEqual([200, 200, 200, 200]);
    const sixth = await b.client().get(ENDPOINT, { 'x-api-key': key });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('rate_limited');
    expect(sixth.headers.get('ratelimit-limit')).toBe('5');
  });
});
