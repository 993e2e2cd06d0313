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

  /** Turns off the account's live keys that `createdBy` made (all of them when null); answers their ids. */
  async deactivate(userId: string, createdBy: string | null): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update api_keys set is_active = false, updated_at = now() where user_id = ? and is_active${createdBy ? ' and created_by_id = ?' : ''} returning id`,
      createdBy ? [userId, createdBy] : [userId],
    );
    return rows.map((row) => row.id);
  }
}
