import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from '../accounts/user.entity.js';
import { Session } from './session.entity.js';

/** The sessions table, after immich's server/src/repositories: queries only (SessionsService decides). */
@Injectable()
export class SessionsRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new SessionsRepository(em) as this;
  }

  /** Stores a new session of the account and flushes. */
  async create(fields: { tokenHash: string; userId: string; expiresAt: Date; ipAddress: string | null; userAgent: string | null }): Promise<Session> {
    const { userId, ...rest } = fields;
    const session = this.em.create(Session, { ...rest, user: this.em.getReference(User, userId) });
    await this.em.flush();
    return session;
  }

  /** The session with this token hash, with its account, or null. */
  findByTokenHash(tokenHash: string): Promise<Session | null> {
    return this.em.findOne(Session, { tokenHash }, { populate: ['user'] });
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    await this.em.nativeDelete(Session, { tokenHash });
  }

  async delete(id: string): Promise<void> {
    await this.em.nativeDelete(Session, { id });
  }

  /** The organisation the session acts on; null is the personal one. */
  async setOrg(id: string, orgId: string | null): Promise<void> {
    await this.em.nativeUpdate(Session, { id }, { orgId });
  }

  /** Every session of the person that acts on the organisation goes back to their personal one (a removal). */
  leaveOrg(userId: string, orgId: string): Promise<number> {
    return this.em.nativeUpdate(Session, { user: userId, orgId }, { orgId: null });
  }

  async touch(id: string, lastSeenAt: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { id }, { lastSeenAt });
  }

  /** Sets every live session of the account to expire now, keeping the rows; answers how many. */
  expireAllForUser(userId: string): Promise<number> {
    return this.em.nativeUpdate(Session, { user: userId, expiresAt: { $gt: new Date() } }, { expiresAt: new Date() });
  }

  /** Deletes every session of the account, but `exceptId` when given; answers how many. */
  deleteAllForUser(userId: string, exceptId?: string): Promise<number> {
    const where = exceptId ? { user: userId, id: { $ne: exceptId } } : { user: userId };
    return this.em.nativeDelete(Session, where);
  }
}
