import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from '../accounts/user.entity.js';
import { AuthToken } from './auth-token.entity.js';
import type { AuthTokenPurpose } from './auth-token.entity.js';
import { RecoveryCode } from './recovery-code.entity.js';
import { TrustedDevice } from './trusted-device.entity.js';

/**
 * Every query on auth's own tables (auth_tokens, recovery_codes, trusted_devices), after immich's
 * server/src/repositories: the single-statement checks in SQL (a token or a code used at most once, even by two
 * requests at the same time) and the entity reads and writes; no rule of auth's. Sessions have SessionsRepository.
 */
@Injectable()
export class AuthRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new AuthRepository(em) as this;
  }

  /** Stores a reset token for `email` only when it has an unblocked account (same statement either way); in a transaction. */
  async storeResetToken(tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void> {
    await this.em.execute(
      `insert into "auth_tokens" ("id", "token_hash", "user_id", "purpose", "email", "expires_at", "created_at")
       select ?, ?, "id", 'reset_password', "email", ?, ? from "users" where "email" = ? and not "is_blocked"`,
      [randomUUID(), tokenHash, expiresAt, now, email],
    );
  }

  /** The address of an unused reset token, or null. */
  async unusedResetTokenEmail(tokenHash: string): Promise<string | null> {
    const [stored] = await this.em
      .fork()
      .execute<{ email: string }[]>(`select "email" from "auth_tokens" where "token_hash" = ? and "purpose" = 'reset_password' and "used_at" is null`, [
        tokenHash,
      ]);
    return stored?.email ?? null;
  }

  /** Marks a live token used; answers its owner, or null when it is unknown, used or expired. */
  async consumeToken(tokenHash: string, purpose: AuthTokenPurpose): Promise<{ userId: string; email: string | null } | null> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ user_id: string; email: string | null }[]>(
        `update "auth_tokens" set "used_at" = now() where "token_hash" = ? and "purpose" = ? and "used_at" is null and "expires_at" > now() returning "user_id", "email"`,
        [tokenHash, purpose],
      );
    const row = rows[0];
    return row ? { userId: row.user_id, email: row.email } : null;
  }

  /** Uses an unused recovery code of the account; false when there is none with this hash. */
  async consumeRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute(`update "recovery_codes" set "used_at" = now() where "user_id" = ? and "code_hash" = ? and "used_at" is null returning "id"`, [
        userId,
        codeHash,
      ]);
    return rows.length > 0;
  }

  /** Stores a token of the account and flushes (in the unit of work this repository is bound to). */
  async createToken(token: { tokenHash: string; userId: string; purpose: AuthTokenPurpose; email: string; expiresAt: Date }): Promise<void> {
    const { userId, ...fields } = token;
    this.em.create(AuthToken, { ...fields, user: this.em.getReference(User, userId) });
    await this.em.flush();
  }

  /** Whether a reset token with this hash is unused and unexpired. */
  async isLiveResetToken(tokenHash: string): Promise<boolean> {
    const row = await this.em.findOne(AuthToken, { tokenHash, purpose: 'reset_password', usedAt: null, expiresAt: { $gt: new Date() } });
    return row !== null;
  }

  /** Marks the account's unused tokens of `purpose` used, except those issued for `exceptEmail` when given. */
  async useUpTokens(userId: string, purpose: AuthTokenPurpose, exceptEmail?: string): Promise<void> {
    const where = exceptEmail === undefined ? { user: userId, purpose, usedAt: null } : { user: userId, purpose, usedAt: null, email: { $ne: exceptEmail } };
    await this.em.nativeUpdate(AuthToken, where, { usedAt: new Date() });
  }

  /** A closed account's devices, recovery codes and tokens, deleted (in SQL, in the closure's transaction). */
  async eraseAccount(userId: string): Promise<void> {
    await this.em.execute(`delete from trusted_devices where user_id = ?`, [userId]);
    await this.em.execute(`delete from recovery_codes where user_id = ?`, [userId]);
    await this.em.execute(`delete from auth_tokens where user_id = ?`, [userId]);
  }

  /** Replaces the account's recovery codes by these hashes. */
  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.em.nativeDelete(RecoveryCode, { user: userId });
    for (const codeHash of codeHashes) this.em.create(RecoveryCode, { user: this.em.getReference(User, userId), codeHash });
    await this.em.flush();
  }

  async deleteRecoveryCodes(userId: string): Promise<void> {
    await this.em.nativeDelete(RecoveryCode, { user: userId });
  }

  async countUnusedRecoveryCodes(userId: string): Promise<number> {
    return this.em.count(RecoveryCode, { user: userId, usedAt: null });
  }

  /** The unexpired trusted device with this token hash, with its account, or null. */
  findLiveDevice(tokenHash: string): Promise<TrustedDevice | null> {
    return this.em.findOne(TrustedDevice, { tokenHash, expiresAt: { $gt: new Date() } }, { populate: ['user'] });
  }

  /** Extends the account's device with this token hash; false when the account has none such. */
  async renewDevice(tokenHash: string, userId: string, expiresAt: Date): Promise<boolean> {
    return (await this.em.nativeUpdate(TrustedDevice, { tokenHash, user: userId }, { lastUsedAt: new Date(), expiresAt })) > 0;
  }

  async createDevice(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
    this.em.create(TrustedDevice, { tokenHash, user: this.em.getReference(User, userId), expiresAt });
    await this.em.flush();
  }

  async deleteDevice(tokenHash: string): Promise<void> {
    await this.em.nativeDelete(TrustedDevice, { tokenHash });
  }

  async deleteExpiredDevices(userId: string): Promise<void> {
    await this.em.nativeDelete(TrustedDevice, { user: userId, expiresAt: { $lte: new Date() } });
  }
}
