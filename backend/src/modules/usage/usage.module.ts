import { Global, Module } from '@nestjs/common';
import { QuotaAlerts } from './quota-alerts.js';
import { RequestLogService } from './request-log.service.js';
import { RequestLogStore } from './request-log.store.js';
import { UsageReadCache } from './usage-read-cache.js';
import { UsageRetention } from './usage-retention.js';
import { UsageController } from './usage.controller.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageService } from './usage.service.js';
import { UsageStore } from './usage.store.js';
import { ZoneUsage } from './zone-usage.js';
import { UsageWindowStore } from './usage-window.store.js';
import { WindowCounter } from './window-counter.js';

/** The usage table (its writer, UsageRecorder, and the store), roll-ups and the customer's usage pages. Global: the gateway's metering hook and the MCP endpoint record here. */
@Global()
@Module({
  controllers: [UsageController],
  providers: [
    UsageStore,
    UsageWindowStore,
    WindowCounter,
    RequestLogStore,
    RequestLogService,
    UsageReadCache,
    ZoneUsage,
    UsageRecorder,
    UsageService,
    UsageRetention,
    QuotaAlerts,
  ],
  exports: [UsageRecorder, UsageService, QuotaAlerts, UsageStore, ZoneUsage],
})
export class UsageModule {}
