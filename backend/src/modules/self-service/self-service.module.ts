import { Module } from '@nestjs/common';
import { AccountClosureService } from './account-closure.service.js';
import { AccountPreferences } from './account-preferences.service.js';
import { DataExportService } from './data-export.service.js';
import { SelfServiceController } from './self-service.controller.js';

/**
 * Customer self-service on the account (/api/me/…): closing it, the data export, alert preferences. A feature on top:
 * it asks auth (the identity check, the throttle: AccountGuardsModule), billing (AccountBilling, through BillingModule)
 * and accounts (AccountChanges), all global; none of them imports it.
 */
@Module({
  controllers: [SelfServiceController],
  providers: [AccountClosureService, AccountPreferences, DataExportService],
})
export class SelfServiceModule {}
