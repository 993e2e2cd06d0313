import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { JobWithMetadata } from 'pg-boss';
import { isUuid } from '../../common/http/uuid.js';
import { ENDED_JOB_STATES, JobQueue, jobIdFor } from '../jobs/job-queue.js';
import type { JobAttempt } from '../jobs/job-queue.js';
import { toMeView } from '../accounts/user.entity.js';
import { toApiKeyView } from '../keys/api-key.entity.js';
import { toInvoiceView } from '../billing/invoice.entity.js';
import { toSubscriptionView } from '../billing/subscription.entity.js';
import { UsageRepository } from '../usage/usage.repository.js';
import { DataExportRepository } from './data-export.repository.js';
import type { ExportRow, ExportStatus } from './data-export.repository.js';
import { SelfServiceErrors } from './self-service.errors.js';

export const EXPORT_USAGE_DAYS = 90;
/** A job that has not moved for this long was left by an instance that stopped: it reads as failed. */
const STALE_MS = 5 * 60_000;
const BATCH = 5000;
export const EXPORT_QUEUE = 'data-export';
/** Attempts after the first: an export whose process died part-way is rebuilt from the start on any instance. */
const EXPORT_RETRIES = 3;

export type { ExportStatus } from './data-export.repository.js';

export interface ExportJobView {
  id: string;
  status: ExportStatus;
  /** 0..100 */
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  /** Where to fetch the file once ready. */
  downloadUrl: string | null;
}

function view(row: ExportRow): ExportJobView {
  const stale = row.status === 'running' && Date.now() - new Date(row.updated_at).getTime() > STALE_MS;
  const status = stale ? 'failed' : row.status;
  return {
    id: row.id,
    status,
    progress: row.progress,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    downloadUrl: status === 'ready' ? `/api/me/exports/${row.id}/download` : null,
  };
}

/**
 * "Export my data": a JSON file with the profile, the keys (masked), subscriptions, invoices and the last 90 days of
 * usage. Built by a job of the engine on whichever instance claims it; the job and its file (in pieces of one usage
 * batch) live in PostgreSQL, so progress and download work from any instance and no step holds the whole file. A build
 * whose process dies part-way stops heartbeating; the engine hands the job out again and the file is rebuilt.
 */
@Injectable()
export class DataExportService implements OnModuleInit {
  private readonly logger = new Logger('DataExport');

  constructor(
    private readonly exports: DataExportRepository,
    private readonly usage: UsageRepository,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ exportId: string; userId: string }>({
      queue: EXPORT_QUEUE,
      concurrency: 2,
      // A live build refreshes its claim every 5 s; one not heard from for 10 s (its process died) is handed out again.
      options: { retryLimit: EXPORT_RETRIES, retryDelay: 1, heartbeatSeconds: 10, expireInSeconds: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
      describe: (data) => ({ export: data.exportId }),
      handle: (data, attempt) => this.run(data.exportId, data.userId, attempt),
    });
  }

  async start(userId: string): Promise<ExportJobView> {
    const id = randomUUID();
    // The export row and its job commit together.
    const row = await this.exports.transaction(async (tx) => {
      // One file per account is kept (a new export replaces the last), and none longer than a week.
      await tx.deleteOldFor(userId);
      const inserted = await tx.create(id, userId);
      await this.jobs.send(EXPORT_QUEUE, { exportId: id, userId }, { em: tx.unitOfWork, key: id });
      return inserted;
    });
    return view(row);
  }

  private async run(id: string, userId: string, attempt: JobAttempt): Promise<void> {
    try {
      await this.build(id, userId, attempt.signal);
    } catch (error) {
      if (attempt.signal.aborted) throw error;
      this.logger.warn(`Export ${id} failed on attempt ${attempt.retryCount + 1}: ${(error as Error).message}`);
      if (attempt.retryCount >= EXPORT_RETRIES) {
        await this.exports.markFailed(id, (error as Error).message.slice(0, 500)).catch(() => undefined);
      }
      throw error;
    }
  }

  async get(userId: string, id: string): Promise<ExportJobView> {
    return view(await this.current(userId, id));
  }

  /** The finished file, read back piece by piece (each piece is one usage batch at most). */
  async file(userId: string, id: string): Promise<Readable> {
    const job = view(await this.current(userId, id));
    if (job.status !== 'ready') throw SelfServiceErrors.exportNotReady();
    const exports = this.exports;
    async function* pieces(): AsyncGenerator<string> {
      for (let seq = 0; ; seq++) {
        const body = await exports.part(id, seq);
        if (body === null) return;
        yield body;
      }
    }
    return Readable.from(pieces());
  }

