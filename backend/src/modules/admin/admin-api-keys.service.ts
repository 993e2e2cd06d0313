import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { User } from '../accounts/user.entity.js';
import { KeysService } from '../keys/keys.service.js';
import { CustomerNotices } from './customer-notices.js';
import { isUuid } from '../../common/http/uuid.js';
import { escapeLike } from './admin-list-query.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminPages, iso, isoOrNull } from './admin-pages.js';
import type { Page, Row } from './admin-pages.js';
import { API_KEYS } from './admin-resources.js';
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
    private readonly pages: AdminPages,
    private readonly keys: KeysService,
    private readonly audit: AuditLog,
    private readonly em: EntityManager,
    private readonly notices: CustomerNotices,
  ) {}

  async list(query: ListQuery): Promise<Page<AdminApiKeyView>> {
    const where = this.pages.filterClauses(API_KEYS, 'k', { isActive: 'k.is_active', userId: 'k.user_id' }, query);
    if (query.q) {
      const byName = await this.pages.textMatch(['k.name'], query.q, where);
      where.params.push(`${escapeLike(query.q)}%`, `${escapeLike(query.q.toLowerCase())}%`);
      // `= any(array(...))` is an init plan, so each branch of the OR can use its own index (bitmap OR).
      where.clauses.push(`(${byName} or k.prefix like ? or k.user_id = any(array(select id from users where email like ? limit 1000)))`);
    }
    const select = `k.id, k.name, k.prefix, k.is_active, k.created_at, k.last_used_at, k.user_id`;
    const page = await this.pages.page(API_KEYS, 'api_keys k', where, select, 'k.id', query, (r) => r);
    // Owners are looked up for the page only: in the page query, OFFSET rows would be projected too.
    const ownerIds = [...new Set(page.rows.map((r) => r.user_id as string))];
    const owners = ownerIds.length ? await this.pages.sql<{ id: string; email: string }>(`select id, email from users where id in (?)`, [ownerIds]) : [];
    const emails = new Map(owners.map((o) => [o.id, o.email]));
    return { ...page, rows: page.rows.map((r) => keyView({ ...r, user_email: emails.get(r.user_id as string) ?? null })) };
  }

  async get(id: string): Promise<AdminApiKeyView> {
    const [row] = isUuid(id)
      ? await this.pages.sql(
          `select k.id, k.name, k.prefix, k.is_active, k.created_at, k.last_used_at, k.user_id, u.email as user_email
           from api_keys k left join users u on u.id = k.user_id where k.id = ?`,
          [id],
        )
      : [];
    if (!row) throw AdminErrors.keyNotFound();
    return keyView(row);
  }

  /** The new secret, its audit row and the owner's notice commit together; then every instance drops the old key. */
  async rotate(actor: Actor, keyId: string): Promise<AdminApiKeyView> {
    const before = await this.get(keyId);
    await this.em.fork().transactional(async (tx) => {
      const { apiKey } = await this.keys.rotateAny(keyId, tx);
      const after = { keyPrefix: apiKey.prefix, userId: before.userId };
      await this.audit.record(actor, 'api_key.rotate', 'api_key', keyId, { keyPrefix: before.keyPrefix, userId: before.userId }, after, tx);
      const owner = before.userId ? await tx.findOne(User, { id: before.userId }) : null;
      if (owner) await this.notices.changed(owner, { kind: 'key_rotated', keyPrefix: before.keyPrefix }, tx);
    });
    await this.keys.keyRotated(keyId);
    this.logger.log(`API key ${keyId} rotated by ${actor.user.email}`);
    return this.get(keyId);
  }
}
