import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { RateLimitResult } from '../../common/redis/rate-limiter.js';
import { RedisService, withinDeadline } from '../../common/redis/redis.service.js';

/** How often each instance adds its new hits to the shared count and reads the others' back. */
export const BURST_SYNC_MS = 100;

/**
 * Adds this instance's hits since the last sync to the account's counter for the current 100 ms slot and returns the
 * total of the slots still inside the window (every instance's hits).
 */
const ADD_AND_SUM = `
local base = KEYS[1]
local slot = tonumber(ARGV[1])
local slots = tonumber(ARGV[2])
local delta = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
if delta > 0 then
  redis.call('INCRBY', base .. ':' .. slot, delta)
  redis.call('PEXPIRE', base .. ':' .. slot, ttl)
end
local keys = {}
for i = 0, slots - 1 do keys[#keys + 1] = base .. ':' .. (slot - i) end
local total = 0
for _, v in ipairs(redis.call('MGET', unpack(keys))) do
  if v then total = total + tonumber(v) end
end
return total
`;

type AddAndSum = (key: string, slot: number, slots: number, delta: number, ttl: number) => Promise<number>;

/**
 * One account's hits on this instance: a ring of the counted calls (when each leaves the window, and its weight), a
 * sliding log with O(1) steps. A call weighs 1, or a batch route's weight (SoldRoute.weight, one per 100 items or
 * cells). A call that weighs more than the whole window is let in only into an empty window, and then stays in it for
 * weight / limit windows: the account's rate stays the limit, whatever its calls weigh.
 */
class Log {
  /** When each counted call leaves the window (ms). */
  readonly ends: Float64Array;
  readonly weights: Float64Array;
  /** The 100 ms slots of Redis that cover the window. */
  readonly slots: number;
  head = 0;
  size = 0;
  /** The weight of the calls in the window. */
  used = 0;
  /** Weight counted here and not yet added to the shared count. */
  unsynced = 0;
  /** Weight of a heavy call that the shared count gets window by window, as the call stays in this one (when, how much). */
  deferred: { at: number; weight: number }[] = [];
  /** What this instance added to the shared count, per slot, so the others' share can be told apart. */
  readonly pushed: Map<number, number> = new Map();
  /** Weight of the other instances in the window, as of `othersSlot`. */
  others = 0;
  othersSlot = 0;
  /** Set while the shared count is read for an account this instance did not follow yet. */
  primed: Promise<void> | null = null;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    // Calls in the window weigh at least 1 each and at most `limit` together (or one heavy call alone).
    const capacity = Math.max(1, limit);
    this.ends = new Float64Array(capacity);
    this.weights = new Float64Array(capacity);
    this.slots = Math.max(1, Math.round(windowMs / BURST_SYNC_MS));
  }

  private at(i: number): number {
    const cap = this.ends.length;
    return (this.head - this.size + i + cap) % cap;
  }

  /** Drops the calls that left the window from the front. */
  expire(now: number): void {
    while (this.size > 0 && this.ends[this.at(0)] <= now) {
      this.used -= this.weights[this.at(0)];
      this.size--;
    }
  }

  /** Milliseconds until `weight` more fits beside `others` (a heavy call: until nothing is left in the window). */
  waitFor(weight: number, others: number, now: number): number {
    if (this.size === 0) return others ? BURST_SYNC_MS : 0;
    let left = this.used + others;
    for (let i = 0; i < this.size; i++) {
      left -= this.weights[this.at(i)];
      if (weight > this.limit ? left <= 0 : left + weight <= this.limit) return Math.max(0, this.ends[this.at(i)] - now);
    }
    return Math.max(BURST_SYNC_MS, this.ends[this.at(this.size - 1)] - now);
  }

  /** Milliseconds until the oldest counted call leaves the window. */
  oldestLeaves(now: number): number {
    return Math.max(0, this.ends[this.at(0)] - now);
  }

  /** Takes over the most recent calls of a log of another limit or window, and what it shared. */
  carryOver(previous: Log): void {
    const keep = Math.min(previous.size, this.ends.length);
    for (let i = previous.size - keep; i < previous.size; i++) this.push(previous.ends[previous.at(i)], previous.weights[previous.at(i)]);
    this.unsynced = previous.unsynced;
    this.deferred = previous.deferred;
    for (const [slot, n] of previous.pushed) this.pushed.set(slot, n);
  }

  add(now: number, weight: number): void {
    const windows = Math.max(1, weight / this.limit);
    this.push(now + this.windowMs * windows, weight);
    // The shared count holds a slot for one window: a heavy call is added to it once per window it stays.
    const first = Math.min(weight, this.limit);
    this.unsynced += first;
    for (let rest = weight - first, k = 1; rest > 0; rest -= this.limit, k++)
      this.deferred.push({ at: now + k * this.windowMs, weight: Math.min(rest, this.limit) });
  }

  /** Moves the deferred weight that is due into the next sync. */
  release(now: number): void {
    while (this.deferred.length && this.deferred[0].at <= now) this.unsynced += this.deferred.shift()!.weight;
  }

  private push(end: number, weight: number): void {
    const cap = this.ends.length;
    this.ends[this.head] = end;
    this.weights[this.head] = weight;
    this.head = (this.head + 1) % cap;
    this.size++;
    this.used += weight;
  }
}

