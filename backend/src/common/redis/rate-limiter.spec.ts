import { jest } from '@jest/globals';
import { RateLimiter } from './rate-limiter.js';
import type { RedisService } from './redis.service.js';

const noRedis = { client: null, ready: false, prefix: 'tzapi:' } as unknown as RedisService;

describe('RateLimiter (in-process)', () => {
  it('lets exactly `limit` hits through in a window and reports what is left', async () => {
    const limiter = new RateLimiter(noRedis);
    const results = await Promise.all(Array.from({ length: 15 }, () => limiter.hit('acct', 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results[9].remaining).toBe(0);
    expect(results[14].allowed).toBe(false);
    expect(results[14].resetMs).toBeGreaterThan(59_000);
  });

  it('starts a key from its recorded hits (seed), read once for concurrent callers', async () => {
    const limiter = new RateLimiter(noRedis);
    const now = Date.now();
    const seed = jest.fn(async (since: number) => [since - 1000, ...Array.from({ length: 10 }, (_, i) => now - 30 * 60_000 + i)]);
    const results = await Promise.all(Array.from({ length: 5 }, () => limiter.hit('seeded', 10, 3600_000, seed)));
    expect(seed).toHaveBeenCalledTimes(1);
    expect(results.every((r) => !r.allowed)).toBe(true);
    // The oldest recorded hit (30 minutes ago) frees the first slot: about 30 minutes from now, not 1 second.
    expect(results[0].resetMs).toBeGreaterThan(29 * 60_000);
    expect(results[0].resetMs).toBeLessThanOrEqual(30 * 60_000);
  });

  it('counts on without the record when it cannot be read, and reads it again later', async () => {
    const limiter = new RateLimiter(noRedis);
    const seed = jest.fn(async (): Promise<number[]> => {
      throw new Error('connect ECONNREFUSED');
    });
    expect((await limiter.hit('unseeded', 2, 60_000, seed)).allowed).toBe(true);
    expect((await limiter.hit('unseeded', 2, 60_000, seed)).allowed).toBe(true);
    expect((await limiter.hit('unseeded', 2, 60_000, seed)).allowed).toBe(false);
    expect(seed).toHaveBeenCalledTimes(1);
  });

  it('refund takes back exactly the hit counted, weighted hits whole', async () => {
    const limiter = new RateLimiter(noRedis);
    const first = await limiter.hit('r', 5, 60_000);
    const batch = await limiter.hit('r', 5, 60_000, undefined, 3);
    expect(batch.remaining).toBe(1);
    await limiter.refund(batch.counted!);
    expect((await limiter.peek('r', 5, 60_000)).remaining).toBe(4);
    await limiter.refund(first.counted!);
    expect((await limiter.peek('r', 5, 60_000)).remaining).toBe(5);
    expect((await limiter.hit('r', 0, 60_000)).counted).toBeUndefined();
  });

  it('peek counts nothing', async () => {
    const limiter = new RateLimiter(noRedis);
    await limiter.hit('k', 3, 60_000);
    const peeked = await limiter.peek('k', 3, 60_000);
    const again = await limiter.peek('k', 3, 60_000);
    expect(peeked.remaining).toBe(2);
    expect(again.remaining).toBe(2);
  });

  it('keeps separate keys apart and frees slots when the window passes', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const limiter = new RateLimiter(noRedis);
      await limiter.hit('a', 1, 1000);
      expect((await limiter.hit('a', 1, 1000)).allowed).toBe(false);
      expect((await limiter.hit('b', 1, 1000)).allowed).toBe(true);
      jest.setSystemTime(1_001_001);
      expect((await limiter.hit('a', 1, 1000)).allowed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
