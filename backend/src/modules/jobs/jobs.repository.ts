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

  /** Jobs by queue and state, with how long the oldest job ready to run has waited (seconds). */
  countsByQueueAndState(): Promise<{ name: string; state: JobState; n: string; oldest: string | null }[]> {
    return this.em.fork().execute<{ name: string; state: JobState; n: string; oldest: string | null }[]>(
      `select name, state::text as state, count(*) as n,
         extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())) as oldest
       from ${this.schema}.job group by name, state`,
    );
  }

  /** A page of jobs, newest first, of one queue and one state when given, and how many match. */
  async page(filter: { queue?: string; state?: JobState }, limit: number, offset: number): Promise<{ rows: JobRow[]; total: number }> {
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
