import { Redis } from 'ioredis';
import { RateLimiter } from '../../src/common/rate-limiter.js';
import { RedisService } from '../../src/common/redis.service.js';
import { loadConfig } from '../../src/config/config.js';

const describeRedis = process.env.REDIS_URL ? describe : describe.skip;

describeRedis('RateLimiter on Redis', () => {
  let services: RedisService[] = [];
  const make = async () => {
    const service = new RedisService(loadConfig({ REDIS_URL: process.env.REDIS_URL, DATA_DIR: '.tmp', APP_SECRET: 'x'.repeat(40) }));
    services.push(service);
    for (let i = 0; i < 50 && !service.ready; i++) await new Promise((r) => setTimeout(r, 20));
    return new RateLimiter(service);
  };
  afterAll(async () => {
    await Promise.all(services.map((s) => s.onApplicationShutdown()));
    services = [];
  });

  it('shares one atomic count between two instances', async () => {
    const [a, b] = [await make(), await make()];
    const key = `test-${Date.now()}-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).hit(key, 100, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    const client = new Redis(process.env.REDIS_URL!);
    expect(await client.zcard(`tzapi:rl:${key}`)).toBe(100); // the default REDIS_PREFIX
    await client.quit();
  });
});
