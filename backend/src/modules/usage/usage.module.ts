import { Global, Module } from '@nestjs/common';
import { usagePoolProvider } from '../../database/usage-pool.js';
import { QuotaAlerts } from './quota-alerts.js';
import { QuotaAlertsRepository } from './quota-alerts.repository.js';
import { RequestLogService } from './request-log.service.js';
import { RequestLogRepository } from './request-log.repository.js';
import { UsageBatchCounts } from './usage-batch-counts.repository.js';
import { UsageBatchRepository } from './usage-batch.repository.js';
import { UsageCompaction } from './usage-compaction.repository.js';
import { UsageRecordsMove } from './usage-records-move.repository.js';
import { UsageRecordsMoveJob } from './usage-records-move.job.js';
import { UsageReadCache } from './usage-read-cache.js';
import { UsageRetention } from './usage-retention.js';
import { UsageController } from './usage.controller.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageService } from './usage.service.js';
import { UsageRepository } from './usage.repository.js';
import { ZoneUsage } from './zone-usage.js';
import { ZoneUsageRepository } from './zone-usage.repository.js';
import { UsageWindowRepository } from './usage-window.repository.js';
import { WindowCounter } from './window-counter.js';

/** The usage table (its writer, UsageRecorder, and its repositories on the usage pool, USAGE_POOL), roll-ups and the customer's usage pages. Global: the gateway's metering hook and the MCP endpoint record here. */
@Global()
@Module({
  controllers: [UsageController],
  providers: [
    usagePoolProvider,
    UsageBatchRepository,
    UsageBatchCounts,
    UsageRecordsMove,
    UsageCompaction,
    UsageRepository,
    UsageWindowRepository,
    ZoneUsageRepository,
    QuotaAlertsRepository,
    WindowCounter,
    RequestLogRepository,
    RequestLogService,
    UsageReadCache,
    ZoneUsage,
    UsageRecorder,
    UsageService,
    UsageRetention,
    UsageRecordsMoveJob,
    QuotaAlerts,
  ],
  exports: [UsageRecorder, UsageService, QuotaAlerts, UsageRepository, ZoneUsage],
})
export class UsageModule {}
