import { randomBytes, randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { isUuid } from '../../common/http/uuid.js';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import type { VaultPurpose } from '../../common/crypto/secret-vault.js';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { MailService, mailRetryLimit } from '../mail/mail.service.js';
import { webhookPausedMail } from '../mail/mail.templates.js';
import { checkUrl } from './url-guard.js';
import { WEBHOOK_LIMITS } from './webhook-limits.js';
import { WebhookSender } from './webhook-sender.js';
import { TEST_EVENT } from './webhook-events.js';
import type { WebhookEventType, WebhookPayload } from './webhook-events.js';
import { WebhookProblems } from './webhooks.errors.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';
const WEBHOOK_VAULT: VaultPurpose = { salt: 'tzapi-webhook-secrets', info: 'webhook signing secret v1' };

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  pausedReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookAttemptView {
  at: string;
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  payload: WebhookPayload;
  status: string;
  attempts: number;
  responseCode: number | null;
  responseBody: string | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  attemptLog: WebhookAttemptView[];
}

/** The delivery job: `once` for a test event tried once (not retried). */
interface DeliveryJob {
  deliveryId: string;
  once?: boolean;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    pausedReason: row.paused_reason,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Webhook endpoints (Enterprise accounts) and their deliveries. `emit` records one delivery per subscribed endpoint
 * and enqueues its job in the caller's transaction; the job signs the payload the Standard Webhooks way and POSTs it,
 * with the same webhook-id on every retry, a 10 s timeout, no redirects, and the address checked at connect time.
 */
@Injectable()
export class WebhooksService implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private readonly vault: SecretVault;
  private readonly sender: WebhookSender;

  constructor(
    private readonly em: EntityManager,
    private readonly repository: WebhooksRepository,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
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
        retryLimit: mailRetryLimit(delay, Math.max(delay, max), hours),
        retryDelay: delay,
        retryBackoff: true,
        retryDelayMax: Math.max(delay, max),
        expireInSeconds: 120,
        deleteAfterSeconds: 24 * 3600,
        retentionSeconds: Math.ceil(hours * 3600) + 7 * 24 * 3600,
      },
      describe: (data) => ({ delivery: data.deliveryId }),
      handle: (data, attempt) => this.deliver(data.deliveryId, attempt.retryCount, data.once === true),
    });
  }

  private get allowPrivate(): boolean {
    return this.config.WEBHOOK_ALLOW_PRIVATE;
  }

  private async requireEnterprise(userId: string): Promise<void> {
    if ((await this.repository.planOf(userId)) !== 'enterprise') throw WebhookProblems.planRequired();
  }

  private async ownEndpoint(userId: string, id: string): Promise<EndpointRow> {
    if (!isUuid(id)) throw WebhookProblems.notFound();
    const row = await this.repository.endpointOf(userId, id);
    if (!row) throw WebhookProblems.notFound();
    return row;
  }

  private async checkedUrl(url: string): Promise<string> {
    const refusal = await checkUrl(url, this.allowPrivate);
    if (refusal) throw WebhookProblems.urlRefused(refusal);
    return new URL(url).toString();
  }

  async list(userId: string): Promise<WebhookEndpointView[]> {
    await this.requireEnterprise(userId);
    return (await this.repository.endpoints(userId)).map(toEndpointView);
  }

  async create(userId: string, input: { url: string; events: string[]; description?: string | null }): Promise<WebhookEndpointView & { secret: string }> {
    await this.requireEnterprise(userId);
    const url = await this.checkedUrl(input.url);
    const secret = newSecret();
    const row = await this.repository.insertEndpoint(
      randomUUID(),
      userId,
      url,
      input.description ?? null,
      [...new Set(input.events)],
      this.vault.encrypt(secret),
      WEBHOOK_LIMITS.endpointsPerAccount,
    );
    if (!row) throw WebhookProblems.endpointLimit();
    return { ...toEndpointView(row), secret };
  }

  async update(
    userId: string,
    id: string,
    input: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ): Promise<WebhookEndpointView> {
    await this.requireEnterprise(userId);
    const row = await this.ownEndpoint(userId, id);
    const url = input.url !== undefined ? await this.checkedUrl(input.url) : row.url;
    const events = input.events !== undefined ? [...new Set(input.events)] : row.events;
    const enabled = input.enabled ?? row.enabled;
    const updated = await this.repository.updateEndpoint(id, {
      url,
      events,
      description: input.description !== undefined ? input.description : row.description,
      enabled,
    });
    return toEndpointView(updated);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.ownEndpoint(userId, id);
    await this.repository.deleteEndpoint(id);
  }

  async rotateSecret(userId: string, id: string): Promise<WebhookEndpointView & { secret: string }> {
    await this.requireEnterprise(userId);
    await this.ownEndpoint(userId, id);
    const secret = newSecret();
    const row = await this.repository.setSecret(id, this.vault.encrypt(secret));
    return { ...toEndpointView(row), secret };
  }

  /**
   * A manual send (test or resend) counted against the endpoint's and the account's budgets (WEBHOOK_LIMITS), on the
   * shared limiter (Redis when configured, in-process otherwise): 429 with Retry-After past either. A send refused by
   * the account's budget gives the endpoint's hit back.
   */
  private async throttleManualSend(userId: string, endpointId: string): Promise<void> {
    const { manualSendsPerEndpoint, manualSendsPerAccount, manualSendWindowMs: window } = WEBHOOK_LIMITS;
    const perEndpoint = await this.limiter.hit(`webhook-send:endpoint:${endpointId}`, manualSendsPerEndpoint, window);
    if (!perEndpoint.allowed) throw WebhookProblems.sendsThrottled('endpoint', Math.max(1, Math.ceil(perEndpoint.resetMs / 1000)));
    const perAccount = await this.limiter.hit(`webhook-send:account:${userId}`, manualSendsPerAccount, window);
    if (!perAccount.allowed) {
      if (perEndpoint.counted) await this.limiter.refund(perEndpoint.counted);
      throw WebhookProblems.sendsThrottled('account', Math.max(1, Math.ceil(perAccount.resetMs / 1000)));
    }
  }

  /**
   * Delivers a `webhook.test` event to the endpoint (enabled or not); answers the delivery to follow. Tried once
   * unless `retry` asks for the retries a real event gets (a test to a dead URL is not sent for 72 hours).
   */
  async sendTest(userId: string, id: string, retry = false): Promise<WebhookDeliveryView> {
    await this.requireEnterprise(userId);
    const endpoint = await this.ownEndpoint(userId, id);
    await this.throttleManualSend(userId, endpoint.id);
    const payload: WebhookPayload = {
      type: TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpointId: endpoint.id, message: 'A test event from the Webhooks page.' },
    };
    const deliveryId = await this.em.fork().transactional((tx) => this.enqueue(tx, endpoint.id, `msg_${randomUUID().replace(/-/g, '')}`, payload, !retry));
    return this.deliveryView(deliveryId);
  }

  async deliveries(userId: string, id: string, limit = 50): Promise<WebhookDeliveryView[]> {
    await this.ownEndpoint(userId, id);
    const rows = await this.repository.deliveries(id, Math.min(100, Math.max(1, limit)));
    return Promise.all(rows.map((r) => this.deliveryView(r.id, r)));
  }

  /** Sends a delivery's message again, as a new delivery with the same webhook-id (the receiver may dedupe). */
  async resend(userId: string, deliveryId: string): Promise<WebhookDeliveryView> {
    await this.requireEnterprise(userId);
    if (!isUuid(deliveryId)) throw WebhookProblems.deliveryNotFound();
    const row = await this.repository.deliveryOf(userId, deliveryId);
    if (!row) throw WebhookProblems.deliveryNotFound();
    await this.throttleManualSend(userId, row.endpoint_id);
    const id = await this.em.fork().transactional((tx) => this.enqueue(tx, row.endpoint_id, row.message_id, row.payload));
    return this.deliveryView(id);
  }

  /**
   * An event for the account's subscribed, enabled endpoints (Enterprise accounts only): one delivery each, enqueued
   * in `em`'s transaction when given (the event exists if and only if its cause commits). Answers the deliveries made.
   */
  async emit(
    userId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    options: { em?: EntityManager; messageKey?: string; wasEnterprise?: boolean } = {},
  ): Promise<number> {
    const run = async (tx: EntityManager): Promise<number> => {
      // An account leaving Enterprise still hears of that change (wasEnterprise), then nothing more.
      const endpoints = await this.repository.subscribedEndpoints(tx, userId, type, options.wasEnterprise === true);
      const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
      for (const endpointId of endpoints) {
        const messageId = options.messageKey ? `msg_${options.messageKey}_${endpointId.slice(0, 8)}` : `msg_${randomUUID().replace(/-/g, '')}`;
        await this.enqueue(tx, endpointId, messageId, payload);
      }
      return endpoints.length;
    };
    if (options.em?.isInTransaction()) return run(options.em);
    return this.em.fork().transactional(run);
  }

  private async enqueue(tx: EntityManager, endpointId: string, messageId: string, payload: WebhookPayload, once = false): Promise<string> {
    const id = randomUUID();
    await this.repository.insertDelivery(tx, id, endpointId, messageId, payload);
    const job: DeliveryJob = once ? { deliveryId: id, once } : { deliveryId: id };
    await this.jobs.send(WEBHOOK_QUEUE, job, { em: tx, key: id });
    return id;
  }

  private async deliveryView(id: string, row?: DeliveryRow): Promise<WebhookDeliveryView> {
    const d = row ?? (await this.repository.delivery(id))!;
    const attempts = await this.repository.attempts(id);
    return {
      id: d.id,
      endpointId: d.endpoint_id,
      messageId: d.message_id,
      eventType: d.event_type,
      payload: d.payload,
      status: d.status,
      attempts: d.attempts,
      responseCode: d.response_code,
      responseBody: d.response_body,
      durationMs: d.duration_ms,
      lastError: d.last_error,
      createdAt: iso(d.created_at)!,
      lastAttemptAt: iso(d.last_attempt_at),
      deliveredAt: iso(d.delivered_at),
      attemptLog: attempts.map((a) => ({
        at: iso(a.at)!,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        responseBody: a.response_body,
        error: a.error,
      })),
    };
  }

  // ---- the delivery job ----

  private async deliver(deliveryId: string, retryCount: number, once = false): Promise<void> {
    const d = await this.repository.deliveryToSend(deliveryId);
    if (!d || d.status === 'delivered') return;
    // A paused endpoint gets nothing more (a test event is sent to it all the same, on its owner's request).
    if (!d.enabled && d.event_type !== TEST_EVENT) {
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
    await this.em.fork().transactional(async (tx) => {
      await this.repository.recordAttempt(tx, deliveryId, ok, result, once);
      if (ok) await this.repository.clearFailing(tx, d.endpoint_id);
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
  private async noteFailure(tx: EntityManager, endpointId: string, userId: string, url: string): Promise<void> {
    // The app's clock, not the database's: "failing for 3 days" is measured the way the rest of the app tells time.
    const now = new Date();
    if (!(await this.repository.markFailing(tx, endpointId, now, new Date(now.getTime() - this.config.WEBHOOK_PAUSE_AFTER_HOURS * 3600_000)))) return;
    await this.repository.pauseFailing(tx, endpointId);
    const user = await this.repository.owner(tx, userId);
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
      { em: tx, key: `webhook-paused:${endpointId}:${Date.now()}` },
    );
  }
}
