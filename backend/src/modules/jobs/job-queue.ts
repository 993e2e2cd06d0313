import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { PgBoss, fromKysely } from 'pg-boss';
import type { Db, KyselyTransactionLike, QueueOptions } from 'pg-boss';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { Lifecycle } from '../../common/core/lifecycle.js';
import { redactForLog } from '../../common/logging/redact.js';
import { openTransactionOf } from '../../database/unit-of-work.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';

export const JOBS_DATABASE_URL = Symbol('JOBS_DATABASE_URL');

/** What a handler is told about the attempt it runs. */
export interface JobAttempt {
  id: string;
  /** 0 on the first attempt; a retry (after an error or a process that died) counts up. */
  retryCount: number;
  /** Aborted when the job's claim is gone (an operator's discard, a missed heartbeat) or the process stops. */
  signal: AbortSignal;
}

/** One kind of later work: its queue, how it is retried, and the code that does it (on whichever instance claims it). */
export interface JobDefinition<T extends object> {
  queue: string;
  handle(data: T, attempt: JobAttempt): Promise<void>;
  /** Retries, backoff, expiry (a job active longer is handed out again) and how long finished jobs are kept. */
  options?: QueueOptions;
  /** How many of this queue's jobs one instance runs at once (default 1). */
  concurrency?: number;
  /**
   * A recurring job (cron, UTC): pg-boss sends one job per occurrence for the whole cluster, so the work runs once on
   * one instance, not once per instance.
   */
  schedule?: string;
  /**
   * The few fields of a job's data the console may show (a mail's recipient and subject). Anything else (a body with
   * its links) stays out of every view and answer.
   */
  describe?(data: T): Record<string, string>;
}

export interface SendOptions {
  /**
   * The job's idempotency key within its queue: a second send with the same key is a no-op while the first job is
   * kept (the key becomes the job's id), so an enqueue that is repeated (a retried request, a replay) runs once.
   */
  key?: string;
  /**
   * Enqueue inside this unit of work's open transaction (a transactional outbox): the job exists if and only if the
   * change that caused it commits. Outside a transaction the job is committed at once.
   */
  em?: UnitOfWork;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
}

/**
 * Retries with exponential backoff from `delay` seconds doubling up to `max`, as many as keep a job trying for at least
 * `hours`: pg-boss waits between delay·2^n and twice that before retry n+1, so the lower bounds are summed. The
 * outbox's mails and the webhook deliveries retry this way, each with its own settings.
 */
export function backoffForHours(delay: number, max: number, hours: number): Pick<QueueOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax'> {
  const ceiling = Math.max(delay, max);
  let waited = 0;
  let retries = 0;
  while (waited < hours * 3600) waited += Math.min(ceiling, delay * 2 ** Math.min(16, retries++));
  return { retryLimit: retries, retryDelay: delay, retryBackoff: true, retryDelayMax: ceiling };
}

/** The states a job ends in: it runs no more (completed, failed for good, or cancelled). */
export const ENDED_JOB_STATES: readonly string[] = ['completed', 'failed', 'cancelled'];

