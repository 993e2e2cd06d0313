import { Injectable } from '@nestjs/common';
import type { UsageTransaction } from '../../database/usage-pool.js';
import { KeyActivityRepository } from './key-activity.repository.js';

/**
 * Keys' published command on their use: the usage writer notes each batch's keys in the transaction that writes the
 * batch, so a key's "last used" never runs ahead of its written rows. Keys stay the only writer of api_keys.
 */
@Injectable()
export class KeyActivity {
  constructor(private readonly repository: KeyActivityRepository) {}

  /** Each key's newest use among `uses` (epoch ms), written in `tx`: one statement, the keys in id order (lock order). */
  async noteUsed(uses: Iterable<{ keyId: string; timestamp: number }>, tx: UsageTransaction): Promise<void> {
    const newest = new Map<string, number>();
    for (const { keyId, timestamp } of uses) {
      const seen = newest.get(keyId);
      if (seen === undefined || seen < timestamp) newest.set(keyId, timestamp);
    }
    const keys = [...newest.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    await this.repository.markUsed(
      tx,
      keys.map(([id]) => id),
      keys.map(([, t]) => t),
    );
  }
}
