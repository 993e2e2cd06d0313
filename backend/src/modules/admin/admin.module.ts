import { Module } from '@nestjs/common';
import { AdminApiKeys } from './admin-api-keys.service.js';
import { AdminListsRepository } from './admin-lists.repository.js';
import { AdminStatsService } from './admin-stats.service.js';
import { AdminSupportMessages } from './admin-support-messages.service.js';
import { AdminUsers } from './admin-users.service.js';
import { AdminController } from './admin.controller.js';
import { AdminRepository } from './admin.repository.js';
import { AuditLog } from './audit-log.service.js';
import { CustomerNotices } from './customer-notices.js';
import { JobsAdminController } from './jobs-admin.controller.js';

/**
 * The super-admin API behind the react-admin console (/admin): one file per resource (users, API keys, support
 * messages, audit log, totals, jobs). User changes go through accounts' commands (AccountStateModule, global); key rotation
 * through keys (KeysModule, global); each change to a customer's account is mailed to them (CustomerNotices).
 */
@Module({
  controllers: [AdminController, JobsAdminController],
  providers: [AdminListsRepository, AdminRepository, AdminUsers, AdminApiKeys, AdminSupportMessages, AuditLog, AdminStatsService, CustomerNotices],
})
export class AdminModule {}
