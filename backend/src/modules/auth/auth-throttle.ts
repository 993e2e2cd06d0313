import { Injectable } from '@nestjs/common';
import { RateLimiter } from '../../common/rate-limiter.js';
import { AuthErrors } from './auth.errors.js';

const MINUTE = 60_000;

export type ThrottledAction = 'login' | 'register' | 'forgot' | 'reset' | 'resend' | 'support' | 'password';

interface Limits {
  perIp: number;
  perEmail: number;
  windowMs: number;
}

/** Per action: how many attempts one IP address and one e-mail address (or account) may make in the window. */
export const AUTH_LIMITS: Record<ThrottledAction, Limits> = {
  login: { perIp: 30, perEmail: 10, windowMs: 15 * MINUTE },
  register: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  forgot: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  reset: { perIp: 20, perEmail: 10, windowMs: 15 * MINUTE },
  resend: { perIp: 20, perEmail: 5, windowMs: 60 * MINUTE },
  support: { perIp: 10, perEmail: 5, windowMs: 60 * MINUTE },
  password: { perIp: 30, perEmail: 10, windowMs: 15 * MINUTE },
};

/**
 * Throttles the account routes with the shared RateLimiter (atomic, shared across instances through Redis):
 * one budget per IP address and one per e-mail, so neither a single source nor a spread-out attack on one
 * account gets far. Over the limit: 429 problem `too_many_attempts` with Retry-After.
 */
@Injectable()
export class AuthThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts one attempt; `subject` is the e-mail (or user id) the attempt is about, when there is one. */
  async check(action: ThrottledAction, ip: string | undefined, subject?: string | null): Promise<void> {
    const limits = AUTH_LIMITS[action];
    const byIp = await this.limiter.hit(`auth:${action}:ip:${ip ?? 'unknown'}`, limits.perIp, limits.windowMs);
    if (!byIp.allowed) throw AuthErrors.tooManyAttempts(Math.ceil(byIp.resetMs / 1000) || 1);
    if (!subject) return;
    const bySubject = await this.limiter.hit(`auth:${action}:subject:${subject.toLowerCase()}`, limits.perEmail, limits.windowMs);
    if (!bySubject.allowed) throw AuthErrors.tooManyAttempts(Math.ceil(bySubject.resetMs / 1000) || 1);
  }

  /** After a successful sign-in the account's failed attempts no longer count against it. */
  async clear(action: ThrottledAction, subject: string): Promise<void> {
    await this.limiter.reset(`auth:${action}:subject:${subject.toLowerCase()}`);
  }
}
