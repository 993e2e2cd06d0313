import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { MetricsRepository } from './metrics.repository.js';
import { MetricsService } from './metrics.service.js';

@Module({
  imports: [UsageModule, KeysModule],
  providers: [MetricsService, MetricsRepository],
  exports: [MetricsService],
})
export class MetricsModule {}
