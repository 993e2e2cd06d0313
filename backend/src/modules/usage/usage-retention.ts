import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { UsageRepository } from './usage.repository.js';

/**
 * Keeps monthly partitions ready ahead of time and drops months past USAGE_RETENTION_MONTHS (privacy policy: 12): at
 * start (partitions must exist before rows are written) and daily as a scheduled job, which one instance runs.
 */
@Injectable()
export class UsageRetention implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('UsageRetention');

  constructor(
    private readonly store: UsageRepository,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ queue: 'usage-retention', schedule: '17 3 * * *', options: { retryLimit: 5, retryDelay: 300 }, handle: () => this.maintain() });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
  }

  /** The scheduled job: a failure is retried by the engine and shown in the console. */
  private async maintain(): Promise<void> {
    await this.store.ensurePartitions(0, 2);
    const dropped = await this.store.dropExpired(this.config.USAGE_RETENTION_MONTHS);
    if (dropped.length) this.logger.log(`Dropped usage partitions past retention: ${dropped.join(', ')}`);
  }

  async run(): Promise<void> {
    try {
      await this.maintain();
    } catch (err) {
      this.logger.warn(`Usage partition maintenance failed: ${(err as Error).message}`);
    }
  }
}
