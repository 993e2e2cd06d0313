import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { AuditLogEntry } from './audit-log.entity.js';
import type { AuditAction, AuditTargetType } from './audit-log.entity.js';

/** One audited action: who did what to which record, with the state before and after. */
export interface AuditEntry {
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ipAddress?: string | null;
}

/** The audit log's one write (audit_log is append-only), after immich's server/src/repositories. */
@Injectable()
export class AuditLogRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new AuditLogRepository(em) as this;
  }

  /** Adds the row and flushes this unit of work (with whatever else the caller changed in it). */
  async add(entry: AuditEntry): Promise<void> {
    this.em.create(AuditLogEntry, entry);
    await this.em.flush();
  }
}
