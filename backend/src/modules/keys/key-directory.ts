import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { isDatabaseUnavailable } from '../../common/problems/database-errors.js';
import { RedisService } from '../../common/redis/redis.service.js';
import type { EffectiveLimits, PlanId } from '../../config/plans.js';
import type { KeyLimitWindow, KeyScope } from '@tzapi/shared/key-options';
import { AccountChanges, changesKeyAccess } from '../accounts/account-changes.js';
import { accountLimits } from '../accounts/user.entity.js';
import type { ApiKey } from './api-key.entity.js';
import { compileRestrictions } from './key-restrictions.js';
import { KeysRepository } from './keys.repository.js';
import type { CompiledRestrictions } from './key-restrictions.js';

export const KEY_INVALIDATION_CHANNEL = 'keys:invalidate'; // namespaced by REDIS_PREFIX
/** Safety net when a fan-out message is lost (Redis away): a cached key is re-read at least this often. */
const CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;
/** While the database is away, a key read before keeps being served; the database is asked again this often. */
const OUTAGE_RETRY_MS = 2000;

export interface ResolvedKey {
  keyId: string;
  userId: string;
  plan: PlanId;
  /** The plan's limits, or the account's negotiated ones. */
  limits: EffectiveLimits;
  isActive: boolean;
  blocked: boolean;
  rules: CompiledRestrictions;
  /** The tz release the key is pinned to (answers from it unless the request names another); null: the active one. */
  tzdbVersion: string | null;
  /** The route groups the key may call; empty: every group. */
  scopes: readonly KeyScope[];
  /** Epoch ms after which the key answers 401 `key_expired` (its expiry, or the end of a rotation's overlap); null: never. */
  expiresAtMs: number | null;
  /** The key's own rate limit, counted per key beside the plan's per-account one; null: none. */
  keyLimit: { limit: number; window: KeyLimitWindow } | null;
}

interface Entry {
  value: ResolvedKey;
  expiresAt: number;
}

type InvalidationMessage = { from: string; keyId?: string; userId?: string; all?: boolean };

/**
 * Resolves API keys (by SHA-256) to their owner, plan and restrictions from an in-process cache.
 * Invalidation applies at once on this instance and, through Redis pub/sub, on every other one.
 */
@Injectable()
export class KeyDirectory implements OnModuleInit {
  private readonly logger = new Logger('KeyDirectory');
  private readonly instanceId = randomUUID();
  private readonly byHash = new Map<string, Entry>();
  /** Bumped by every invalidation, so a look-up that raced with one does not cache what it read. */
  private generation = 0;
  /** Look-ups answered from the cache, and those that read the database (the metrics' hit ratio). */
  cacheHits = 0;
  cacheMisses = 0;
  /** How long a resolved key is served before it is read again (tests shorten it). */
  cacheTtlMs = CACHE_TTL_MS;

  constructor(
    private readonly keys: KeysRepository,
    private readonly redis: RedisService,
    private readonly accounts: AccountChanges,
  ) {}

  onModuleInit(): void {
    this.redis.subscribe(KEY_INVALIDATION_CHANNEL, (raw) => this.onMessage(raw));
    // Messages sent while Redis was away are lost: start from an empty cache when it comes back.
    this.redis.client?.on('ready', () => this.clearLocal());
    // Announced after the commit of a plan, limits, block or closure change: the next request reads the new state.
    this.accounts.listen((change) => (changesKeyAccess(change) ? this.invalidateUser(change.userId) : undefined));
  }

  /** The cached answer for a key hash, without waiting; undefined when it has to be read from the database. */
  cached(hash: string): ResolvedKey | undefined {
    const entry = this.byHash.get(hash);
    if (entry && entry.expiresAt > Date.now()) {
      this.cacheHits++;
      return entry.value;
    }
    return undefined;
  }

  /** Reads in flight, by key hash: a burst of requests with a key not in the cache waits for one read, not one each. */
  private readonly loading = new Map<string, { generation: number; read: Promise<ResolvedKey | null> }>();

  async resolve(hash: string): Promise<ResolvedKey | null> {
    const cached = this.cached(hash);
    if (cached) return cached;
    // A read started before an invalidation is not joined: the request must see the state after it.
    const inFlight = this.loading.get(hash);
    if (inFlight && inFlight.generation === this.generation) return inFlight.read;
    const flight = { generation: this.generation, read: this.read(hash) };
    this.loading.set(hash, flight);
    try {
      return await flight.read;
    } finally {
      if (this.loading.get(hash) === flight) this.loading.delete(hash);
    }
  }

  private async read(hash: string): Promise<ResolvedKey | null> {
    this.cacheMisses++;
    const now = Date.now();
    const generation = this.generation;
    let key: ApiKey | null;
    try {
      key = await this.keys.fork().findByHash(hash);
    } catch (err) {
      // Stale if error: a key this instance resolved before keeps working for the length of a database outage.
      const stale = this.byHash.get(hash);
      if (!stale || !isDatabaseUnavailable(err)) throw err;
      stale.expiresAt = Date.now() + OUTAGE_RETRY_MS;
      return stale.value;
    }
    if (!key) {
      this.byHash.delete(hash);
      return null;
    }
    const value: ResolvedKey = {
      keyId: key.id,
      userId: key.user.id,
      plan: key.user.plan,
      limits: accountLimits(key.user),
      isActive: key.isActive,
      blocked: key.user.isBlocked,
      rules: compileRestrictions(key.ipRestrictions, key.urlRestrictions),
      tzdbVersion: key.tzdbVersion,
      scopes: key.scopes,
      expiresAtMs: key.expiresAt ? key.expiresAt.getTime() : null,
      keyLimit: key.rateLimit !== null && key.rateLimitWindow ? { limit: key.rateLimit, window: key.rateLimitWindow } : null,
    };
    if (generation === this.generation) {
      if (this.byHash.size >= MAX_ENTRIES) this.byHash.delete(this.byHash.keys().next().value!);
      this.byHash.delete(hash);
      this.byHash.set(hash, { value, expiresAt: now + this.cacheTtlMs });
    }
    return value;
  }

  /** After deactivate, rotate, delete or a restriction change of one key. */
  async invalidateKey(keyId: string): Promise<void> {
    this.dropKey(keyId);
    await this.redis.publish(KEY_INVALIDATION_CHANNEL, JSON.stringify({ from: this.instanceId, keyId } satisfies InvalidationMessage));
  }

  /** After a block, unblock, plan change or deletion of a user: all of the user's keys are re-read. */
  async invalidateUser(userId: string): Promise<void> {
    this.dropUser(userId);
    await this.redis.publish(KEY_INVALIDATION_CHANNEL, JSON.stringify({ from: this.instanceId, userId } satisfies InvalidationMessage));
  }

  private onMessage(raw: string): void {
    try {
      const message = JSON.parse(raw) as InvalidationMessage;
      if (message.from === this.instanceId) return;
      if (message.keyId) this.dropKey(message.keyId);
      if (message.userId) this.dropUser(message.userId);
      if (message.all) this.clearLocal();
    } catch {
      this.logger.warn('Ignored a malformed key invalidation message');
    }
  }

  private dropKey(keyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.byHash) if (entry.value.keyId === keyId) this.byHash.delete(hash);
  }

  private dropUser(userId: string): void {
    this.generation++;
    for (const [hash, entry] of this.byHash) if (entry.value.userId === userId) this.byHash.delete(hash);
  }

  private clearLocal(): void {
    this.generation++;
    this.byHash.clear();
  }
}
