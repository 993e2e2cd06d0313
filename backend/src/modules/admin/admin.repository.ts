import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from '../accounts/user.entity.js';
import { AuditLogEntry } from '../audit/audit-log.entity.js';
import type { AuditAction, AuditTargetType } from '../audit/audit-log.entity.js';
import type { Row } from './admin-lists.repository.js';

export interface AuditEntryInput {
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ipAddress: string | null;
}

/**
 * The console's queries outside its lists (AdminListsRepository): one account, its row lock, and the audit row, after
 * immich's server/src/repositories, with no rule of the console's. One instance is one unit of work: `session()` gives a
 * fresh one, `transaction(work)` one bound to a transaction that commits when `work` resolves. `unitOfWork` is handed
 * to accounts', billing's, keys' and mail's commands that join the console's transaction.
 */
@Injectable()
export class AdminRepository {
  constructor(private readonly em: EntityManager) {}

  session(): AdminRepository {
    return new AdminRepository(this.em.fork());
  }

  transaction<T>(work: (tx: AdminRepository) => Promise<T>): Promise<T> {
    return this.em.fork().transactional((em) => work(new AdminRepository(em)));
  }

  /** The transaction (or fork) this instance runs in, for other modules' commands that join it. */
  get unitOfWork(): EntityManager {
    return this.em;
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

  async addAuditEntry(entry: AuditEntryInput): Promise<void> {
    this.em.create(AuditLogEntry, entry);
    await this.em.flush();
  }
}
