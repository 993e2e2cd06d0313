import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthTokenPurpose } from './auth-token.entity.js';

/**
 * Auth's single-statement checks in SQL (a token or a code used at most once, even by two requests at the same
 * time), after immich's server/src/repositories: each method one statement and no rule of auth's.
 */
@Injectable()
export class AuthRepository {
  constructor(private readonly em: EntityManager) {}

  /** In `tx`: stores a reset token for `email` only when it has an unblocked account (same statement either way). */
  async storeResetToken(tx: EntityManager, tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void> {
    await tx.execute(
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

  /** Stores `step` as the account's last accepted TOTP step if it is later than the stored one; false otherwise. */
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
}
