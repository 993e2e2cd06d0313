import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { UsageStore } from './usage.store.js';

/** Keeps monthly partitions ready ahead of time and drops months past USAGE_RETENTION_MONTHS (privacy policy: 12). */
@Injectable()
export class UsageRetention implements OnApplicationBootstrap {
  private readonly logger = new Logger('UsageRetention');

  constructor(
    private readonly store: UsageStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
  }

  @Cron('17 3 * * *', { name: 'usage-retention', timeZone: 'UTC' })
  async run(): Promise<void> {
    try {
      await this.store.ensurePartitions(0, 2);
      const dropped = await this.store.dropExpired(this.config.USAGE_RETENTION_MONTHS);
      if (dropped.length) this.logger.log(`Dropped usage partitions past retention: ${dropped.join(', ')}`);
    } catch (err) {
      this.logger.warn(`Usage partition maintenance failed: ${(err as Error).message}`);
    }
  }
}
