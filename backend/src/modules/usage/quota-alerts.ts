import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { UsersRepository } from '../accounts/users.repository.js';
import { JobQueue } from '../jobs/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { quotaAlertMail } from '../mail/mail.templates.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { QuotaAlertsRepository } from './quota-alerts.repository.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageRepository } from './usage.repository.js';

export type QuotaAlertLevel = 80 | 100;
export type QuotaAlertOutcome = 'sent' | 'already_sent' | 'opted_out' | 'not_applicable' | 'failed';

/** The levels of the free hourly quota that alert: the request count at which each is reached. */
export function alertLevelAt(used: number, limit: number): QuotaAlertLevel | null {
  if (used === limit) return 100;
  if (used === Math.ceil(limit * 0.8)) return 80;
  return null;
}

const TOP_KEYS = 3;
const QUOTA_ALERT_QUEUE = 'quota-alert';

interface AlertWindow {
  used: number;
  limit: number;
  windowMs: number;
  resetMs: number;
}

interface QuotaAlertJob {
  userId: string;
  level: QuotaAlertLevel;
  window: AlertWindow;
}

/**
 * Mails a free account when its hourly quota passes 80% and when it is used up: at most once per level and window
 * (one hour) across every instance, naming the keys that used it most. The limiter's count tells the moment; the
 * alert is a job of the engine (sent off the request path, keyed by account, level and hour), and its mail is queued
 * in the same transaction as the claim that makes it the only one.
 */
@Injectable()
export class QuotaAlerts implements OnModuleInit {
  private readonly logger = new Logger('QuotaAlerts');
  /** Alerts being enqueued from this process, with their job ids, so tests can wait for them. */
  private readonly enqueued = new Set<Promise<string | null>>();
  private readonly outcomes = new Map<string, QuotaAlertOutcome>();

  constructor(
    private readonly alerts: QuotaAlertsRepository,
    private readonly users: UsersRepository,
    private readonly usage: UsageRepository,
    private readonly recorder: UsageRecorder,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly webhooks?: WebhooksService,
  ) {}

  onModuleInit(): void {
    this.jobs.define<QuotaAlertJob>({
      queue: QUOTA_ALERT_QUEUE,
      concurrency: 2,
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, deleteAfterSeconds: 2 * 3600 },
      describe: (job) => ({ account: job.userId, level: `${job.level}%` }),
      handle: async (job, attempt) => {
        const outcome = await this.notify(job.userId, job.level, job.window);
        this.outcomes.set(attempt.id, outcome);
        if (outcome === 'failed') throw new Error(`The ${job.level}% quota alert for ${job.userId} could not be prepared`);
      },
    });
  }

  /** Called by the key guard with the limiter's count after an admitted request; returns at once. */
  observe(userId: string, used: number, limit: number, windowMs: number, resetMs: number): void {
    const level = alertLevelAt(used, limit);
    if (!level) return;
    const now = Date.now();
    // This instance's unwritten rows are written before the job is queued (it may run on another instance, which reads
    // them from PostgreSQL). A per-key count carried in the job instead was counted twice once those rows were written.
    const sent = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.recorder.flush())
      .then(() =>
        this.jobs.send<QuotaAlertJob>(
          QUOTA_ALERT_QUEUE,
          { userId, level, window: { used, limit, windowMs, resetMs } },
          // Two instances noticing the same level in the same hour enqueue one job (the claim dedupes the rest).
          { key: `${userId}:${level}:${Math.floor(now / windowMs)}` },
        ),
      )
      .catch((error: Error) => {
        this.logger.warn(`Quota alert (${level}%) for ${userId} could not be queued: ${error.message}`);
        return null;
      });
    this.enqueued.add(sent);
    void sent.finally(() => this.enqueued.delete(sent));
  }

  /** Waits until the alerts enqueued from this process have run (on any instance); answers what those run here did. */
  async settled(): Promise<QuotaAlertOutcome[]> {
    const ids = (await Promise.all([...this.enqueued])).filter((id): id is string => id !== null);
    const outcomes: QuotaAlertOutcome[] = [];
    for (const id of ids) {
      await this.jobs.finished(QUOTA_ALERT_QUEUE, id);
      outcomes.push(this.outcomes.get(id) ?? 'sent');
    }
    return outcomes;
  }

  async notify(userId: string, level: QuotaAlertLevel, window: AlertWindow): Promise<QuotaAlertOutcome> {
    try {
      const user = await this.users.fork().findById(userId);
      if (!user || user.closedAt || user.isBlocked) return 'not_applicable';
      // The mail is the free plan's (opt-out in Profile); an Enterprise account with an hourly quota hears of it by webhook.
      const mailIt = user.plan === 'free' && user.quotaAlerts;
      const hookIt = this.webhooks !== undefined && user.plan === 'enterprise';
      if (!mailIt && !hookIt) return user.plan === 'free' ? 'opted_out' : 'not_applicable';
      const topKeys = await this.topKeys(userId, window.windowMs);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
      // The claim and the queued mail (and event) commit together: a claimed level always has its mail in the outbox.
      const claimed = await this.alerts.transaction(async (alerts) => {
        if (!(await alerts.claim(userId, level, window.windowMs))) return false;
        const tx = alerts.unitOfWork;
        if (mailIt)
          await this.mail.queue(
            {
              to: user.email,
              ...quotaAlertMail({
                name,
                percent: level,
                limit: window.limit,
                used: window.used,
                resetMinutes: Math.max(1, Math.ceil(window.resetMs / 60_000)),
                topKeys,
                usageUrl: `${this.config.appUrl}/dashboard/usage`,
                profileUrl: `${this.config.appUrl}/dashboard/profile`,
              }),
            },
            { em: tx },
          );
        if (hookIt)
          await this.webhooks!.emit(
            userId,
            'quota.threshold',
            { percent: level, limit: window.limit, used: window.used, window: 'hour', resetsAt: new Date(Date.now() + window.resetMs).toISOString(), topKeys },
            { em: tx },
          );
        return true;
      });
      if (!claimed) return 'already_sent';
      return 'sent';
    } catch (error) {
      this.logger.warn(`Quota alert (${level}%) for ${userId} failed: ${(error as Error).message}`);
      return 'failed';
    }
  }

  /**
   * The keys that used the most of the window, from written rows: this instance writes its own first (write, then
   * read, so no row is in both). Another instance's rows still waiting for their flush (at most USAGE_FLUSH_MS) are
   * not counted; the observing instance wrote its rows before it queued the job.
   */
  private async topKeys(userId: string, windowMs: number): Promise<{ name: string; count: number }[]> {
    await this.recorder.flush();
    const counts = await this.usage.usageByKey(userId, new Date(Date.now() - windowMs));
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_KEYS);
    if (!top.length) return [];
    const names = await this.alerts.fork().keyLabels(top.map(([id]) => id));
    return top.map(([id, count]) => ({ name: names.get(id) ?? 'A deleted key', count }));
  }
}
