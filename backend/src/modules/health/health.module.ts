import { Module } from '@nestjs/common';
import { TzdbModule } from '../tzdb/tzdb.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({ imports: [TzdbModule], controllers: [HealthController], providers: [HealthService], exports: [HealthService] })
export class HealthModule {}
