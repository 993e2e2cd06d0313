import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { KeysModule } from '../keys/keys.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

/** The super-admin API behind the react-admin console (/admin). */
@Module({
  imports: [KeysModule, BillingModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
