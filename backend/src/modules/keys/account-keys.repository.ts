import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';

/** The keys of one account as a whole (their erasure), after immich's server/src/repositories. */
@Injectable()
export class AccountKeysRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new AccountKeysRepository(em) as this;
  }

  /** Deletes every key of the account; answers their ids. */
  async deleteAllOf(userId: string): Promise<string[]> {
    const deleted = await this.em.execute<{ id: string }[]>(`delete from api_keys where user_id = ? returning id`, [userId]);
    return deleted.map((row) => row.id);
  }
}
