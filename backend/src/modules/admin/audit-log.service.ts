import { Injectable } from '@nestjs/common';
import type { User } from '../accounts/user.entity.js';
import { isUuid } from '../../common/http/uuid.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminListsRepository, iso } from './admin-lists.repository.js';
import type { Page, Row } from './admin-lists.repository.js';
import { AdminErrors } from './admin.errors.js';
import { AdminRepository } from './admin.repository.js';
import type { AuditAction, AuditTargetType } from '../audit/audit-log.entity.js';
import { AuditTrail } from '../audit/audit-trail.js';

export interface AuditLogView {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ipAddress: string | null;
  createdAt: string;
}

/** Who acts in the console, and from where (the audit row's actor). */
export interface Actor {
  user: User;
  ip: string | null;
}

const json = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? (JSON.parse(value) as Record<string, unknown>)
      : (value as Record<string, unknown>);

function auditView(r: Row): AuditLogView {
  return {
    id: r.id as string,
    actorId: (r.actor_id as string | null) ?? null,
    actorEmail: r.actor_email as string,
    action: r.action as AuditAction,
    targetType: r.target_type as AuditTargetType,
    targetId: r.target_id as string,
    before: json(r.before),
    after: json(r.after),
    ipAddress: (r.ip_address as string | null) ?? null,
    createdAt: iso(r.created_at),
  };
}

/** The console's audit log: every console action writes a row (in the action's transaction when it has one). */
@Injectable()
export class AuditLog {
  constructor(
    private readonly repository: AdminRepository,
    private readonly lists: AdminListsRepository,
    private readonly trail: AuditTrail,
  ) {}

  async list(query: ListQuery): Promise<Page<AuditLogView>> {
    const page = await this.lists.auditLog(query);
    return { ...page, rows: page.rows.map(auditView) };
  }

  async get(id: string): Promise<AuditLogView> {
    const row = isUuid(id) ? await this.lists.auditEntry(id) : undefined;
    if (!row) throw AdminErrors.recordNotFound('Audit log entry');
    return auditView(row);
  }

  async record(
    actor: Actor,
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    tx: AdminRepository = this.repository.fork(),
  ): Promise<void> {
    await this.trail.record(
      {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action,
        targetType,
        targetId,
        before,
        after,
        ipAddress: actor.ip?.slice(0, 64) ?? null,
      },
      tx.unitOfWork,
    );
  }
}
