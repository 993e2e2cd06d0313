import { Injectable, Logger } from '@nestjs/common';
import { KeysService } from '../keys/keys.service.js';
import { isUuid } from '../../common/http/uuid.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminListsRepository, iso, isoOrNull } from './admin-lists.repository.js';
import type { Page, Row } from './admin-lists.repository.js';
import { AdminErrors } from './admin.errors.js';
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

  async rotate(actor: Actor, keyId: string): Promise<AdminApiKeyView> {
    const before = await this.get(keyId);
    await this.keys.rotateAny(keyId);
    const after = await this.get(keyId);
    await this.audit.record(
      actor,
      'api_key.rotate',
      'api_key',
      keyId,
      { keyPrefix: before.keyPrefix, userId: before.userId },
      { keyPrefix: after.keyPrefix, userId: after.userId },
    );
    this.logger.log(`API key ${keyId} rotated by ${actor.user.email}`);
    return after;
  }
}