/**
 * The fair-use guard of the unlimited plans (requests per second per account). The count and the check are one step
 * in this process: a sliding log of hit times, exact on one instance, with no network round trip on the request path.
 * With Redis, every instance adds its hits to a per-account counter in 100 ms slots every BURST_SYNC_MS and reads the
 * others' back (and reads them once before deciding for an account it did not follow yet), so N instances together let
 * through at most the limit plus what the others did since the last sync (100 ms).
 * The free plan's hourly quota is a contract and stays on the exact shared RateLimiter.
 */
@Injectable()
export class BurstLimiter implements OnModuleDestroy {
  private readonly logger = new Logger('BurstLimiter');
  private readonly logs = new Map<string, Log>();
  private readonly prefix: string;
  private readonly timer: NodeJS.Timeout;
  private syncing = false;
  private warned = false;

  constructor(private readonly redis: RedisService) {
    this.prefix = `${redis.prefix}burst:`;
    this.redis.client?.defineCommand('tzapiBurstAddAndSum', { numberOfKeys: 1, lua: ADD_AND_SUM });
    this.timer = setInterval(() => void this.sync(), BURST_SYNC_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * Counts one call of `weight` (all or none) if it fits in the window and says whether it did. A call heavier than the
   * whole window fits only an empty one, and then fills it for weight / limit windows. Synchronous for an account this
   * instance already follows; the first call of an account after a quiet window first reads the shared count (one
   * round trip), so a new burst on one instance sees what the others already let through.
   */
  hit(key: string, limit: number, windowMs: number, weight = 1): RateLimitResult | Promise<RateLimitResult> {
    return this.run(key, limit, windowMs, weight);
  }

  /** The same answer without counting anything. */
  peek(key: string, limit: number, windowMs: number): RateLimitResult | Promise<RateLimitResult> {
    return this.run(key, limit, windowMs, 0);
  }

  /** `weight` 0: a peek, nothing counted. */
  private run(key: string, limit: number, windowMs: number, weight: number): RateLimitResult | Promise<RateLimitResult> {
    const countHit = weight > 0;
    let log = this.logs.get(key);
    if (!log || log.limit !== limit || log.windowMs !== windowMs) {
      if (!countHit && !log && !this.redis.ready) return { allowed: true, limit, remaining: limit, resetMs: 0 };
      const previous = log;
      log = new Log(limit, windowMs);
      if (previous) {
        // A plan change or negotiated limit keeps what the account already used: the others' count and, as far as the
        // new log holds them, this instance's own hits in the window (already shared, so not sent again).
        log.others = previous.others;
        log.othersSlot = previous.othersSlot;
        log.carryOver(previous);
      } else if (this.redis.ready) {
        log.primed = this.prime(key, log);
      }
      this.logs.set(key, log);
    }
    if (log.primed) {
      const current = log;
      return log.primed.then(() => this.decide(current, weight));
    }
    return this.decide(log, weight);
  }

  private decide(log: Log, weight: number): RateLimitResult {
    const { limit, windowMs } = log;
    const now = Date.now();
    log.expire(now);
    // The others' count is at most one sync old; after a window without news (Redis away) it no longer applies.
    const others = Math.floor(now / BURST_SYNC_MS) - log.othersSlot < windowMs / BURST_SYNC_MS ? log.others : 0;
    let used = log.used + others;
    const asked = Math.max(1, weight);
    const allowed = asked > limit ? limit > 0 && used === 0 : used + asked <= limit;
    if (!allowed) return { allowed, limit, remaining: Math.max(0, limit - used), resetMs: log.waitFor(asked, others, now) };
    if (weight > 0) {
      log.add(now, weight);
      used += weight;
    }
    const resetMs = log.size ? log.oldestLeaves(now) : used ? BURST_SYNC_MS : 0;
    return { allowed, limit, remaining: Math.max(0, limit - used), resetMs };
  }

  /** Reads what every instance counted for the account in the window, before this instance decides for it. */
  private async prime(key: string, log: Log): Promise<void> {
    const slot = Math.floor(Date.now() / BURST_SYNC_MS);
    try {
      const command = (this.redis.client as unknown as { tzapiBurstAddAndSum: AddAndSum }).tzapiBurstAddAndSum;
      const total = await withinDeadline(command.call(this.redis.client, this.prefix + key, slot, log.slots, 0, log.windowMs * 2));
      log.others = Number(total);
      log.othersSlot = slot;
    } catch (err) {
      if (!this.warned) this.logger.warn(`Burst count not read from Redis (${(err as Error).message}); counting in-process`);
      this.warned = true;
    } finally {
      log.primed = null;
    }
  }

  /** Adds every account's new hits to the shared counts and reads the totals back; idle accounts are forgotten. */
  private async sync(): Promise<void> {
    if (this.syncing) return;
    const now = Date.now();
    const slot = Math.floor(now / BURST_SYNC_MS);
    const active: [string, Log][] = [];
    for (const [key, log] of this.logs) {
      log.expire(now);
      log.release(now);
      if (log.primed) continue;
      if (log.size === 0 && log.unsynced === 0 && !log.deferred.length && slot - log.othersSlot >= log.windowMs / BURST_SYNC_MS) this.logs.delete(key);
      else active.push([key, log]);
    }
    if (!active.length || !this.redis.ready) return;
    this.syncing = true;
    try {
      const pipeline = this.redis.client!.pipeline();
      const sent: number[] = [];
      for (const [key, log] of active) {
        const delta = log.unsynced;
        log.unsynced = 0;
        sent.push(delta);
        if (delta) log.pushed.set(slot, (log.pushed.get(slot) ?? 0) + delta);
        (pipeline as unknown as { tzapiBurstAddAndSum: AddAndSum }).tzapiBurstAddAndSum(this.prefix + key, slot, log.slots, delta, log.windowMs * 2);
      }
      // Hits that did not reach Redis are sent again at the next sync.
      const unsend = (log: Log, i: number) => {
        log.unsynced += sent[i];
        const pushed = (log.pushed.get(slot) ?? 0) - sent[i];
        if (pushed > 0) log.pushed.set(slot, pushed);
        else log.pushed.delete(slot);
      };
      const replies = await withinDeadline(pipeline.exec()).catch((err: Error) => {
        active.forEach(([, log], i) => unsend(log, i));
        throw err;
      });
      active.forEach(([, log], i) => {
        const [err, total] = replies?.[i] ?? [new Error('no reply'), 0];
        if (err) return unsend(log, i);
        let mine = 0;
        for (const [s, n] of log.pushed) {
          if (s > slot - log.slots) mine += n;
          else log.pushed.delete(s);
        }
        log.others = Math.max(0, Number(total) - mine);
        log.othersSlot = slot;
      });
      this.warned = false;
    } catch (err) {
      if (!this.warned) this.logger.warn(`Burst counts not shared (${(err as Error).message}); counting in-process`);
      this.warned = true;
    } finally {
      this.syncing = false;
    }
  }
}
