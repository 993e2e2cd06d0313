import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BoundRepository } from '../../database/bound-repository.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { ORG_AUDIT_ACTIONS } from '@tzapi/shared/org-roles';
import type { OrgAuditAction } from '@tzapi/shared/org-roles';

/** The actions, one list with the Team page's (packages/shared). */
export { ORG_AUDIT_ACTIONS };
export type { OrgAuditAction };

export interface OrgAuditEntry {
  orgId: string;
  actorId: string | null;
  actorEmail: string;
  action: OrgAuditAction;
  targetType: 'api_key' | 'member' | 'invitation' | 'organisation' | 'webhook';
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface OrgAuditRow extends Required<OrgAuditEntry> {
  id: string;
  createdAt: Date;
}

export interface OrgAuditFilter {
  action?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

interface RawRow {
  id: string;
  org_id: string;
  actor_id: string | null;
  actor_email: string;
  action: OrgAuditAction;
  target_type: OrgAuditEntry['targetType'];
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
  total: string | number;
}

/**
 * The organisation audit's one writer and reader (append-only), after immich's server/src/repositories. Keys,
 * webhooks, billing and the organisation's own actions record here in their own transaction.
 */
@Injectable()
export class OrgAuditRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new OrgAuditRepository(em) as this;
  }

  /** Records `entry`; with `unitOfWork`, it commits (or rolls back) with the caller's change. */
  async record(entry: OrgAuditEntry, unitOfWork?: UnitOfWork): Promise<void> {
    const em = unitOfWork ?? this.em.fork();
    await em.execute(
      `insert into org_audit (id, org_id, actor_id, actor_email, action, target_type, target_id, before, after) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        randomUUID(),
        entry.orgId,
        entry.actorId,
        entry.actorEmail,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.before ? JSON.stringify(entry.before) : null,
        entry.after ? JSON.stringify(entry.after) : null,
      ],
    );
  }

  /** One page of the organisation's audit, newest first, and how many rows match. */
  async list(orgId: string, filter: OrgAuditFilter): Promise<{ items: OrgAuditRow[]; total: number }> {
    const where = ['org_id = ?'];
    const params: unknown[] = [orgId];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (filter.action) add('action = ?', filter.action);
    if (filter.actorId) add('actor_id = ?', filter.actorId);
    if (filter.from) add('created_at >= ?', filter.from);
    if (filter.to) add('created_at < ?', filter.to);
    const rows = await this.em.execute<RawRow[]>(
      `select *, count(*) over () as total from org_audit where ${where.join(' and ')} order by created_at desc, id desc limit ? offset ?`,
      [...params, filter.limit, filter.offset],
    );
    const total = rows.length > 0 ? Number(rows[0].total) : filter.offset > 0 ? await this.count(where, params) : 0;
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        orgId: row.org_id,
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before,
        after: row.after,
        createdAt: new Date(row.created_at),
      })),
    };
  }

  /** How many times the organisation recorded `action` since `since` (the invitation throttle counts sends). */
  async countSince(orgId: string, action: OrgAuditAction, since: Date): Promise<number> {
    const [{ n }] = await this.em.execute<{ n: string }[]>(`select count(*) as n from org_audit where org_id = ? and action = ? and created_at >= ?`, [
      orgId,
      action,
      since,
    ]);
    return Number(n);
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const [{ n }] = await this.em.execute<{ n: string }[]>(`select count(*) as n from org_audit where ${where.join(' and ')}`, params);
    return Number(n);
  }
}
