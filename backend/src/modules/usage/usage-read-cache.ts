import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

const MAX_ACCOUNTS = 10_000;

/**
 * The dashboard's usage reads, kept a few seconds per account: customers open dashboards together and reload them,
 * while their numbers only move when the usage writer commits a batch. The writer drops an account's entries as soon
 * as it has written rows of that account on this instance; rows another instance wrote show within
 * USAGE_READ_CACHE_MS. Concurrent identical reads share one query.
 */
@Injectable()
export class UsageReadCache {
  private readonly byAccount = new Map<string, Map<string, Entry>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    const ttl = this.config.USAGE_READ_CACHE_MS;
    if (ttl <= 0) return load();
    const now = Date.now();
    let entries = this.byAccount.get(userId);
    const hit = entries?.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (!entries) {
      if (this.byAccount.size >= MAX_ACCOUNTS) this.byAccount.delete(this.byAccount.keys().next().value as string);
      entries = new Map();
      this.byAccount.set(userId, entries);
    }
    const value = load();
    const entry = { value, expiresAt: now + ttl };
    entries.set(key, entry);
    // A failed read is not kept.
    value.catch(() => {
      if (this.byAccount.get(userId)?.get(key) === entry) this.byAccount.get(userId)!.delete(key);
    });
    return value;
  }

  /** Called by the writer after a batch with rows of these accounts committed. */
  invalidate(userIds: Iterable<string>): void {
    for (const id of userIds) this.byAccount.delete(id);
  }
}
