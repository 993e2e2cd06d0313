import { Injectable, Optional } from '@nestjs/common';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import type { HitSeed, RateLimitResult } from '../../common/redis/rate-limiter.js';
import { UsageRecorder } from '../usage/usage.recorder.js';
import { BurstLimiter } from './burst-limiter.js';
import { UsageRepository } from '../usage/usage.repository.js';
import type { EffectiveLimits } from '../../config/plans.js';

export interface PlanWindow {
  /** The limiter key: per account, across all keys and routes. */
  key: string;
  name: 'hour' | 'burst';
  limit: number;
  windowMs: number;
  /** A key's own limit (issue 51), not the account's plan. */
  perKey?: boolean;
}

export interface LimitDecision extends RateLimitResult {
  window: PlanWindow;
  headers: Record<string, string>;
}

const HOUR_MS = 3_600_000;

/** The hourly quota as a limiter window: per account, across all keys and routes. */
export function quotaWindow(limits: EffectiveLimits, userId: string): PlanWindow | null {
  return limits.hourlyQuota === null ? null : { key: `quota:${userId}`, name: 'hour', limit: limits.hourlyQuota, windowMs: HOUR_MS };
}

/** The per-second fair-use guard as a limiter window. */
export function burstWindow(limits: EffectiveLimits, userId: string): PlanWindow | null {
  return limits.burstPerSecond === null ? null : { key: `burst:${userId}`, name: 'burst', limit: limits.burstPerSecond, windowMs: 1000 };
}

/**
 * IETF draft RateLimit fields plus the widely read RateLimit-Limit/Remaining/Reset (and Retry-After on 429). Named in
 * lowercase, as the API header set is (request-hooks.ts): they go on every answer, and Fastify lowercases each name it
 * is given (a new string per header per answer) and writes them lowercase; HTTP names are case-insensitive. The 429's
 * problem document carries its own Retry-After (KeyProblems.rateLimited).
 */
export function rateLimitHeaders(window: PlanWindow, result: RateLimitResult): Record<string, string> {
  const resetSeconds = Math.ceil(result.resetMs / 1000);
  const headers: Record<string, string> = {
    'ratelimit-policy': `"${window.name}";q=${window.limit};w=${Math.round(window.windowMs / 1000)}`,
    ratelimit: `"${window.name}";r=${result.remaining};t=${resetSeconds}`,
    'ratelimit-limit': String(window.limit),
    'ratelimit-remaining': String(result.remaining),
    'ratelimit-reset': String(resetSeconds),
  };
  if (!result.allowed) headers['retry-after'] = String(Math.max(1, resetSeconds));
  return headers;
}

/** An account without any limit (not a plan today, kept total): allowed, no rate-limit headers. */
const UNLIMITED: LimitDecision = {
  allowed: true,
  limit: Number.MAX_SAFE_INTEGER,
  remaining: Number.MAX_SAFE_INTEGER,
  resetMs: 0,
  window: { key: '', name: 'burst', limit: Number.MAX_SAFE_INTEGER, windowMs: 1000 },
  headers: {},
};

/** A refused free account is answered from memory for up to this long instead of asking Redis again each time. */
const REFUSAL_MEMORY_MS = 1000;