  /**
   * Waits until no export is being built, on any instance (tests). When that does not happen in time it says why: each
   * export still running, with its job's state, attempt and last error as the engine holds them.
   */
  async settled(timeoutMs = 150_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    let running: { id: string; job: JobWithMetadata<unknown> | null }[] = [];
    while (performance.now() < until) {
      running = await Promise.all((await this.exports.runningIds()).map(async (id) => ({ id, job: await this.liveJob(id) })));
      running = running.filter((export_) => export_.job);
      if (running.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const states = running.map(
      ({ id, job }) => `${id}: job ${job?.state}, retry ${job?.retryCount}, output ${JSON.stringify(job?.output ?? null).slice(0, 300)}`,
    );
    throw new Error(`${running.length} export(s) still running after ${timeoutMs} ms (${states.join('; ')})`);
  }

  /**
   * The job building a running export while the engine still holds it as live (waiting, retrying or active); null once
   * it has ended. An export whose job ended without the build saying so (its last attempt lost with its process, an
   * operator's cancel) is marked failed then, so it never reads as running again.
   */
  private async liveJob(id: string): Promise<JobWithMetadata<unknown> | null> {
    const [job] = await this.jobs.engine.findJobs(EXPORT_QUEUE, { id: jobIdFor(EXPORT_QUEUE, id) });
    if (job && !ENDED_JOB_STATES.includes(job.state)) return job;
    // A build that finished in the meantime has made its export ready: then nothing changes here.
    if (await this.exports.markFailed(id, `the build ended (${job?.state ?? 'job gone'})`)) {
      this.logger.warn(`Export ${id} ended without a file: its job is ${job?.state ?? 'gone'}`);
    }
    return null;
  }

  /**
   * The account's export as it stands: a running one whose job has ended is read again after liveJob settled it, and a
   * failed one whose job an operator retried (live again) reads running from then on.
   */
  private async current(userId: string, id: string): Promise<ExportRow> {
    const row = await this.row(userId, id);
    if (row.status === 'ready') return row;
    const job = await this.liveJob(row.id);
    if (row.status === 'running' && job) return row;
    if (row.status === 'failed' && !(job && (await this.exports.reopen(row.id)))) return row;
    return this.row(userId, id);
  }

  private async row(userId: string, id: string): Promise<ExportRow> {
    const row = isUuid(id) ? await this.exports.find(userId, id) : null;
    if (!row) throw SelfServiceErrors.exportNotFound();
    return row;
  }

  private async progress(id: string, progress: number): Promise<void> {
    await this.exports.setProgress(id, Math.min(99, Math.floor(progress)));
  }

  private async build(id: string, userId: string, signal: AbortSignal): Promise<void> {
    // A finished export (its job completed by an attempt whose answer was lost) is not built again. A failed one whose
    // job runs again was retried by an operator (the job had ended: its last attempt failed, or it was lost): it runs.
    const status = await this.exports.status(id);
    if (status === 'failed' && (await this.exports.reopen(id))) this.logger.log(`Export ${id} runs again: its job was retried`);
    else if (status !== 'running') return;
    // A rebuild after a lost attempt starts from an empty file.
    await this.exports.clearParts(id);
    const { user, keys, subscriptions, invoices } = await this.exports.accountRecords(userId);
    const end = new Date();
    const start = new Date(end.getTime() - EXPORT_USAGE_DAYS * 86_400_000);
    // The roll-ups say how many rows to expect, so progress can be told without counting the raw table.
    const expected = Math.max(1, await this.exports.usageRowsSince(userId, start.toISOString().slice(0, 10)));
    await this.progress(id, 5);

    const head = {
      exportedAt: end.toISOString(),
      profile: toMeView(user),
      apiKeys: keys.map(toApiKeyView),
      subscriptions: subscriptions.map(toSubscriptionView),
      invoices: invoices.map(toInvoiceView),
      usage: { from: start.toISOString(), to: end.toISOString() },
    };
    const headJson = JSON.stringify(head, null, 2);
    let seq = 0;
    const put = (body: string) => this.exports.putPart(id, seq++, body);
    await put(`${headJson.slice(0, headJson.lastIndexOf('}')).trimEnd()},\n  "usageRecords": [`);
    let written = 0;
    for await (const rows of this.usage.recordBatches({ userId, start, end }, BATCH)) {
      // The claim is gone (the engine gave the job to another instance): that one builds the file now.
      signal.throwIfAborted();
      const lines = rows.map(({ position: _position, ...record }) => `${written++ === 0 ? '' : ','}\n    ${JSON.stringify(record)}`);
      await put(lines.join(''));
      await this.progress(id, 5 + (94 * written) / expected);
    }
    await put(written ? '\n  ]\n}\n' : ']\n}\n');
    await this.exports.markReady(id);
  }
}
