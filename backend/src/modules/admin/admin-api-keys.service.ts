import { Injectable, Logger } from '@nestjs/common';
import { KeysService } from '../keys/keys.service.js';
import { CustomerNotices } from './customer-notices.js';
import { isUuid } from '../../common/http/uuid.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminListsRepository, iso, isoOrNull } from './admin-lists.repository.js';
import type { Page, Row } from './admin-lists.repository.js';
import { AdminErrors } from './admin.errors.js';
import { AdminRepository } from './admin.repository.js';
import { AdminUsers } from './admin-users.service.js';
import { AuditLog } from './audit-log.service.js';
import type { Actor } from './audit-log.service.js';

export interface AdminApiKeyView {
  id: string;
  name: string;
  keyPrefix: string;
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  userId: string | null;
  userEmail: string | null;
}

function keyView(r: Row): AdminApiKeyView {
  return {
    id: r.id as string,
    name: r.name as string,
    keyPrefix: r.prefix as string,
    isActive: r.is_active as boolean,
    createdAt: iso(r.created_at),
    lastUsedAt: isoOrNull(r.last_used_at),
    userId: (r.user_id as string | null) ?? null,
    userEmail: (r.user_email as string | null) ?? null,
  };
}

/** The console's API keys: the list, one key, and a rotation (through keys/, audited). */
@Injectable()
export class AdminApiKeys {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly lists: AdminListsRepository,
    private readonly keys: KeysService,
    private readonly audit: AuditLog,
    private readonly repository: AdminRepository,
    private readonly notices: CustomerNotices,
  ) {}

  async list(query: ListQuery): Promise<Page<AdminApiKeyView>> {
    const page = await this.lists.apiKeys(query);
    return { ...page, rows: page.rows.map(keyView) };
  }

  async get(id: string): Promise<AdminApiKeyView> {
    const row = isUuid(id) ? await this.lists.apiKey(id) : undefined;
    if (!row) throw AdminErrors.keyNotFound();
    return keyView(row);
  }

  /** The new secret, its audit row and the owner's notice commit together; then every instance drops the old key. */
  async rotate(actor: Actor, keyId: string): Promise<AdminApiKeyView> {
    const before = await this.get(keyId);
    await this.repository.transaction(async (tx) => {
      // A closed account's keys were deleted with it; the lock keeps a closure from running under a rotation.
      if (before.userId) await AdminUsers.lockOpenAccount(tx, before.userId);
      const { apiKey } = await this.keys.rotateAny(keyId, tx.unitOfWork);
      const after = { keyPrefix: apiKey.prefix, userId: before.userId };
      await this.audit.record(actor, 'api_key.rotate', 'api_key', keyId, { keyPrefix: before.keyPrefix, userId: before.userId }, after, tx);
      const owner = before.userId ? await tx.user(before.userId) : null;
      if (owner) await this.notices.changed(owner, { kind: 'key_rotated', keyPrefix: before.keyPrefix }, tx);
    });
    await this.keys.keyRotated(keyId);
    this.logger.log(`API key ${keyId} rotated by ${actor.user.email}`);
    return this.get(keyId);
  }
}
