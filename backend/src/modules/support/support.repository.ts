import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from '../accounts/user.entity.js';
import { SupportMessage } from './support-message.entity.js';
import type { SupportCategory } from './support-message.entity.js';

/** The support_messages table, after immich's server/src/repositories: queries only (SupportService decides). */
@Injectable()
export class SupportRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new SupportRepository(em) as this;
  }

  /** A closed account's messages, and those sent from its address, deleted (in the closure's transaction). */
  async eraseAccount(userId: string, address: string): Promise<void> {
    await this.em.execute(`delete from support_messages where user_id = ? or lower(email) = ?`, [userId, address]);
  }

  /** A new message, of the signed-in account when `userId` is given; inserted at the next flush. */
  create(fields: { name: string; email: string; category: SupportCategory; subject: string; message: string }, userId: string | null): SupportMessage {
    return this.em.create(SupportMessage, { ...fields, user: userId ? this.em.getReference(User, userId) : null });
  }
}
