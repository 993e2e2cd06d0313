import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { UsageCompaction } from './usage-compaction.repository.js';
import { UsageRecordsMove } from './usage-records-move.repository.js';
import { HOUR_MS } from './usage-batches.js';

/** Rows per step: one short transaction each, so the writer's flushes and the reads never wait long on it. */
const STEP_ROWS = 5000;
/** A run stops after this long and the next occurrence goes on: a large table is moved over several runs. */
const RUN_MS = 60_000;
/** Compaction looks at the hours that closed within this long (a run every five minutes; two days of the job down). */
const COMPACT_WITHIN_MS = 48 * HOUR_MS;

/**
 * The usage log's upkeep (issue 53), as a scheduled job one instance runs every five minutes (USAGE_MOVE_SCHEDULE): first
 * it moves the usage_records rows written before batches into usage_batches, in bounded steps, until the table is
 * empty (then a run is one indexed look-up); every read covers batches and the rows not moved yet, each in one
 * statement, so no count changes while it runs. Then it merges the small batches of quiet accounts' closed hours
 * (UsageCompaction), which keeps the request log's ids valid.
 */
@Injectable()
export class UsageRecordsMoveJob implements OnModuleInit {
  private readonly logger = new Logger('UsageRecordsMove');

  constructor(
    private readonly move: UsageRecordsMove,
    private readonly compaction: UsageCompaction,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      queue: 'usage-records-move',
      schedule: this.config.USAGE_MOVE_SCHEDULE === 'off' ? undefined : this.config.USAGE_MOVE_SCHEDULE,
      options: { retryLimit: 3, retryDelay: 60 },
      handle: async (_data, attempt) => {
        await this.run(attempt.signal);
      },
    });
  }

  /** Moves rows, then merges small batches, until none is left, the run's time is up or `signal` aborts; how many rows moved. */
  async run(signal?: AbortSignal, budgetMs = RUN_MS): Promise<number> {
    const until = Date.now() + budgetMs;
    let moved = 0;
    for (let step = await this.move.moveRecords(STEP_ROWS); step > 0; step = await this.move.moveRecords(STEP_ROWS)) {
      moved += step;
      if (signal?.aborted || Date.now() >= until) break;
    }
    if (moved) this.logger.log(`Moved ${moved} usage rows written before batches into batches`);
    if (signal?.aborted || Date.now() >= until) return moved;
    const before = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    const merged = await this.compaction.compact(before, new Date(before.getTime() - COMPACT_WITHIN_MS), { until, signal });
    if (merged) this.logger.log(`Merged ${merged} small usage batches of closed hours`);
    return moved;
  }
}
