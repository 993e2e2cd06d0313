import { Module } from '@nestjs/common';
import { SupportModule } from '../support/support.module.js';
import { AccountClosureRepository } from './account-closure.repository.js';
import { AccountClosureService } from './account-closure.service.js';
import { AccountPreferences } from './account-preferences.service.js';
import { DataExportRepository } from './data-export.repository.js';
import { DataExportService } from './data-export.service.js';
import { SelfServiceController } from './self-service.controller.js';

/**
 * Customer self-service on the account (/api/me/…): closing it, the data export, alert preferences. A feature on top:
 * it asks auth (the identity check, the throttle: AccountGuardsModule), billing (AccountBilling, through BillingModule)
 * and accounts (AccountChanges), all global; none of them imports it.
 */
@Module({
  // The closure erases the account's support messages through support's repository, in its own transaction.
  imports: [SupportModule],
  controllers: [SelfServiceController],
  providers: [AccountClosureService, AccountClosureRepository, AccountPreferences, DataExportService, DataExportRepository],
})
export class SelfServiceModule {}
