import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLogRepository } from './audit-log.repository.js';
import type { AuditEntry } from './audit-log.repository.js';

export type { AuditEntry } from './audit-log.repository.js';

/**
 * The audit log's published command, the only writer of audit_log: the console, the jobs console and an account's
 * closure record their actions here, in their own transaction when they pass its unit of work.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly repository: AuditLogRepository) {}

  /** Records `entry`; with `unitOfWork`, it commits (or rolls back) with the caller's change. */
  async record(entry: AuditEntry, unitOfWork?: UnitOfWork): Promise<void> {
    await (unitOfWork ? this.repository.joining(unitOfWork) : this.repository.fork()).add(entry);
  }
}
