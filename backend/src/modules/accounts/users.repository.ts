import { LockMode } from '@mikro-orm/core';
import type { EventSubscriber, RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from './user.entity.js';

export type { UnitOfWork } from '../../database/unit-of-work.js';

/**
 * Every query on the users table, after immich's server/src/repositories: accounts owns the table, and the features
 * that keep their own columns on it (auth's credentials and second factor, self-service's preferences) read and write
 * them through this repository. No rule of anyone's: the callers decide; AccountCommands stays the only writer of
 * plan, role, block, limits and verification.
 */
@Injectable()
export class UsersRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new UsersRepository(em) as this;
  }

  /** Hears every flush and transaction of the app's units of work (forks share the root's event manager). */
  subscribe(subscriber: EventSubscriber<User>): void {
    this.em.getEventManager().registerSubscriber(subscriber);
  }

  /** The account, read again from the database and locked until the transaction ends. */
  lockForChange(id: string): Promise<User | null> {
    return this.em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByIdOrFail(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id });
  }

  /** The account read again from the database (what another unit of work committed since). */
  reload(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { refresh: true });
  }

  /** The person with this address: an organisation's reserved address is nobody's, so it never signs in or gets a reset. */
  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email, kind: 'person' });
  }

  findByOidcSubject(subject: string): Promise<User | null> {
    return this.em.findOne(User, { oidcSubject: subject });
  }

  /** The first super admin created, or null. */
  firstSuperAdmin(): Promise<User | null> {
    return this.em.findOne(User, { role: 'super_admin' }, { orderBy: { createdAt: 'asc' } });
  }

  /** The super admins whose accounts are open, their e-mail address only (the feed's refusal alert). */
  openSuperAdmins(): Promise<Pick<User, 'email'>[]> {
    return this.em.find(User, { role: 'super_admin', closedAt: null }, { fields: ['email'] });
  }

  /** A new account, inserted at the next flush. */
  create(data: RequiredEntityData<User>): User {
    return this.em.create(User, data);
  }

  /** A reference to an account by id, for another entity's relation (no query). */
  reference(id: string): User {
    return this.em.getReference(User, id);
  }

  /** Forgets every entity loaded in this unit of work (after a failed flush). */
  clear(): void {
    this.em.clear();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.em.nativeUpdate(User, { id }, { passwordHash, updatedAt: new Date() });
  }

  /** Auth's replay check, one statement: stores `step` as the account's last accepted TOTP step if it is later than the stored one; false otherwise. */
  async claimTotpStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute(`update "users" set "totp_last_step" = ? where "id" = ? and ("totp_last_step" is null or "totp_last_step" < ?) returning "id"`, [
        step,
        userId,
        step,
      ]);
    return rows.length > 0;
  }

  /** Records the billing provider's customer of an account that has none yet (a concurrent first one wins). */
  async setBillingCustomerIfMissing(id: string, customerId: string): Promise<void> {
    await this.em.execute('update "users" set "stripe_customer_id" = ? where "id" = ? and "stripe_customer_id" is null', [customerId, id]);
  }

  /** Notes the account's first visit to the Usage page; a later visit keeps the first time. */
  async markUsageSeen(id: string): Promise<void> {
    await this.em.execute(`update users set usage_seen_at = now() where id = ? and usage_seen_at is null`, [id]);
  }

  /** Locks the account's row until the transaction ends (no entity loaded). */
  async lockRow(id: string): Promise<void> {
    await this.em.execute(`select id from users where id = ? for update`, [id]);
  }

  /** A closed account: its personal data replaced by `tombstone`, its credentials and second factor gone (in SQL: no entity announced). */
  async eraseProfile(id: string, tombstone: string, closedAt: Date): Promise<void> {
    await this.em.execute(
      `update users set email = ?, first_name = '', last_name = '', password_hash = null, email_verified = false, profile_image_url = null,
         oidc_subject = null, totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_step = null,
         quota_alerts = false, closed_at = ?, updated_at = now() where id = ?`,
      [tombstone, closedAt, id],
    );
  }

  /** Two-factor sign-in off: the secret, a pending one and the last accepted step go. */
  async clearTotp(id: string): Promise<void> {
    await this.em.nativeUpdate(User, { id }, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null });
  }
}
