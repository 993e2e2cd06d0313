import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import type { VaultPurpose } from '../../common/crypto/secret-vault.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { JobQueue, backoffForHours } from '../jobs/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { webhookPausedMail } from '../mail/mail.templates.js';
import { TEST_EVENT } from './webhook-events.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhooksRepository } from './webhooks.repository.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';
export const WEBHOOK_VAULT: VaultPurpose = { salt: 'tzapi-webhook-secrets', info: 'webhook signing secret v1' };

/**
 * The delivery job. `once` for a test event tried once (not retried). `event`, `to` (the endpoint's host) and
 * `customer` say what the work is, for the console (older jobs carry only the delivery id).
 */
export interface DeliveryJob {
  deliveryId: string;
  once?: boolean;
  event?: string;
  to?: string;
  customer?: string;
}

/** What the console shows of a delivery job: "tzdb.zones_changed to acme.example for Acme Ltd". */
export function describeDelivery(data: DeliveryJob): Record<string, string> {
  if (!data.event) return { delivery: data.deliveryId };
  return { event: data.event, to: data.to ?? '', customer: data.customer ?? '', delivery: data.deliveryId, ...(data.once && { test: 'tried once' }) };
}

/**
 * Sends one delivery: signs the payload the Standard Webhooks way (the same webhook-id on every retry), POSTs it
 * through WebhookSender (10 s, no redirects, the address checked at connect time), and records the attempt with the
 * headers it carried. A failure throws so the engine retries it, unless the delivery is tried once (a test event).
 */
@Injectable()
export class WebhookDeliveryJob implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private readonly vault: SecretVault;
  private readonly sender: WebhookSender;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.vault = new SecretVault(config.secret, WEBHOOK_VAULT);
    this.sender = new WebhookSender(config.WEBHOOK_ALLOW_PRIVATE);
  }

  onModuleInit(): void {
    const { WEBHOOK_RETRY_DELAY_SECONDS: delay, WEBHOOK_RETRY_MAX_DELAY_SECONDS: max, WEBHOOK_RETRY_HOURS: hours } = this.config;
    this.jobs.define<DeliveryJob>({
      queue: WEBHOOK_QUEUE,
      concurrency: 4,
      options: {
        ...backoffForHours(delay, max, hours),
        expireInSeconds: 120,
        deleteAfterSeconds: 24 * 3600,
        retentionSeconds: Math.ceil(hours * 3600) + 7 * 24 * 3600,
      },
      describe: describeDelivery,
      handle: (data, attempt) => this.deliver(data.deliveryId, attempt.retryCount, data.once === true),
    });
  }

  private async deliver(deliveryId: string, retryCount: number, once = false): Promise<void> {
    const d = await this.repository.deliveryToSend(deliveryId);
    if (!d || d.status === 'delivered') return;
    // A paused endpoint gets nothing more (a test event is sent to it all the same, on its owner's request).
    if (!d.enabled && d.event_type !== TEST_EVENT && !d.message_id.startsWith('msg_test_')) {
      await this.repository.skipPaused(deliveryId);
      return;
    }
    const body = JSON.stringify(d.payload);
    const now = new Date();
    const signature = new Webhook(this.vault.decrypt(d.secret_enc)).sign(d.message_id, now, body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'tzapi-webhooks/1',
      'webhook-id': d.message_id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const result = await this.sender.post(d.url, headers, body);
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    await this.repository.transaction(async (tx) => {
      await tx.recordAttempt({ id: deliveryId, endpointId: d.endpoint_id }, ok, headers, result, once);
      if (ok) await tx.clearFailing(d.endpoint_id);
      else await this.noteFailure(tx, d.endpoint_id, d.user_id, d.url);
    });
    if (!ok) {
      this.logger.warn(
        `Webhook delivery ${deliveryId} to ${new URL(d.url).host} failed (attempt ${retryCount + 1}): ${result.error ?? `HTTP ${result.statusCode}`}`,
      );
      // A delivery tried once (a test event) ends here, `failed`; the others fail the job, which retries them.
      if (!once) throw new Error(result.error ?? `HTTP ${result.statusCode}`);
    }
  }

  /** Marks the endpoint failing since its first failure; after WEBHOOK_PAUSE_AFTER_HOURS without a success it is paused and its owner mailed. */
  private async noteFailure(tx: WebhooksRepository, endpointId: string, userId: string, url: string): Promise<void> {
    // The app's clock, not the database's: "failing for 3 days" is measured the way the rest of the app tells time.
    const now = new Date();
    if (!(await tx.markFailing(endpointId, now, new Date(now.getTime() - this.config.WEBHOOK_PAUSE_AFTER_HOURS * 3600_000)))) return;
    await tx.pauseFailing(endpointId);
    const user = await tx.owner(userId);
    if (!user) return;
    await this.mail.queue(
      {
        to: user.email,
        ...webhookPausedMail({
          name: [user.first_name, user.last_name].filter(Boolean).join(' '),
          url,
          hours: this.config.WEBHOOK_PAUSE_AFTER_HOURS,
          webhooksUrl: `${this.config.appUrl}/dashboard/webhooks`,
        }),
      },
      { em: tx.unitOfWork, key: `webhook-paused:${endpointId}:${Date.now()}` },
    );
  }
}
