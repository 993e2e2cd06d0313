import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditTrail } from './audit-trail.js';

/** The audit log: its one command (AuditTrail). Global and free of imports, so every module that audits reaches it. */
@Global()
@Module({
  providers: [AuditLogRepository, AuditTrail],
  exports: [AuditTrail],
})
export class AuditModule {}
