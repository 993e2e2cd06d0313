import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditTrail } from './audit-trail.js';
import { OrgAudit } from './org-audit.js';

/** The audit log: its one command (AuditTrail), and the organisations' own audit (OrgAudit). Global and free of imports, so every module that audits reaches it. */
@Global()
@Module({
  providers: [AuditLogRepository, AuditTrail, OrgAudit],
  exports: [AuditTrail, OrgAudit],
})
export class AuditModule {}
