import { DynamicModule, Global, Module } from '@nestjs/common';
import { JOBS_DATABASE_URL, JobQueue } from './job-queue.js';

/** The job engine (pg-boss on the product's PostgreSQL). Global: any feature defines its queues and sends jobs. */
@Global()
@Module({})
export class JobsModule {
  static register(databaseUrl: string): DynamicModule {
    return {
      module: JobsModule,
      providers: [{ provide: JOBS_DATABASE_URL, useValue: databaseUrl }, JobQueue],
      exports: [JobQueue],
    };
  }
}
