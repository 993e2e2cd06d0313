import { jest } from '@jest/globals';
import { BurstLimiter } from './burst-limiter.js';
import type { RateLimitResult } from '../../common/redis/rate-limiter.js';
import type { RedisService } from '../../common/redis/redis.service.js';

const noRedis = { client: null, ready: false, prefix: 'tzapi:' } as unknown as RedisService;

describe('BurstLimiter (one instance)', () => {
  let limiter: BurstLimiter;
  /** Without Redis every answer is immediate. */
  const now = (result: RateLimitResult | Promise<RateLimitResult>): RateLimitResult => {
    if (result instanceof Promise) throw new Error('expected a synchronous answer');
    return result;
  };
  afterEach(() => {
    limiter?.onModuleDestroy();
    jest.useRealTimers();
  });

  it('lets exactly `limit` hits through in a burst and says when a slot frees', () => {
    limiter = new BurstLimiter(noRedis);
    const results = Array.from({ length: 80 }, () => now(limiter.hit('burst:u1', 50, 1000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(results[49]).toMatchObject({ allowed: true, remaining: 0 });
    expect(results[79]).toMatchObject({ allowed: false, remaining: 0, limit: 50 });
    expect(results[79].resetMs).toBeGreaterThan(0);
    expect(results[79].resetMs).toBeLessThanOrEqual(1000);
  });

  it('is a sliding window: a slot frees exactly when its hit is a second old', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    limiter = new BurstLimiter(noRedis);
    now(limiter.hit('k', 2, 1000));
    jest.setSystemTime(1_000_400);
    now(limiter.hit('k', 2, 1000));
    expect(now(limiter.hit('k', 2, 1000)).allowed).toBe(false);
    jest.setSystemTime(1_000_999);
    expect(now(limiter.hit('k', 2, 1000))).toMatchObject({ allowed: false, resetMs: 1 });
    jest.setSystemTime(1_001_000);
    expect(now(limiter.hit('k', 2, 1000)).allowed).toBe(true);
    expect(now(limiter.hit('k', 2, 1000)).allowed).toBe(false);
  });

  it('peek counts nothing, and accounts are counted apart', () => {
    limiter = new BurstLimiter(noRedis);
    now(limiter.hit('a', 3, 1000));
    expect(now(limiter.peek('a', 3, 1000)).remaining).toBe(2);
    expect(now(limiter.peek('a', 3, 1000)).remaining).toBe(2);
    expect(now(limiter.peek('b', 3, 1000))).toMatchObject({ allowed: true, remaining: 3, resetMs: 0 });
    expect(now(limiter.hit('b', 3, 1000)).remaining).toBe(2);
  });

  it('a new limit (plan change) applies to the next hit', () => {
    limiter = new BurstLimiter(noRedis);
    for (let i = 0; i < 5; i++) now(limiter.hit('burst:u2', 5, 1000));
    expect(now(limiter.hit('burst:u2', 5, 1000)).allowed).toBe(false);
    expect(now(limiter.hit('burst:u2', 200, 1000))).toMatchObject({ allowed: true, limit: 200 });
  });

  it('a changed limit (a negotiated one) still counts the hits already made in the window', () => {
    limiter = new BurstLimiter(noRedis);
    for (let i = 0; i < 5; i++) now(limiter.hit('burst:u3', 10, 1000));
    const raised = Array.from({ length: 4 }, () => now(limiter.hit('burst:u3', 8, 1000)).allowed);
    expect(raised).toEqual([true, true, true, false]);
    expect(now(limiter.hit('burst:u3', 3, 1000))).toMatchObject({ allowed: false, remaining: 0, limit: 3 });
  });
  it('charges a batch by its weight: 150 + 60 does not fit 200 a second, 150 + 50 does', () => {
    jest.useFakeTimers({ now: 2_000_000 });
    limiter = new BurstLimiter(noRedis);
    expect(now(limiter.hit('w', 200, 1000, 150))).toMatchObject({ allowed: true, remaining: 50 });
    expect(now(limiter.hit('w', 200, 1000, 60))).toMatchObject({ allowed: false, remaining: 50, resetMs: 1000 });
    expect(now(limiter.hit('w', 200, 1000, 50))).toMatchObject({ allowed: true, remaining: 0 });
    expect(now(limiter.hit('w', 200, 1000)).allowed).toBe(false);
  });

  it('a call of weight 1,000 against 200 a second is refused while anything is in the window', () => {
    jest.useFakeTimers({ now: 3_000_000 });
    limiter = new BurstLimiter(noRedis);
    now(limiter.hit('h', 200, 1000));
    jest.setSystemTime(3_000_600);
    // Refused until the single request leaves the window, 400 ms on.
    expect(now(limiter.hit('h', 200, 1000, 1000))).toMatchObject({ allowed: false, remaining: 199, resetMs: 400 });
  });

  it('a call heavier than the window takes an empty one and holds it for weight / limit seconds', () => {
    jest.useFakeTimers({ now: 4_000_000 });
    limiter = new BurstLimiter(noRedis);
    expect(now(limiter.hit('x', 200, 1000, 1000))).toMatchObject({ allowed: true, remaining: 0, resetMs: 5000 });
    jest.setSystemTime(4_001_000);
    expect(now(limiter.hit('x', 200, 1000))).toMatchObject({ allowed: false, resetMs: 4000 });
    expect(now(limiter.hit('x', 200, 1000, 500))).toMatchObject({ allowed: false, resetMs: 4000 });
    jest.setSystemTime(4_004_999);
    expect(now(limiter.hit('x', 200, 1000)).allowed).toBe(false);
    jest.setSystemTime(4_005_000);
    expect(now(limiter.hit('x', 200, 1000, 200))).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('a limit of 0 refuses every call, heavy or not', () => {
    limiter = new BurstLimiter(noRedis);
    expect(now(limiter.hit('z', 0, 1000, 5)).allowed).toBe(false);
    expect(now(limiter.hit('z', 0, 1000)).allowed).toBe(false);
  });
});
