import { Injectable } from '@nestjs/common';
import { RateLimiter } from '../../common/rate-limiter.js';
import type { RateLimitResult } from '../../common/rate-limiter.js';
import { PLANS } from '../../config/plans.js';
import type { PlanId } from '../../config/plans.js';

export interface PlanWindow {
  /** The limiter key: per account, across all keys and routes. */
  key: string;
  name: 'hour' | 'burst';
  limit: number;
  windowMs: number;
}

export interface LimitDecision extends RateLimitResult {
  window: PlanWindow;
  headers: Record<string, string>;
}

/** The plans table turned into limiter windows: free = quota per rolling hour, paid = a per-second burst guard. */
export function planWindow(plan: PlanId, userId: string): PlanWindow {
  const spec = PLANS[plan] ?? PLANS.free;
  if (spec.quota) return { key: `quota:${userId}`, name: 'hour', limit: spec.quota.limit, windowMs: spec.quota.windowSeconds * 1000 };
  return { key: `burst:${userId}`, name: 'burst', limit: spec.burstPerSecond ?? 50, windowMs: 1000 };
}

/** IETF draft RateLimit fields plus the widely read RateLimit-Limit/Remaining/Reset (and Retry-After on 429). */
export function rateLimitHeaders(window: PlanWindow, result: RateLimitResult): Record<string, string> {
  const resetSeconds = Math.ceil(result.resetMs / 1000);
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${window.name}";q=${window.limit};w=${Math.round(window.windowMs / 1000)}`,
    RateLimit: `"${window.name}";r=${result.remaining};t=${resetSeconds}`,
    'RateLimit-Limit': String(window.limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(resetSeconds),
  };
  if (!result.allowed) headers['Retry-After'] = String(Math.max(1, resetSeconds));
  return headers;
}

@Injectable()
export class PlanLimits {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts the request and decides in one atomic step. */
  async consume(plan: PlanId, userId: string): Promise<LimitDecision> {
    const window = planWindow(plan, userId);
    const result = await this.limiter.hit(window.key, window.limit, window.windowMs);
    return { ...result, window, headers: rateLimitHeaders(window, result) };
  }

  /** The same numbers without counting (refused requests' headers, the dashboard). */
  async peek(plan: PlanId, userId: string): Promise<LimitDecision> {
    const window = planWindow(plan, userId);
    const result = await this.limiter.peek(window.key, window.limit, window.windowMs);
    return { ...result, allowed: true, window, headers: rateLimitHeaders(window, { ...result, allowed: true }) };
  }
}
