import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JobQueue } from './job-queue.js';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  data: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  created_on: Date;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

const JOB_COLUMNS = 'id, name, state::text as state, retry_count, retry_limit, data, output, created_on, start_after, started_on, completed_on';

/** What the console reads of pg-boss's job table (in JOBS_SCHEMA), after immich's server/src/repositories: no rule of the console's. */
@Injectable()
export class JobsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobQueue,
  ) {}

  /** The schema pg-boss keeps its tables in (JOBS_SCHEMA, checked at start as an identifier). */
  private get schema(): string {
    return this.jobs.schema;
  }

  /**
   * Jobs by queue and state, with how long the oldest unfinished job has waited (seconds): a job waiting for a retry
   * since it was queued, a new one since it became due (a job deferred to later is not waiting yet).
   */
  countsByQueueAndState(): Promise<{ name: string; state: JobState; n: string; oldest: string | null }[]> {
    return this.em.fork().execute<{ name: string; state: JobState; n: string; oldest: string | null }[]>(
      `select name, state::text as state, count(*) as n,
         extract(epoch from now() - min(case when state = 'retry' then created_on when start_after <= now() then start_after end)
           filter (where state in ('created', 'retry'))) as oldest
       from ${this.schema}.job group by name, state`,
    );
  }

  /**
   * A page of jobs, newest first, and how many match: of one queue and one state when given; `attention` keeps the
   * failed ones and those waiting for a retry; `hidden` leaves those queues and the engine's own out; `customer` and `event` match what a
   * webhook delivery's job says of its work.
   */
  async page(
    filter: { queue?: string; state?: JobState; attention?: boolean; hidden?: string[]; customer?: string; event?: string },
    limit: number,
    offset: number,
  ): Promise<{ rows: JobRow[]; total: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.queue) {
      clauses.push('name = ?');
      params.push(filter.queue);
    }
    if (filter.state) {
      clauses.push(`state = ?::${this.schema}.job_state`);
      params.push(filter.state);
    }
    if (filter.attention) clauses.push(`state in ('failed', 'retry')`);
    if (filter.hidden) {
      // The engine's own queues (pg-boss's `__pgboss__…`) with the ones named.
      clauses.push(`left(name, 2) <> '__' and not (name = any(?::text[]))`);
      params.push(`{${filter.hidden.map((q) => `"${q}"`).join(',')}}`);
    }
    if (filter.customer) {
      clauses.push(`data->>'customer' ilike ?`);
      params.push(`%${filter.customer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (filter.event) {
      clauses.push(`data->>'event' = ?`);
      params.push(filter.event);
    }
    const where = clauses.length ? `where ${clauses.join(' and ')}` : '';
    const em = this.em.fork();
    const [{ n }] = await em.execute<{ n: string }[]>(`select count(*) as n from ${this.schema}.job ${where}`, params);
    const rows = await em.execute<JobRow[]>(`select ${JOB_COLUMNS} from ${this.schema}.job ${where} order by created_on desc, id limit ? offset ?`, [
      ...params,
      limit,
      offset,
    ]);
    return { rows, total: Number(n) };
  }

  async byId(id: string): Promise<JobRow | undefined> {
    const [row] = await this.em.fork().execute<JobRow[]>(`select ${JOB_COLUMNS} from ${this.schema}.job where id = ? order by created_on desc limit 1`, [id]);
    return row;
  }
}
