import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { AccountClosureService } from './account-closure.service.js';
import { AccountPreferences } from './account-preferences.service.js';
import { AccountsController } from './accounts.controller.js';
import { DataExportService } from './data-export.service.js';

/** Customer self-service on the account: closing it, the data export, alert preferences. */
@Module({
  imports: [AuthModule, BillingModule],
  controllers: [AccountsController],
  providers: [AccountClosureService, AccountPreferences, DataExportService],
})
export class AccountsModule {}
