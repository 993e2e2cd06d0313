import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditTrail } from './audit-trail.js';
import { OrgAuditRepository } from './org-audit.repository.js';

/**
 * The audit log: its one command (AuditTrail), and the organisations' own audit (OrgAuditRepository). Global and free
 * of imports, so every module that audits reaches it.
 */
@Global()
@Module({
  providers: [AuditLogRepository, AuditTrail, OrgAuditRepository],
  exports: [AuditTrail, OrgAuditRepository],
})
export class AuditModule {}
