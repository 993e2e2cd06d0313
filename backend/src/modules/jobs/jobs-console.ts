import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import type { User } from '../accounts/user.entity.js';
import { JobQueue } from './job-queue.js';
import { JobsErrors } from './jobs.errors.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { JobsRepository } from './jobs.repository.js';
import type { JobRow, JobState } from './jobs.repository.js';

export { JOB_STATES } from './jobs.repository.js';
export type { JobState } from './jobs.repository.js';

export interface QueueCounts {
  /** The queue's name (react-admin's record id). */
  id: string;
  queue: string;
  created: number;
  retry: number;
  active: number;
  completed: number;
  cancelled: number;
  failed: number;
  /** Seconds the oldest unfinished job has waited (a retry since it was queued, a new job since due); null when none waits. */
  oldestWaitingSeconds: number | null;
  /** The engine's own housekeeping (a scheduled queue): hidden from the console's default view. */
  internal: boolean;
}

export interface JobView {
  id: string;
  queue: string;
  state: JobState;
  /** Attempts made so far (a job not yet started has made none). */
  attempts: number;
  /** Attempts it may make in all (a webhook is retried for 72 hours, so this is large: the console shows attempts made). */
  maxAttempts: number;
  /** When it is tried next (waiting for a retry, or deferred); null when it is not waiting. */
  nextAttemptAt: string | null;
  /** The last attempt's error message, when it failed. */
  lastError: string | null;
  /** What the queue lets the console show of the job (a mail: to and subject); never a body. */
  summary: Record<string, string>;
  createdAt: string;
  startAfter: string;
  startedAt: string | null;
  completedAt: string | null;
}

export interface JobListQuery {
  queue?: string;
  state?: JobState;
  /** Failed jobs and those waiting for a retry. */
  attention?: boolean;
  /** Include the engine's own housekeeping queues (left out unless asked, or named by `queue`). */
  internal?: boolean;
  customer?: string;
  event?: string;
  offset: number;
  limit: number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * What the console reads and does with the job engine's queue: counts per queue and state, the jobs of a queue (a
 * failed one with its last error), and an operator's retry or discard, each audited. Reads pg-boss's own table.
 */
@Injectable()
export class JobsConsole {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repository: JobsRepository,
    private readonly trail: AuditTrail,
  ) {}

  async counts(): Promise<QueueCounts[]> {
    const rows = await this.repository.countsByQueueAndState();
    const byQueue = new Map<string, QueueCounts>();
    for (const queue of [...this.jobs.queues.keys()].sort()) byQueue.set(queue, this.empty(queue));
    for (const row of rows) {
      const counts = byQueue.get(row.name) ?? byQueue.set(row.name, this.empty(row.name)).get(row.name)!;
      counts[row.state] = Number(row.n);
      if (row.oldest !== null) counts.oldestWaitingSeconds = Math.max(counts.oldestWaitingSeconds ?? 0, Math.floor(Number(row.oldest)));
    }
    return [...byQueue.values()];
  }

  /** Attempts that failed in this process since it started, per queue. */
  get failedAttempts(): ReadonlyMap<string, number> {
    return this.jobs.failedAttempts;
  }

  /** The queues that are the engine's own housekeeping: scheduled ones. */
  get internalQueues(): string[] {
    return [...this.jobs.queues].filter(([, d]) => d.schedule !== undefined).map(([q]) => q);
  }

  async list(query: JobListQuery): Promise<{ rows: JobView[]; total: number }> {
    const hidden = query.internal || query.queue ? undefined : this.internalQueues;
    const { rows, total } = await this.repository.page(
      { queue: query.queue, state: query.state, attention: query.attention, hidden, customer: query.customer, event: query.event },
      query.limit,
      query.offset,
    );
    return { rows: rows.map((r) => this.view(r)), total };
  }

  async get(id: string): Promise<JobView> {
    return this.view(await this.row(id));
  }

  /** Gives a failed job one more attempt, now. */
  async retry(actor: { user: User; ip: string | null }, id: string): Promise<JobView> {
    const before = await this.row(id);
    if (before.state !== 'failed') throw JobsErrors.wrongState(`Only a failed job can be retried; this one is ${before.state}.`);
    await this.jobs.engine.retry(before.name, id);
    const after = await this.row(id);
    await this.audit(actor, 'job.retry', before, { state: after.state });
    return this.view(after);
  }

  /** Deletes a job that should not run (again): it leaves the queue and the console. */
  async discard(actor: { user: User; ip: string | null }, id: string): Promise<JobView> {
    const before = await this.row(id);
    if (before.state === 'active') throw JobsErrors.wrongState('A running job cannot be discarded; wait until it ends.');
    await this.jobs.engine.deleteJob(before.name, id);
    await this.audit(actor, 'job.discard', before, null);
    return this.view(before);
  }

  private async audit(
    actor: { user: User; ip: string | null },
    action: 'job.retry' | 'job.discard',
    before: JobRow,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    const summary = this.summary(before);
    await this.trail.record({
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      action,
      targetType: 'job',
      targetId: before.id,
      before: { queue: before.name, state: before.state, attempts: before.retry_count + (before.started_on ? 1 : 0), ...summary },
      after,
      ipAddress: actor.ip?.slice(0, 64) ?? null,
    });
  }

  private async row(id: string): Promise<JobRow> {
    const row = isUuid(id) ? await this.repository.byId(id) : undefined;
    if (!row) throw JobsErrors.jobNotFound();
    return row;
  }

  private summary(row: JobRow): Record<string, string> {
    const describe = this.jobs.queues.get(row.name)?.describe;
    return describe && row.data ? describe(row.data) : {};
  }

  private view(row: JobRow): JobView {
    const output = row.output;
    const lastError =
      row.state === 'failed' || row.state === 'retry'
        ? typeof output?.message === 'string'
          ? output.message
          : output
            ? JSON.stringify(output).slice(0, 500)
            : null
        : null;
    return {
      id: row.id,
      queue: row.name,
      state: row.state,
      attempts: row.retry_count + (row.started_on ? 1 : 0),
      maxAttempts: row.retry_limit + 1,
      nextAttemptAt: (row.state === 'retry' || row.state === 'created') && new Date(row.start_after) > new Date() ? iso(row.start_after) : null,
      lastError,
      summary: this.summary(row),
      createdAt: iso(row.created_on)!,
      startAfter: iso(row.start_after)!,
      startedAt: iso(row.started_on),
      completedAt: iso(row.completed_on),
    };
  }

  private empty(queue: string): QueueCounts {
    const internal = this.jobs.queues.get(queue)?.schedule !== undefined || queue.startsWith('__');
    return { id: queue, queue, created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0, oldestWaitingSeconds: null, internal };
  }
}
