import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { BURST_SYNC_MS, BurstLimiter } from '../../src/modules/gateway/burst-limiter.js';
import { RateLimiter } from '../../src/common/redis/rate-limiter.js';
import { RedisService } from '../../src/common/redis/redis.service.js';
import { loadConfig } from '../../src/config/config.js';
import { freezeClock } from '../support/clock.js';
import { waitFor } from '../support/processes.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../support/redis.js';

describeWithRedis('rate-limiter-redis.spec')('RateLimiter on Redis', () => {
  let services: RedisService[] = [];
  const bursts: BurstLimiter[] = [];
  const connect = async () => {
    const service = new RedisService(loadConfig({ REDIS_URL: SHARED_REDIS_URL, DATA_DIR: '.tmp', APP_SECRET: 'x'.repeat(40) }));
    services.push(service);
    await waitFor('Redis to be ready', async () => service.ready, 30_000, 20);
    return service;
  };
  const make = async () => new RateLimiter(await connect());
  const makeBurst = async () => {
    const limiter = new BurstLimiter(await connect());
    bursts.push(limiter);
    return limiter;
  };
  afterEach(() => {
    jest.useRealTimers();
  });
  afterAll(async () => {
    bursts.forEach((b) => b.onModuleDestroy());
    await Promise.all(services.map((s) => s.onApplicationShutdown()));
    services = [];
  });

  it('shares one atomic count between two instances', async () => {
    const [a, b] = [await make(), await make()];
    const key = `test-${Date.now()}-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).hit(key, 100, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    const client = new Redis(SHARED_REDIS_URL!);
    expect(await client.zcard(`tzapi:rl:${key}`)).toBe(100); // the default REDIS_PREFIX
    await client.quit();
  });

  it('burst guard: what one instance let through counts on the other after a sync', async () => {
    const [a, b] = [await makeBurst(), await makeBurst()];
    const key = `burst:test-${Date.now()}-${Math.random()}`;
    // A frozen clock keeps every hit in one one-second window and one 100 ms slot, however slow the machine is.
    freezeClock();
    const slot = Math.floor(Date.now() / BURST_SYNC_MS);
    const onA = await Promise.all(Array.from({ length: 30 }, () => a.hit(key, 50, 1000)));
    expect(onA.every((r) => r.allowed)).toBe(true);
    // a adds its hits to the shared count at its next sync; b, which never saw the account, reads it before deciding.
    const redis = new Redis(SHARED_REDIS_URL!);
    try {
      await waitFor("a's hits in the shared count", async () => (await redis.get(`tzapi:burst:${key}:${slot}`)) === '30', 30_000, 20);
    } finally {
      await redis.quit();
    }
    const onB = await Promise.all(Array.from({ length: 40 }, () => b.hit(key, 50, 1000)));
    expect(onB.filter((r) => r.allowed)).toHaveLength(20);
    expect(onB[39]).toMatchObject({ allowed: false, remaining: 0 });
  });
});
