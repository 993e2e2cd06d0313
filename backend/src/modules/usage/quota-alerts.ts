import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { User } from '../accounts/user.entity.js';
import { ApiKey } from '../keys/api-key.entity.js';
import { MailService } from '../mail/mail.service.js';
import { quotaAlertMail } from '../mail/mail.templates.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { UsageRecorder } from './usage.recorder.js';
import { UsageStore } from './usage.store.js';

export type QuotaAlertLevel = 80 | 100;
export type QuotaAlertOutcome = 'sent' | 'already_sent' | 'opted_out' | 'not_applicable' | 'failed';

/** The levels of the free hourly quota that alert: the request count at which each is reached. */
export function alertLevelAt(used: number, limit: number): QuotaAlertLevel | null {
  if (used === limit) return 100;
  if (used === Math.ceil(limit * 0.8)) return 80;
  return null;
}

const TOP_KEYS = 3;

/**
 * Mails a free account when its hourly quota passes 80% and when it is used up: at most once per level and window
 * (one hour) across every instance, naming the keys that used it most. The limiter's count tells the moment; the
 * mail is prepared after the answer, off the request path.
 */
@Injectable()
export class QuotaAlerts {
  private readonly logger = new Logger('QuotaAlerts');
  /** Alerts being prepared, so tests and shutdown can wait for them. */
  private readonly running = new Set<Promise<QuotaAlertOutcome>>();

  constructor(
    private readonly em: EntityManager,
    private readonly store: UsageStore,
    private readonly recorder: UsageRecorder,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly webhooks?: WebhooksService,
  ) {}

  /** Called by the key guard with the limiter's count after an admitted request; returns at once. */
  observe(userId: string, used: number, limit: number, windowMs: number, resetMs: number): void {
    const level = alertLevelAt(used, limit);
    if (!level) return;
    const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.notify(userId, level, { used, limit, windowMs, resetMs }));
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  /** Waits for the alerts being prepared. */
  async settled(): Promise<QuotaAlertOutcome[]> {
    return Promise.all([...this.running]);
  }

  async notify(userId: string, level: QuotaAlertLevel, window: { used: number; limit: number; windowMs: number; resetMs: number }): Promise<QuotaAlertOutcome> {
    try {
      const user = await this.em.fork().findOne(User, { id: userId });
      if (!user || user.closedAt || user.isBlocked) return 'not_applicable';
      // The mail is the free plan's (opt-out in Profile); an Enterprise account with an hourly quota hears of it by webhook.
      const mailIt = user.plan === 'free' && user.quotaAlerts;
      const hookIt = this.webhooks !== undefined && user.plan === 'enterprise';
      if (!mailIt && !hookIt) return user.plan === 'free' ? 'opted_out' : 'not_applicable';
      const topKeys = await this.topKeys(userId, window.windowMs);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
      // The claim and the queued mail (and event) commit together: a claimed level always has its mail in the outbox.
      const claimed = await this.em.fork().transactional(async (tx) => {
        if (!(await this.store.claimQuotaAlert(userId, level, window.windowMs, tx))) return false;
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

  /** The keys that used the most of the window: written rows plus this instance's unwritten ones. */
  private async topKeys(userId: string, windowMs: number): Promise<{ name: string; count: number }[]> {
    const since = Date.now() - windowMs;
    const counts = await this.store.usageByKey(userId, new Date(since));
    for (const [keyId, n] of this.recorder.bufferedKeyCounts(userId, since)) counts.set(keyId, (counts.get(keyId) ?? 0) + n);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_KEYS);
    if (!top.length) return [];
    const keys = await this.em.fork().find(ApiKey, { id: { $in: top.map(([id]) => id) } });
    const names = new Map(keys.map((k) => [k.id, `${k.name} (${k.prefix}…)`]));
    return top.map(([id, count]) => ({ name: names.get(id) ?? 'A deleted key', count }));
  }
}
