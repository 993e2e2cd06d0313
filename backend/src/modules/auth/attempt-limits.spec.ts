import { jest } from '@jest/globals';
import { ProblemException } from '../../common/problems/problem.js';
import type { RateLimiter, RateLimitResult } from '../../common/redis/rate-limiter.js';
import { AUTH_LIMITS, AuthThrottle, LOGIN_LIMITS } from './attempt-limits.js';
import { RateLimiterThrottlerStorage } from './throttled-route.guard.js';

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
  it('two-factor codes: 10 per account from one source, then 429 too_many_attempts with Retry-After in seconds', async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    for (let i = 0; i < AUTH_LIMITS.totp.perSubjectIp!; i++) await throttle.check('totp', '10.0.0.66', 'user-1');
    const error = await throttle.check('totp', '10.0.0.66', 'user-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemException);
    const problem = (error as ProblemException).problem;
    expect(problem).toMatchObject({ status: 429, code: 'too_many_attempts', headers: { 'Retry-After': '62' } });
    expect(problem.detail).toBe('Too many attempts. Please wait 2 minutes and try again.');
    await expect(throttle.check('totp', '10.0.0.99', 'user-2')).resolves.toBeUndefined();
  });

  it('two-factor codes: a correct code clears the source, so a super admin signing in all day is never locked out by their successes', async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    // More successes than the source's budgets (10 at this account, 30 in all), fewer than the account's ceiling (50).
    for (let i = 0; i < AUTH_LIMITS.totp.perIp + 5; i++) {
      await throttle.check('totp', '10.0.0.5', 'admin-1');
      await throttle.clearTotp('10.0.0.5', 'admin-1');
    }
    // Failures still count from there: the source gets its 10 wrong codes, then 429.
    for (let i = 0; i < AUTH_LIMITS.totp.perSubjectIp!; i++) await throttle.check('totp', '10.0.0.5', 'admin-1');
    await expect(throttle.check('totp', '10.0.0.5', 'admin-1')).rejects.toBeInstanceOf(ProblemException);
  });

  it("two-factor codes: one source's lockout is not the owner's; the account keeps a higher ceiling over all sources", async () => {
    const { limiter } = fakeLimiter();
    const throttle = new AuthThrottle(limiter);
    // Someone with the password burns through codes from their address, and keeps trying after the 429s.
    for (let i = 0; i < 3 * AUTH_LIMITS.totp.perSubjectIp!; i++) await throttle.check('totp', '198.51.100.7', 'user-1').catch(() => undefined);
    await expect(throttle.check('totp', '198.51.100.7', 'user-1')).rejects.toBeInstanceOf(ProblemException);
    // The owner, from their own address, is not refused.
    await expect(throttle.check('totp', '203.0.113.5', 'user-1')).resolves.toBeUndefined();
    // Many sources together meet the account's ceiling, which is higher than one source's budget.
    expect(AUTH_LIMITS.totp.perEmail).toBeGreaterThan(AUTH_LIMITS.totp.perSubjectIp!);
    let refused = 0;
    for (let i = 0; i < AUTH_LIMITS.totp.perEmail; i++)
      refused += await throttle.check('totp', `10.9.${i}.1`, 'user-1').then(
        () => 0,
        () => 1,
      );
    expect(refused).toBe(AUTH_LIMITS.totp.perSubjectIp! + 1);
    await expect(throttle.check('totp', '10.250.0.1', 'user-1')).rejects.toBeInstanceOf(ProblemException);
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
