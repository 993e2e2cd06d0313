/** The account actions' attempt limits (per IP, per e-mail or account) and AuthThrottle, which counts attempts checked in code (two-factor codes, closing, exporting). Route-level throttling is throttled-route.guard.ts. */
import { Injectable } from '@nestjs/common';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { AuthErrors } from './auth.errors.js';

const MINUTE = 60_000;

export type ThrottledAction = 'login' | 'register' | 'forgot' | 'reset' | 'resend' | 'support' | 'password' | 'email_change' | 'totp' | 'close' | 'export';

interface Limits {
  perIp: number;
  perEmail: number;
  /** Counted first when set: one source's tries at one e-mail or account, so its failures are its own. */
  perSubjectIp?: number;
  windowMs: number;
}

/**
 * Sign-in: one source gets 10 tries at an address (per e-mail and IP) and 100 in all (an office behind one NAT
 * address signs in a lot, two requests each with two-factor); the per-e-mail ceiling is high enough that only a
 * distributed attack meets it, and a browser that signed in before (device cookie) is exempt.
 */
export const LOGIN_LIMITS = { perIp: 100, perEmailIp: 10, perEmail: 100, windowMs: 15 * MINUTE };

/** Per action: how many attempts one IP address and one e-mail address (or account) may make in the window. */
export const AUTH_LIMITS: Record<Exclude<ThrottledAction, 'login'>, Limits> = {
  register: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  forgot: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  reset: { perIp: 20, perEmail: 10, windowMs: 15 * MINUTE },
  resend: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  support: { perIp: 10, perEmail: 5, windowMs: 60 * MINUTE },
  password: { perIp: 30, perEmail: 10, windowMs: 15 * MINUTE },
  /** Profile e-mail changes: each one mails a link (or a notice), so few per account and per IP. */
  email_change: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  /**
   * Two-factor codes (subject = user id): 10 tries per account from one source, so someone who has the password and
   * burns through codes locks out only their own source, not the owner signing in from elsewhere; 50 per account from
   * all sources together, a ceiling only a distributed guesser meets.
   */
  totp: { perIp: 30, perSubjectIp: 10, perEmail: 50, windowMs: 15 * MINUTE },
  /** Closing the account checks the password (and a code): few tries per account (subject = user id). */
  close: { perIp: 20, perEmail: 5, windowMs: 15 * MINUTE },
  /** Data exports are heavy to build: a few per account and hour. */
  export: { perIp: 30, perEmail: 5, windowMs: 60 * MINUTE },
};

/**
 * The budgets of the account routes. Routes are guarded by @AuthThrottled() (@nestjs/throttler, throttled-route.guard.ts);
 * this class counts what a route decorator can't: two-factor codes, checked only once the account is known to have
 * two-factor sign-in, and clears a source's sign-in failures after a success. Both on the shared RateLimiter (atomic,
 * shared across instances through Redis), one budget per IP address and one per e-mail or account. Over the limit:
 * 429 problem `too_many_attempts` with Retry-After.
 */
@Injectable()
export class AuthThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts one attempt; `subject` is the e-mail (or user id) the attempt is about, when there is one. */
  async check(action: Exclude<ThrottledAction, 'login'>, ip: string | undefined, subject?: string | null): Promise<void> {
    const limits = AUTH_LIMITS[action];
    await this.hit(`auth:${action}:ip:${ip ?? 'unknown'}`, limits.perIp, limits.windowMs);
    if (!subject) return;
    // A source over its own budget is refused here, before its tries reach the subject's shared ceiling.
    if (limits.perSubjectIp) await this.hit(`auth:${action}:subject-ip:${subject.toLowerCase()}|${ip ?? 'unknown'}`, limits.perSubjectIp, limits.windowMs);
    await this.hit(`auth:${action}:subject:${subject.toLowerCase()}`, limits.perEmail, limits.windowMs);
  }

  /**
   * After a successful sign-in this source's failed attempts at the address no longer count. The per-e-mail count
   * is left alone: an owner signing in must not hand a distributed attack a fresh budget.
   */
  async clearLogin(ip: string | undefined, email: string): Promise<void> {
    await this.limiter.reset(`auth:login:subject-ip:${email.toLowerCase()}|${ip ?? 'unknown'}`);
  }

  /**
   * After a correct two-factor code this source's code attempts (at this account, and in all) no longer count: an
   * admin who signs in many times an hour is not locked out by their own successes. The account's ceiling over all
   * sources is left alone, as clearLogin leaves the per-e-mail count.
   */
  async clearTotp(ip: string | undefined, userId: string): Promise<void> {
    await this.limiter.reset(`auth:totp:subject-ip:${userId.toLowerCase()}|${ip ?? 'unknown'}`);
    await this.limiter.reset(`auth:totp:ip:${ip ?? 'unknown'}`);
  }

  private async hit(key: string, limit: number, windowMs: number): Promise<void> {
    const result = await this.limiter.hit(key, limit, windowMs);
    if (!result.allowed) throw AuthErrors.tooManyAttempts(Math.ceil(result.resetMs / 1000) || 1);
  }
}
