import { DynamicModule, Global, Module } from '@nestjs/common';
import { JOBS_DATABASE_URL, JobQueue } from './job-queue.js';
import { JobsConsole } from './jobs-console.js';
import { JobsRepository } from './jobs.repository.js';

/**
 * The job engine (pg-boss on the product's PostgreSQL) and what the console's Jobs page reads of it. Global: any feature defines its
 * queues and sends jobs.
 */
@Global()
@Module({})
export class JobsModule {
  static register(databaseUrl: string): DynamicModule {
    return {
      module: JobsModule,
      providers: [{ provide: JOBS_DATABASE_URL, useValue: databaseUrl }, JobQueue, JobsRepository, JobsConsole],
      exports: [JobQueue, JobsConsole],
    };
  }
}
