import { jest } from '@jest/globals';
import { ProblemException } from '../../common/problem.js';
import type { RateLimiter, RateLimitResult } from '../../common/rate-limiter.js';
import { AUTH_LIMITS, AuthThrottle, LOGIN_LIMITS } from './auth-throttle.js';
import { RateLimiterThrottlerStorage } from './auth-throttler.js';

/** An in-memory stand-in for the shared RateLimiter: counts hits per key. */
function fakeLimiter() {
  const counts = new Map<string, number>();
  const limiter = {
    hit: jest.fn(async (key: string, limit: number): Promise<RateLimitResult> => {
      const n = (counts.get(key) ?? 0) + 1;
      if (n > limit) return { allowed: false, limit, remaining: 0, resetMs: 61_500 };
      counts.set(key, n);
      return { allowed: true, limit, remaining: limit - n, resetMs: 900_000 };
    }),
    reset: jest.fn(async (key: string) => void counts.delete(key)),
  };
  return { limiter: limiter as unknown as RateLimiter, calls: limiter.hit.mock.calls };
}

describe('AuthThrottle', () => {
  it('two-factor codes: 10 per account, then 429 too_many_attempts with Retry-After in seconds', async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    for (let i = 0; i < AUTH_LIMITS.totp.perEmail; i++) await throttle.check('totp', `10.0.0.${i}`, 'user-1');
    const error = await throttle.check('totp', '10.0.0.99', 'user-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemException);
    const problem = (error as ProblemException).problem;
    expect(problem).toMatchObject({ status: 429, code: 'too_many_attempts', headers: { 'Retry-After': '62' } });
    expect(problem.detail).toBe('Too many attempts. Please wait 2 minutes and try again.');
    await expect(throttle.check('totp', '10.0.0.99', 'user-2')).resolves.toBeUndefined();
  });

  it('gives @nestjs/throttler the record of the shared limiter: hits, seconds to wait, blocked', async () => {
    const { limiter } = fakeLimiter();
    const storage = new RateLimiterThrottlerStorage(limiter);
    expect(await storage.increment('auth:forgot:ip:10.0.0.1', 60_000, 2)).toEqual({ totalHits: 1, timeToExpire: 900, isBlocked: false, timeToBlockExpire: 0 });
    await storage.increment('auth:forgot:ip:10.0.0.1', 60_000, 2);
    expect(await storage.increment('auth:forgot:ip:10.0.0.1', 60_000, 2)).toEqual({ totalHits: 3, timeToExpire: 62, isBlocked: true, timeToBlockExpire: 62 });
  });

  it('keeps separate budgets per action and clears one source after a successful sign-in', async () => {
    const { limiter, calls } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    await throttle.check('forgot', '10.0.0.1', 'a@example.com');
    await throttle.check('reset', '10.0.0.1', null);
    expect(calls.map((c) => c[0])).toEqual(['auth:forgot:ip:10.0.0.1', 'auth:forgot:subject:a@example.com', 'auth:reset:ip:10.0.0.1']);
    // The sign-in budget of one source at one address (counted by AuthThrottlerGuard under this key) is cleared.
    const key = 'auth:login:subject-ip:b@example.com|10.1.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp; i++) await limiter.hit(key, LOGIN_LIMITS.perEmailIp, LOGIN_LIMITS.windowMs);
    expect((await limiter.hit(key, LOGIN_LIMITS.perEmailIp, LOGIN_LIMITS.windowMs)).allowed).toBe(false);
    await throttle.clearLogin('10.1.0.1', 'B@example.com');
    expect((await limiter.hit(key, LOGIN_LIMITS.perEmailIp, LOGIN_LIMITS.windowMs)).allowed).toBe(true);
    expect(AUTH_LIMITS.email_change.perEmail).toBeLessThanOrEqual(5);
  });
});