/** The job id a key stands for: a name-based UUID (RFC 9562 version 8 layout, SHA-256), the same on every instance. */
export function jobIdFor(queue: string, key: string): string {
  const h = createHash('sha256').update(`${queue}\u0000${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Gives every client of pg-boss's pool an error listener for its whole life, as the usage pool has (database/usage-pool.ts). A late answer on
 * a connection whose statement was cut (a hung PostgreSQL: "Received unexpected rowDescription message from backend")
 * is emitted as 'error' on the client; while the client is checked out between statements it has no listener, and an
 * unheard 'error' is an uncaught exception that ends the process. The statement itself already failed and was reported.
 * pg-boss makes its pool in Db.open(), inside start(): the listener is added there, before any connection is made.
 */
function guardClients(db: Db): void {
  const opened = db as Db & {
    open?: () => Promise<void>;
    pool?: { on(event: 'connect', listener: (client: { on(event: 'error', l: () => void): void }) => void): void };
  };
  const open = opened.open?.bind(opened);
  if (!open) return;
  opened.open = async () => {
    await open();
    opened.pool?.on('connect', (client) => client.on('error', () => undefined));
  };
}

/**
 * The one job engine: pg-boss on the product's own PostgreSQL (embedded or external), so every instance shares one
 * queue and any instance runs any job. A job is claimed with SKIP LOCKED by one worker at a time; one whose process
 * died (no completion within its expiry or heartbeat) is handed out again on any instance, and a completion names the
 * attempt it settles, so a late answer from a lost attempt never completes a job a second time.
 *
 * Features define their queues in onModuleInit (`define`), then send from anywhere (`send`), optionally inside their
 * own transaction. The engine starts with the app and stops with it: workers finish (or give back) their jobs first.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly queuesReady = new Map<string, Promise<void>>();
  private started: Promise<void> | null = null;
  /** Attempts that threw, per queue, in this process (for /metrics). */
  readonly failedAttempts = new Map<string, number>();
  private working = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOBS_DATABASE_URL) databaseUrl: string,
    private readonly lifecycle: Lifecycle,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: config.JOBS_SCHEMA,
      application_name: 'tzapi-jobs',
      max: 4,
      connectionTimeoutMillis: 5000,
      superviseIntervalSeconds: config.JOBS_SUPERVISE_SECONDS,
      monitorIntervalSeconds: Math.max(10, config.JOBS_SUPERVISE_SECONDS),
      // Our own metrics read the queue table; pg-boss's OpenTelemetry stays a no-op without an SDK.
      persistQueueStats: false,
      // A new job wakes a worker at once (NOTIFY); polling stays as the floor for retries and deferred jobs.
      useListenNotify: true,
    });
    this.boss.on('error', (err) => this.logger.error(`Job engine: ${redactForLog(err)}`));
    guardClients(this.boss.getDb());
  }

  /** The PostgreSQL schema of the engine's tables (JOBS_SCHEMA, validated as a plain identifier). */
  get schema(): string {
    return this.config.JOBS_SCHEMA;
  }

  /** Registers a queue and its handler; call from onModuleInit. The queue is created (or its options updated) at start. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.definitions.has(definition.queue)) throw new Error(`Job queue ${definition.queue} is defined twice`);
    this.definitions.set(definition.queue, definition as unknown as JobDefinition<object>);
  }

  get queues(): ReadonlyMap<string, JobDefinition<object>> {
    return this.definitions;
  }

  onModuleInit(): void {
    this.started = this.boss.start({ attempts: 3 }).then(() => undefined);
    // A start failure surfaces in onApplicationBootstrap (and stops the app there), never as an unhandled rejection.
    this.started.catch(() => undefined);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.started;
    for (const [queue, definition] of this.definitions) {
      await this.queueReady(queue);
      // A schedule turned off since the last start is dropped: pg-boss keeps schedules in the database.
      if (definition.schedule) await this.boss.schedule(queue, definition.schedule, {}, { tz: 'UTC' });
      else await this.boss.unschedule(queue);
    }
    for (const [queue, definition] of this.definitions) {
      await this.boss.work<object>(
        queue,
        {
          batchSize: 1,
          localConcurrency: definition.concurrency ?? 1,
          pollingIntervalSeconds: this.config.JOBS_POLL_MS / 1000,
          notifyPollingIntervalSeconds: this.config.JOBS_POLL_MS / 1000,
        },
        async ([job]) => {
          try {
            await definition.handle(job.data, { id: job.id, retryCount: job.retryCount, signal: job.signal });
          } catch (err) {
            this.failedAttempts.set(queue, (this.failedAttempts.get(queue) ?? 0) + 1);
            throw err;
          }
        },
      );
    }
    this.working = true;
  }

  /** Enqueues one job; answers its id, or null when a job with the same key is already kept. */
  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(queue)) throw new Error(`Unknown job queue ${queue}`);
    await this.queueReady(queue);
    const transaction = openTransactionOf(options.em);
    const db: Db | undefined = transaction ? fromKysely(transaction as KyselyTransactionLike) : undefined;
    return this.boss.send(queue, data, {
      ...(options.key !== undefined && { id: jobIdFor(queue, options.key), singletonKey: options.key }),
      ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
      ...(db && { db }),
    });
  }

  /** Resolves with the job's state once it has completed, failed for good or been cancelled (a hang guard: timeoutMs). */
  async finished(queue: string, id: string, timeoutMs = 60_000): Promise<string | null> {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const [job] = await this.boss.findJobs(queue, { id });
      if (!job || ENDED_JOB_STATES.includes(job.state)) return job?.state ?? null;
      if (performance.now() > until) return job.state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * When the jobs sent with these keys run next: a job waiting for its retry (or deferred) answers its start time; one
   * running, ended or gone answers nothing. For a feature that shows "next retry at" beside its own record.
   */
  async nextRuns(queue: string, keys: string[]): Promise<Map<string, Date>> {
    const runs = new Map<string, Date>();
    if (!keys.length || !this.definitions.has(queue)) return runs;
    await this.queueReady(queue);
    await Promise.all(
      keys.map(async (key) => {
        const [job] = await this.boss.findJobs(queue, { id: jobIdFor(queue, key) });
        if (job && (job.state === 'retry' || job.state === 'created')) runs.set(key, new Date(job.startAfter));
      }),
    );
    return runs;
  }

  /** The engine itself, for the jobs module's own reads (console, metrics). */
  get engine(): PgBoss {
    return this.boss;
  }

  get isWorking(): boolean {
    return this.working && !this.stopped;
  }

  private queueReady(queue: string): Promise<void> {
    let ready = this.queuesReady.get(queue);
    if (!ready) {
      const definition = this.definitions.get(queue)!;
      ready = (async () => {
        await this.started;
        await this.boss.createQueue(queue, { ...definition.options, notify: true });
        // createQueue keeps an existing queue as it was: a deploy with new retry settings updates it.
        await this.boss.updateQueue(queue, { ...definition.options, notify: true });
      })();
      ready.catch(() => this.queuesReady.delete(queue));
      this.queuesReady.set(queue, ready);
    }
    return ready;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.started?.catch(() => undefined);
    // Graceful: workers stop fetching and the jobs under way may finish, leaving 3 s of the shutdown deadline for the
    // usage flush; a job still running then is failed back to its queue and runs again on another instance.
    const timeout = Math.min(8000, Math.max(1000, this.lifecycle.deadline - Date.now() - 3000));
    // Bounded as a whole: the engine's own timeout covers only its workers' grace, and its last steps (failing the jobs
    // under way, closing its pool) wait on the database. A second past the grace, a stop still running is left to finish
    // alone, and the usage flush still has 2 s of the deadline.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeout + 1000)));
    const stopped = this.boss.stop({ graceful: true, close: true, timeout }).then(
      () => 'stopped' as const,
      (err: unknown) => void this.logger.warn(`Stopping the job engine: ${redactForLog(err)}`),
    );
    if ((await Promise.race([stopped, late])) === 'late')
      this.logger.warn('The job engine had not stopped a second after its grace; its jobs under way run again elsewhere');
    clearTimeout(timer);
  }
}
