import { EntityManager } from '@mikro-orm/postgresql';
import type { RequiredEntityData } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { AuditLogEntry } from '../audit/audit-log.entity.js';

/**
 * The SQL of an account's closure, after immich's server/src/repositories: the erasure across the tables an account
 * owns rows in, and the IP addresses on its usage rows. No rule of the closure's (AccountClosureService decides what
 * and when); `erase` and `audit` run in the transaction `transaction(fn)` hands the service.
 */
@Injectable()
export class AccountClosureRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new AccountClosureRepository(em) as this;
  }

  /**
   * Locks the account, deletes its keys (answers their ids), replaces its personal data by `tombstone` and
   * removes its sessions, devices, codes, tokens, exports, alerts and support messages (also those sent from `address`).
   */
  async erase(userId: string, tombstone: string, address: string, closedAt: Date): Promise<string[]> {
    const tx = this.em;
    const run = (sql: string, params: unknown[]) => tx.execute(sql, params);
    await run(`select id from users where id = ? for update`, [userId]);
    const revoked = await tx.execute<{ id: string }[]>(`delete from api_keys where user_id = ? returning id`, [userId]);
    await run(
      `update users set email = ?, first_name = '', last_name = '', password_hash = null, email_verified = false, profile_image_url = null,
         oidc_subject = null, totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_step = null,
         quota_alerts = false, closed_at = ?, updated_at = now() where id = ?`,
      [tombstone, closedAt, userId],
    );
    await run(`delete from sessions where user_id = ?`, [userId]);
    await run(`delete from trusted_devices where user_id = ?`, [userId]);
    await run(`delete from recovery_codes where user_id = ?`, [userId]);
    await run(`delete from auth_tokens where user_id = ?`, [userId]);
    await run(`delete from data_exports where user_id = ?`, [userId]);
    await run(`delete from quota_alerts where user_id = ?`, [userId]);
    await run(`delete from support_messages where user_id = ? or lower(email) = ?`, [userId, address]);
    return revoked.map((r) => r.id);
  }

  /** The console's audit row of the closure, inserted at the next flush. */
  audit(entry: RequiredEntityData<AuditLogEntry>): void {
    this.em.create(AuditLogEntry, entry);
  }

  /** Clears the IP address and the logged query parameters (an `ip`, coordinates) of every usage row of the account. */
  async eraseIpAddresses(userId: string): Promise<void> {
    await this.em
      .fork()
      .execute(`update usage_records set ip_address = null, query = null where user_id = ? and (ip_address is not null or query is not null)`, [userId]);
  }
}
