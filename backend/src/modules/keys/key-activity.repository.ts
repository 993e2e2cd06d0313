import { Injectable } from '@nestjs/common';
import type { UsageTransaction } from '../../database/usage-pool.js';

/** The keys' use in SQL (api_keys.last_used_at), after immich's server/src/repositories: no rule of keys'. */
@Injectable()
export class KeyActivityRepository {
  /** In `tx`: each key's last_used_at moves to the given time (epoch ms) when that is later, never back. */
  async markUsed(tx: UsageTransaction, keyIds: string[], times: number[]): Promise<void> {
    await tx.query(
      `update api_keys k set last_used_at = greatest(coalesce(k.last_used_at, v.t), v.t)
       from (select id, to_timestamp(ms / 1000.0) as t from unnest($1::uuid[], $2::float8[]) as u(id, ms)) as v where k.id = v.id`,
      [keyIds, times],
    );
  }
}
