import { Injectable, Optional } from '@nestjs/common';
import { BurstLimiter } from '../../common/burst-limiter.js';
import { RateLimiter } from '../../common/rate-limiter.js';
import type { HitSeed, RateLimitResult } from '../../common/rate-limiter.js';
import { UsageRecorder } from '../usage/usage.recorder.js';
import { UsageStore } from '../usage/usage.store.js';
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

/** A refused free account is answered from memory for up to this long instead of asking Redis again each time. */
const REFUSAL_MEMORY_MS = 1000;

@Injectable()
export class PlanLimits {
  /** Per refused account: until when the refusal is answered from memory, and when the first slot really frees. */
  private readonly refusedUntil = new Map<string, { until: number; freesAt: number }>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly burst: BurstLimiter,
    @Optional() private readonly store?: UsageStore,
    @Optional() private readonly recorder?: UsageRecorder,
  ) {}

  /**
   * Where an in-process quota count starts (Redis away, or no Redis): the account's recorded usage in the window, from
   * PostgreSQL and from this instance's buffer not yet written, so an exhausted account stays refused.
   */
  private quotaSeed(window: PlanWindow, userId: string): HitSeed | undefined {
    const store = this.store;
    if (!store) return undefined;
    return async (sinceMs) => {
      const written = await store.quotaHits(userId, new Date(sinceMs), window.limit);
      return written.concat(this.recorder?.bufferedQuotaHits(userId, sinceMs) ?? []);
    };
  }

  /**
   * Counts the request and decides in one atomic step: the hourly quota on the shared limiter (exact across
   * instances), the paid plans' burst guard in-process (BurstLimiter: no round trip, answered synchronously).
   */
  consume(plan: PlanId, userId: string): LimitDecision | Promise<LimitDecision> {
    const window = planWindow(plan, userId);
    if (window.name === 'burst') {
      const result = this.burst.hit(window.key, window.limit, window.windowMs);
      return result instanceof Promise ? result.then((r) => this.decide(window, r)) : this.decide(window, result);
    }
    return this.consumeQuota(window, userId);
  }

  private async consumeQuota(window: PlanWindow, userId: string): Promise<LimitDecision> {
    const now = Date.now();
    const refused = this.refusedUntil.get(window.key);
    if (refused !== undefined) {
      // Slots only free up when the oldest hit leaves the window: until then the answer stays no, with the real wait.
      if (refused.until > now) return this.decide(window, { allowed: false, limit: window.limit, remaining: 0, resetMs: Math.max(0, refused.freesAt - now) });
      this.refusedUntil.delete(window.key);
    }
    const result = await this.limiter.hit(window.key, window.limit, window.windowMs, this.quotaSeed(window, userId));
    if (!result.allowed && result.resetMs > 0) {
      if (this.refusedUntil.size > 100_000) this.refusedUntil.clear();
      this.refusedUntil.set(window.key, { until: now + Math.min(result.resetMs, REFUSAL_MEMORY_MS), freesAt: now + result.resetMs });
    }
    return this.decide(window, result);
  }

  /** The same numbers without counting (refused requests' headers, the dashboard). */
  async peek(plan: PlanId, userId: string): Promise<LimitDecision> {
    const window = planWindow(plan, userId);
    const result = await (window.name === 'burst'
      ? this.burst.peek(window.key, window.limit, window.windowMs)
      : this.limiter.peek(window.key, window.limit, window.windowMs, this.quotaSeed(window, userId)));
    return this.decide(window, { ...result, allowed: true });
  }

  private decide(window: PlanWindow, result: RateLimitResult): LimitDecision {
    return { ...result, window, headers: rateLimitHeaders(window, result) };
  }
}
