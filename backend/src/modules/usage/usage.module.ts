import { Global, Module } from '@nestjs/common';
import { PlanLimits } from '../keys/plan-limits.js';
import { QuotaAlerts } from './quota-alerts.js';
import { UsageReadCache } from './usage-read-cache.js';
import { UsageRetention } from './usage-retention.js';
import { UsageController } from './usage.controller.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageService } from './usage.service.js';
import { UsageStore } from './usage.store.js';

/** Metering, roll-ups and the customer's usage pages. Global: the key guard on every public route records here. */
@Global()
@Module({
  controllers: [UsageController],
  providers: [UsageStore, UsageReadCache, UsageRecorder, UsageService, UsageRetention, PlanLimits, QuotaAlerts],
  exports: [UsageRecorder, UsageService, PlanLimits, QuotaAlerts, UsageStore],
})
export class UsageModule {}
