import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from '../accounts/user.entity.js';
import type { Row } from './admin-lists.repository.js';

/**
 * The console's queries outside its lists (AdminListsRepository): one account, its row lock, and the audit row, after
 * immich's server/src/repositories, with no rule of the console's. One instance is one unit of work (BoundRepository: `fork()`,
 * `transaction(work)`); `unitOfWork` is handed to accounts', billing's, keys' and mail's commands that join the console's transaction.
 */
@Injectable()
export class AdminRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new AdminRepository(em) as this;
  }

  user(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /** The account as it is now in the database (past this unit of work's identity map). */
  freshUser(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { refresh: true });
  }

  /** The account, locked (FOR UPDATE) until the transaction ends; null when there is none. */
  lockUser(id: string): Promise<User | null> {
    return this.em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** Rows of `select * from users` as entities, so the one mapper (toUserView) reads them. */
  usersFromRows(rows: Row[]): User[] {
    return rows.map((row) => this.em.map(User, row));
  }
}
