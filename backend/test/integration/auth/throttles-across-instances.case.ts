import { randomInt } from 'node:crypto';
import { uniqueEmail } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../../support/redis.js';

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const message = (email: string) => ({ name: 'Bot', email, subject: 's', message: 'm' });

describe('@AuthThrottled routes (@nestjs/throttler over the shared limiter)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a malformed body is a 400 and uses none of the budget; the budget then refuses with the same 429 as before', async () => {
    const source = t.client().withHeaders({ 'x-forwarded-for': randomIp() });
    const email = uniqueEmail('forgetful');
    for (let i = 0; i < 30; i++) {
      const bad = await source.post('/api/auth/forgot-password', { email: 'not an address' });
      expect([i, bad.status, bad.body.code]).toEqual([i, 400, 'validation_failed']);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await source.post('/api/auth/forgot-password', { email: ` ${email.toUpperCase()} ` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await source.post('/api/auth/forgot-password', { email });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'too_many_attempts',
      detail: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describeWithRedis('auth-throttler.spec')('@AuthThrottled budgets on two instances sharing one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: SHARED_REDIS_URL, TRUST_PROXY: 'true' });
    b = await createTestApp({ REDIS_URL: SHARED_REDIS_URL, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('one IP gets 10 support messages an hour in all, whichever instance answers', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const instance = i % 2 ? a : b;
      statuses.push(
        (
          await instance
            .client()
            .withHeaders({ 'x-forwarded-for': ip })
            .post('/api/support/messages', message(uniqueEmail('bot')))
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});
