import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisService, withinDeadline } from './redis.service.js';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Milliseconds until the oldest counted hit leaves the window (a slot frees); 0 when nothing is counted. */
  resetMs: number;
  /** The hit this call counted (hit() when allowed), for refund(). */
  counted?: CountedHit;
}

/** One counted hit of hit(), as refund() takes it back: its member in the shared log, its time in-process, its weight. */
export interface CountedHit {
  key: string;
  member: string;
  at: number;
  weight: number;
}

/**
 * Sliding-log rate limit: the key's hits inside the last `windowMs`, checked and counted in one atomic step.
 * Redis (a Lua script, so every instance shares one count) when it is reachable; in-process otherwise.
 */
const SLIDING_LOG = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local count_hit = ARGV[3] == '1'
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local weight = tonumber(ARGV[5])
local allowed = 0
if count + weight <= limit then
  allowed = 1
  if count_hit then
    redis.call('ZADD', key, now, ARGV[4])
    for i = 2, weight do redis.call('ZADD', key, now, ARGV[4] .. '.' .. i) end
    count = count + weight
    redis.call('PEXPIRE', key, window)
  end
end
local reset = 0
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return { allowed, count, reset }
`;

/**
 * The hits already counted for a key in the window ending now (epoch ms), from a record kept elsewhere: where the
 * in-process count starts when it has to take over (Redis away, or no Redis and a fresh process).
 */
export type HitSeed = (sinceMs: number) => Promise<number[]>;

const SEED_RETRY_MS = 5000;

type SlidingLogCommand = (key: string, window: number, limit: number, countHit: string, member: string, weight: number) => Promise<[number, number, number]>;

@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly memory = new Map<string, number[]>();
  private sweepTimer: NodeJS.Timeout;
  /** Keys whose in-process log was started from their seed, and seeds under way. */
  private readonly seeded = new Set<string>();
  private readonly seeding = new Map<string, Promise<void>>();
  private readonly seedRetryAt = new Map<string, number>();
  /** Set while counting in-process for want of Redis; the in-process logs are dropped once Redis answers again. */
  private fallback = false;

  private readonly prefix: string;
  /** Members of the sliding log are unique per hit: this instance's id and a counter (no random bytes per request). */
  private readonly instance = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(private readonly redis: RedisService) {
    this.prefix = `${redis.prefix}rl:`;
    this.redis.client?.defineCommand('tzapiSlidingLog', { numberOfKeys: 1, lua: SLIDING_LOG });
    this.sweepTimer = setInterval(() => this.sweep(), 60_000);
    this.sweepTimer.unref();
  }

  /**
   * Counts one hit (or `weight` hits at once, all or none: a batch route's items) if it fits in the window and says
   * whether it did. `seed` starts an in-process count (see HitSeed).
   */
  hit(key: string, limit: number, windowMs: number, seed?: HitSeed, weight = 1): Promise<RateLimitResult> {
    return this.run(key, limit, windowMs, true, seed, weight);
  }

  /** The same answer without counting anything (dashboards, headers). */
  peek(key: string, limit: number, windowMs: number, seed?: HitSeed): Promise<RateLimitResult> {
    return this.run(key, limit, windowMs, false, seed);
  }

  /**
   * Takes back a hit hit() counted (an answer the server failed to give is not charged): removed from the shared log,
   * or from this instance's. Best effort: a hit counted in Redis that Redis cannot be asked about now stays counted.
   */
  async refund(hit: CountedHit): Promise<void> {
    if (this.redis.ready) {
      const members = [hit.member, ...Array.from({ length: hit.weight - 1 }, (_, i) => `${hit.member}.${i + 2}`)];
      await withinDeadline(this.redis.client!.zrem(this.prefix + hit.key, ...members)).catch((err: Error) =>
        this.logger.warn(`Could not take back a counted hit (${err.message})`),
      );
    }
    const hits = this.memory.get(hit.key);
    if (!hits) return;
    let left = hit.weight;
    for (let i = hits.length - 1; i >= 0 && left > 0; i--) {
      if (hits[i] === hit.at) {
        hits.splice(i, 1);
        left--;
      }
    }
  }

  async reset(key: string): Promise<void> {
    this.memory.delete(key);
    this.seeded.delete(key);
    if (this.redis.ready) await withinDeadline(this.redis.client!.del(this.prefix + key)).catch(() => undefined);
  }

  private async run(key: string, limit: number, windowMs: number, countHit: boolean, seed?: HitSeed, weight = 1): Promise<RateLimitResult> {
    if (this.redis.ready) {
      try {
        const command = (this.redis.client as unknown as { tzapiSlidingLog: SlidingLogCommand }).tzapiSlidingLog;
        const member = `${this.instance}-${(this.sequence++).toString(36)}`;
        const [allowed, count, reset] = await withinDeadline(
          command.call(this.redis.client, this.prefix + key, windowMs, limit, countHit ? '1' : '0', member, weight),
        );
        if (this.fallback) this.leaveFallback();
        const result: RateLimitResult = { allowed: allowed === 1, limit, remaining: Math.max(0, limit - count), resetMs: Math.max(0, reset) };
        if (result.allowed && countHit) result.counted = { key, member, at: Date.now(), weight };
        return result;
      } catch (err) {
        this.logger.warn(`Redis rate limit failed (${(err as Error).message}); counting in-process`);
      }
    }
    if (this.redis.enabled && !this.fallback) {
      this.fallback = true;
      this.logger.warn('Redis unreachable: counting limits in-process, starting from the usage recorded in PostgreSQL');
    }
    if (seed && !this.seeded.has(key) && (this.seedRetryAt.get(key) ?? 0) <= Date.now()) await this.seed(key, limit, windowMs, seed);
    return this.inMemory(key, limit, windowMs, countHit, weight);
  }

  /**
   * Starts the in-process log of a key from what was already counted (concurrent callers wait for it). The record
   * includes this instance's own answered requests, so it replaces the log. If it cannot be read (the database is away
   * too), the count goes on from what this instance has, and the record is read again after SEED_RETRY_MS.
   */
  private seed(key: string, limit: number, windowMs: number, seed: HitSeed): Promise<void> {
    let pending = this.seeding.get(key);
    if (!pending) {
      const since = Date.now() - windowMs;
      pending = seed(since)
        .then(
          (times) => {
            const hits = times.filter((t) => t > since).sort((a, b) => a - b);
            // The newest `limit` hits decide when a slot frees.
            if (hits.length) this.memory.set(key, hits.slice(-limit));
            else this.memory.delete(key);
            this.seeded.add(key);
            this.seedRetryAt.delete(key);
          },
          (err: Error) => {
            this.seedRetryAt.set(key, Date.now() + SEED_RETRY_MS);
            this.logger.warn(`Could not read the recorded usage to start the in-process count (${err.message}); counting from what this instance has`);
          },
        )
        .finally(() => this.seeding.delete(key));
      this.seeding.set(key, pending);
    }
    return pending;
  }

  /** Redis answers again: its count is the one that holds; the next outage seeds afresh. */
  private leaveFallback(): void {
    this.fallback = false;
    this.memory.clear();
    this.seeded.clear();
    this.seedRetryAt.clear();
    this.logger.log('Redis reachable again: limits are shared again');
  }

  private inMemory(key: string, limit: number, windowMs: number, countHit: boolean, weight = 1): RateLimitResult {
    const now = Date.now();
    let hits = this.memory.get(key);
    if (hits) {
      // Hits are kept in time order: drop the expired ones from the front (amortised O(1) per request).
      let expired = 0;
      while (expired < hits.length && hits[expired] <= now - windowMs) expired++;
      if (expired) hits.splice(0, expired);
    } else {
      hits = [];
    }
    const allowed = hits.length + weight <= limit;
    if (allowed && countHit) for (let i = 0; i < weight; i++) hits.push(now);
    if (hits.length) this.memory.set(key, hits);
    else this.memory.delete(key);
    const resetMs = hits.length ? hits[0] + windowMs - now : 0;
    const result: RateLimitResult = { allowed, limit, remaining: Math.max(0, limit - hits.length), resetMs };
    if (allowed && countHit) result.counted = { key, member: '', at: now, weight };
    return result;
  }

  /** Drops in-process logs whose hits are all older than an hour (the longest window in use). */
  private sweep(): void {
    const cutoff = Date.now() - 3600_000;
    for (const [key, hits] of this.memory) if (hits[hits.length - 1] <= cutoff) this.memory.delete(key);
    if (this.seeded.size > 100_000) this.seeded.clear();
    if (this.seedRetryAt.size > 100_000) this.seedRetryAt.clear();
  }
}
