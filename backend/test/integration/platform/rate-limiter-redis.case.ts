import { spawn } from 'node:child_process';
import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { BURST_SYNC_MS, BurstLimiter } from '../../../src/modules/gateway/burst-limiter.js';
import { RateLimiter } from '../../../src/common/redis/rate-limiter.js';
import { REDIS_DEADLINE_MS, RedisService } from '../../../src/common/redis/redis.service.js';
import { loadConfig } from '../../../src/config/config.js';
import { freePort } from '../../../src/database/embedded-postgres.js';
import { freezeClock } from '../../support/clock.js';
import { waitFor } from '../../support/processes.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../../support/redis.js';

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

  it('a busy process that reads the replies late still takes what Redis decided: exactly the limit, no in-process grants', async () => {
    const [a, b] = [await make(), await make()];
    const key = `test-busy-${Date.now()}-${Math.random()}`;
    // Connections in use, as in a serving process (the first call on a connection waits for the script to load).
    await Promise.all([a.hit(`${key}-warm`, 1, 1000), b.hit(`${key}-warm`, 1, 1000)]);
    const pending = Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).hit(key, 100, 60_000)));
    // The scripts are on the wire; the event loop is then kept busy well past the 500 ms deadline (as on a loaded
    // machine), so every reply waits unread in the socket when the deadline's timer runs. Busy by state, not a
    // speed: the loop ends only once the deadline has passed by the wall clock.
    const busyUntil = Date.now() + 2 * REDIS_DEADLINE_MS;
    while (Date.now() < busyUntil);
    const results = await pending;
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
  });

  it('a Redis that does not answer is given up after the deadline, and the limit is counted in-process', async () => {
    // Its own redis-server: CLIENT PAUSE holds every client's commands, and the shared one serves other test files.
    const port = await freePort();
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      const url = `redis://127.0.0.1:${port}`;
      const admin = new Redis(url, { retryStrategy: () => 100 });
      await waitFor('the own redis-server', async () => (await admin.ping().catch(() => '')) === 'PONG', 30_000, 20);
      const service = new RedisService(loadConfig({ REDIS_URL: url, DATA_DIR: '.tmp', APP_SECRET: 'x'.repeat(40) }));
      services.push(service);
      await waitFor('Redis to be ready', async () => service.ready, 30_000, 20);
      const limiter = new RateLimiter(service);
      // A Redis that hangs with its connection still up.
      await admin.call('CLIENT', 'PAUSE', String(20 * REDIS_DEADLINE_MS), 'ALL');
      const started = performance.now();
      const result = await limiter.hit(`test-paused-${Date.now()}`, 5, 60_000);
      expect(result).toMatchObject({ allowed: true, remaining: 4 });
      // Given up, not waited out: the pause had most of its time left when the answer came.
      expect(performance.now() - started).toBeLessThan(20 * REDIS_DEADLINE_MS);
      admin.disconnect();
    } finally {
      server.kill('SIGKILL');
    }
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
