import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { USAGE_REWRITE_LOCK } from '../../database/advisory-locks.js';
import { BoundRepository } from '../../database/bound-repository.js';

/**
 * The SQL of an account's closure, after immich's server/src/repositories: the erasure across the tables an account
 * owns rows in, and the IP addresses on its usage rows. No rule of the closure's (AccountClosureService decides what
 * and when); `deleteExportsAndAlerts` runs in the transaction `transaction(fn)` hands the service.
 */
@Injectable()
export class AccountClosureRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new AccountClosureRepository(em) as this;
  }

  /** Deletes the account's exports and its quota alerts' state (quota_alerts is usage's table, written here as before). */
  async deleteExportsAndAlerts(userId: string): Promise<void> {
    await this.em.execute(`delete from data_exports where user_id = ?`, [userId]);
    await this.em.execute(`delete from quota_alerts where user_id = ?`, [userId]);
  }

  /**
   * Clears the IP addresses and the logged query parameters (an `ip`, coordinates) of every usage event of the account:
   * the usage_records rows not moved into batches yet and the batches' arrays (set to nulls, so positions still match),
   * in one statement, under the usage log's rewrite lock: a move or a compaction committing meanwhile would otherwise
   * write a batch the statement's snapshot does not see, with the addresses in it.
   */
  async eraseIpAddresses(userId: string): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(?)`, [USAGE_REWRITE_LOCK]);
      await tx.execute(
        `with records as (
           update usage_records set ip_address = null, query = null where user_id = ? and (ip_address is not null or query is not null) returning 1
         )
         update usage_batches set ips = array_fill(null::text, array[cardinality(ips)]), queries = array_fill(null::text, array[cardinality(queries)])
         where user_id = ? and (array_remove(ips, null) <> '{}' or array_remove(queries, null) <> '{}')`,
        [userId, userId],
      );
    });
  }
}
