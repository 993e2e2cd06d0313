import { jest } from '@jest/globals';
import { ProblemException } from '../../common/problem.js';
import type { RateLimiter, RateLimitResult } from '../../common/rate-limiter.js';
import { AUTH_LIMITS, AuthThrottle, LOGIN_LIMITS } from './auth-throttle.js';

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
  it('allows 10 sign-in attempts per e-mail and IP, then 429 too_many_attempts with Retry-After in seconds', async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp; i++) await throttle.checkLogin('10.0.0.1', 'Ada@Example.com', false);
    const error = await throttle.checkLogin('10.0.0.1', 'ada@example.com', false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemException);
    const problem = (error as ProblemException).problem;
    expect(problem).toMatchObject({ status: 429, code: 'too_many_attempts', headers: { 'Retry-After': '62' } });
    expect(problem.detail).toBe('Too many attempts. Please wait 2 minutes and try again.');
    // Another source is not locked out by the first one's failures.
    await expect(throttle.checkLogin('10.0.0.2', 'ada@example.com', false)).resolves.toBeUndefined();
  });

  it('caps one e-mail across sources at a high ceiling that a trusted browser is exempt from', async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++) await throttle.checkLogin(`10.0.${i >> 8}.${i & 255}`, 'b@example.com', false);
    await expect(throttle.checkLogin('10.7.7.7', 'b@example.com', false)).rejects.toMatchObject({ problem: { code: 'too_many_attempts' } });
    await expect(throttle.checkLogin('10.7.7.7', 'b@example.com', true)).resolves.toBeUndefined();
  });

  it('counts per IP across e-mails', async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) await throttle.checkLogin('10.9.9.9', `user${i}@example.com`, false);
    await expect(throttle.checkLogin('10.9.9.9', 'fresh@example.com', true)).rejects.toMatchObject({ problem: { code: 'too_many_attempts' } });
    await expect(throttle.checkLogin('10.9.9.8', 'fresh@example.com', false)).resolves.toBeUndefined();
  });

  it('keeps separate budgets per action and clears one source after a successful sign-in', async () => {
    const { limiter, calls } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    await throttle.check('forgot', '10.0.0.1', 'a@example.com');
    await throttle.check('reset', '10.0.0.1', null);
    expect(calls.map((c) => c[0])).toEqual(['auth:forgot:ip:10.0.0.1', 'auth:forgot:subject:a@example.com', 'auth:reset:ip:10.0.0.1']);
    for (let i = 0; i < 10; i++) await throttle.checkLogin('10.1.0.1', 'b@example.com', false);
    await throttle.clearLogin('10.1.0.1', 'B@example.com');
    await expect(throttle.checkLogin('10.1.0.1', 'b@example.com', false)).resolves.toBeUndefined();
    expect(AUTH_LIMITS.email_change.perEmail).toBeLessThanOrEqual(5);
  });
});