@Injectable()
export class PlanLimits {
  /** Per refused account: until when the refusal is answered from memory, and when the first slot really frees. */
  private readonly refusedUntil = new Map<string, { until: number; freesAt: number; limit: number; weight: number }>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly burst: BurstLimiter,
    @Optional() private readonly store?: UsageRepository,
    @Optional() private readonly recorder?: UsageRecorder,
  ) {}

  /**
   * Where an in-process quota count starts (Redis away, or no Redis): the account's recorded usage in the window, from
   * PostgreSQL and from this instance's buffer not yet written, so an exhausted account stays refused. The buffer is
   * written first: a batch committing while the query runs would otherwise be in neither (the query's snapshot came
   * before its commit, the buffer let go of it after), and the account would get that batch's requests again.
   */
  private quotaSeed(window: PlanWindow, userId: string): HitSeed | undefined {
    const store = this.store;
    if (!store) return undefined;
    return async (sinceMs) => {
      await this.recorder?.flush();
      const written = await store.quotaHits(userId, new Date(sinceMs), window.limit);
      return written.concat(this.recorder?.bufferedQuotaHits(userId, sinceMs) ?? []);
    };
  }

  /**
   * Counts the request and decides: the hourly quota on the shared limiter (exact across instances), the per-second
   * burst guard in-process (BurstLimiter: no round trip, answered synchronously). The plans have one of the two; an
   * account with negotiated limits may have both, and then the burst guard is asked first and the quota's numbers
   * go in the headers.
   */
  consume(limits: EffectiveLimits, userId: string, weight = 1): LimitDecision | Promise<LimitDecision> {
    const quota = quotaWindow(limits, userId);
    const burst = burstWindow(limits, userId);
    if (!burst) return quota ? this.consumeQuota(quota, userId, weight) : UNLIMITED;
    // A weighted request (a batch route's items, see SoldRoute.weight; an MCP batch tool's) counts `weight` against
    // both: the per-second guard bounds the work an account asks for, not its HTTP requests.
    const result = this.burst.hit(burst.key, burst.limit, burst.windowMs, weight);
    const next = (r: RateLimitResult) => (r.allowed && quota ? this.consumeQuota(quota, userId, weight) : this.decide(burst, r));
    return result instanceof Promise ? result.then(next) : next(result);
  }

  private async consumeQuota(window: PlanWindow, userId: string, weight = 1): Promise<LimitDecision> {
    const now = Date.now();
    const refused = this.refusedUntil.get(window.key);
    if (refused !== undefined) {
      // Slots only free up when the oldest hit leaves the window: until then the answer stays no, with the real wait.
      // A changed limit (negotiated limits, a plan change) is decided afresh.
      if (refused.until > now && refused.limit === window.limit && weight >= refused.weight) {
        return this.decide(window, { allowed: false, limit: window.limit, remaining: 0, resetMs: Math.max(0, refused.freesAt - now) });
      }
      this.refusedUntil.delete(window.key);
    }
    const result = await this.limiter.hit(window.key, window.limit, window.windowMs, this.quotaSeed(window, userId), weight);
    if (!result.allowed && result.resetMs > 0) {
      if (this.refusedUntil.size > 100_000) this.refusedUntil.clear();
      this.refusedUntil.set(window.key, {
        until: now + Math.min(result.resetMs, REFUSAL_MEMORY_MS),
        freesAt: now + result.resetMs,
        limit: window.limit,
        weight,
      });
    }
    return this.decide(window, result);
  }

  /**
   * Takes back the quota a request used when the server failed to answer it (a 5xx is never charged, see usesQuota).
   * The per-second burst guard keeps its count: it is fair use, not what the customer pays for.
   */
  refund(decision: LimitDecision): void {
    if (decision.window.name === 'hour' && decision.counted) void this.limiter.refund(decision.counted);
  }

  /**
   * Counts the request against its key's own limit: per hour on the shared limiter (exact across instances), per second
   * in-process, as the plan's windows of the same length are counted.
   */
  consumeKey(keyLimit: { limit: number; window: 'hour' | 'second' }, keyId: string, weight = 1): LimitDecision | Promise<LimitDecision> {
    if (keyLimit.window === 'hour') {
      const window: PlanWindow = { key: `keyquota:${keyId}`, name: 'hour', limit: keyLimit.limit, windowMs: HOUR_MS, perKey: true };
      return this.limiter.hit(window.key, window.limit, window.windowMs, undefined, weight).then((r) => this.decide(window, r));
    }
    const window: PlanWindow = { key: `keyburst:${keyId}`, name: 'burst', limit: keyLimit.limit, windowMs: 1000, perKey: true };
    const result = this.burst.hit(window.key, window.limit, window.windowMs, weight);
    return result instanceof Promise ? result.then((r) => this.decide(window, r)) : this.decide(window, result);
  }

  /** The same numbers without counting (refused requests' headers, the dashboard): the quota's when there is one. */
  async peek(limits: EffectiveLimits, userId: string): Promise<LimitDecision> {
    const quota = quotaWindow(limits, userId);
    const window = quota ?? burstWindow(limits, userId);
    if (!window) return UNLIMITED;
    const result = await (quota
      ? this.limiter.peek(quota.key, quota.limit, quota.windowMs, this.quotaSeed(quota, userId))
      : this.burst.peek(window.key, window.limit, window.windowMs));
    return this.decide(window, { ...result, allowed: true });
  }

  private decide(window: PlanWindow, result: RateLimitResult): LimitDecision {
    return { ...result, window, headers: rateLimitHeaders(window, result) };
  }
}
