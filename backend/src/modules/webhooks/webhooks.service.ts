import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';
import type { OrgAuditAction } from '../audit/org-audit.repository.js';
import { JobQueue } from '../jobs/job-queue.js';
import { checkUrl } from './url-guard.js';
import { WEBHOOK_QUEUE, WEBHOOK_VAULT } from './webhook-delivery.job.js';
import type { DeliveryJob } from './webhook-delivery.job.js';
import { TEST_EVENT } from './webhook-events.js';
import type { WebhookEventType, WebhookPayload } from './webhook-events.js';
import { WEBHOOK_LIMITS } from './webhook-limits.js';
import { sampleData } from './webhook-samples.js';
import { endpointView } from './webhook-views.js';
import type { WebhookDeliveryView, WebhookEndpointView } from './webhook-views.js';
import { WebhookLogService } from './webhook-log.service.js';
import { WebhookProblems } from './webhooks.errors.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { EndpointRow, OwnerRow } from './webhooks.repository.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';

export { WEBHOOK_QUEUE } from './webhook-delivery.job.js';

/** The member who changed an endpoint, for the organisation's audit. */
export interface WebhookActor {
  id: string;
  email: string;
}
export type { WebhookDeliveryView, WebhookEndpointView } from './webhook-views.js';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const newMessageId = (prefix = 'msg') => `${prefix}_${randomUUID().replace(/-/g, '')}`;
const customerName = (owner: OwnerRow | undefined) => (owner ? [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email : '');

/**
 * Webhook endpoints (Enterprise accounts) and the events sent to them. `emit` records one delivery per subscribed
 * endpoint and enqueues its job in the caller's transaction; WebhookDeliveryJob sends it. The log's reads (pages,
 * health) are WebhookLogService's.
 */
@Injectable()
export class WebhooksService {
  private readonly vault: SecretVault;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly log: WebhookLogService,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly audit: OrgAuditRepository,
  ) {
    this.vault = new SecretVault(config.secret, WEBHOOK_VAULT);
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

  /** The create and edit guard: https (or loopback when allowed), resolving to public addresses only. */
  private async checkedUrl(url: string): Promise<string> {
    const refusal = await checkUrl(url, this.config.WEBHOOK_ALLOW_PRIVATE);
    if (refusal) throw WebhookProblems.urlRefused(refusal);
    return new URL(url).toString();
  }

  async list(userId: string): Promise<WebhookEndpointView[]> {
    await this.requireEnterprise(userId);
    return this.log.withHealth(await this.repository.endpoints(userId));
  }

  async get(userId: string, id: string) {
    await this.requireEnterprise(userId);
    return this.log.detail(await this.ownEndpoint(userId, id));
  }

  /** The organisation's audit row of a member's change to an endpoint (issue 51), in the change's transaction. */
  private async audited(
    tx: WebhooksRepository,
    userId: string,
    actor: WebhookActor | undefined,
    action: OrgAuditAction,
    id: string,
    after: Record<string, unknown> | null,
  ) {
    if (!actor) return;
    const entry = { orgId: userId, actorId: actor.id, actorEmail: actor.email, action, targetType: 'webhook' as const, targetId: id, before: null, after };
    await this.audit.record(entry, tx.unitOfWork);
  }

  async create(
    userId: string,
    input: { url: string; events: string[]; description?: string | null },
    actor?: WebhookActor,
  ): Promise<WebhookEndpointView & { secret: string }> {
    await this.requireEnterprise(userId);
    const url = await this.checkedUrl(input.url);
    const secret = newSecret();
    const row = await this.repository.transaction(async (tx) => {
      const made = await tx.insertEndpoint(
        randomUUID(),
        userId,
        url,
        input.description ?? null,
        [...new Set(input.events)],
        this.vault.encrypt(secret),
        WEBHOOK_LIMITS.endpointsPerAccount,
      );
      if (made) await this.audited(tx, userId, actor, 'webhook.create', made.id, { url: made.url, events: made.events });
      return made;
    });
    if (!row) throw WebhookProblems.endpointLimit();
    return { ...endpointView(row), secret };
  }

  /** Edits the URL (checked as on create), events and description, or pauses and resumes. */
  async update(
    userId: string,
    id: string,
    input: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
    actor?: WebhookActor,
  ): Promise<WebhookEndpointView> {
    await this.requireEnterprise(userId);
    const row = await this.ownEndpoint(userId, id);
    const url = input.url !== undefined ? await this.checkedUrl(input.url) : row.url;
    const events = input.events !== undefined ? [...new Set(input.events)] : row.events;
    const updated = await this.repository.transaction(async (tx) => {
      const written = await tx.updateEndpoint(id, {
        url,
        events,
        description: input.description !== undefined ? input.description : row.description,
        enabled: input.enabled ?? row.enabled,
      });
      await this.audited(tx, userId, actor, 'webhook.update', id, { url: written.url, events: written.events });
      return written;
    });
    const [view] = await this.log.withHealth([updated]);
    return view;
  }

  async remove(userId: string, id: string, actor?: WebhookActor): Promise<void> {
    await this.ownEndpoint(userId, id);
    await this.repository.transaction(async (tx) => {
      await tx.deleteEndpoint(id);
      await this.audited(tx, userId, actor, 'webhook.delete', id, null);
    });
  }

  async rotateSecret(userId: string, id: string): Promise<WebhookEndpointView & { secret: string }> {
    await this.requireEnterprise(userId);
    await this.ownEndpoint(userId, id);
    const secret = newSecret();
    const row = await this.repository.setSecret(id, this.vault.encrypt(secret));
    return { ...endpointView(row), secret };
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
   * Delivers a test event to the endpoint (enabled or not, whatever it subscribed to): `webhook.test`, or any event
   * type with the documented sample data, its message id `msg_test_…`. Tried once unless `retry` asks for the retries
   * a real event gets (a test to a dead URL is not sent for 72 hours). Answers the delivery to follow.
   */
  async sendTest(userId: string, id: string, options: { type?: WebhookEventType | typeof TEST_EVENT; retry?: boolean } = {}): Promise<WebhookDeliveryView> {
    await this.requireEnterprise(userId);
    const endpoint = await this.ownEndpoint(userId, id);
    await this.throttleManualSend(userId, endpoint.id);
    const now = new Date();
    const type = options.type ?? TEST_EVENT;
    const payload: WebhookPayload = { type, timestamp: now.toISOString(), data: sampleData(type, endpoint.id, now) };
    const owner = await this.repository.owner(userId);
    const deliveryId = await this.repository.transaction((tx) =>
      this.enqueue(tx, { id: endpoint.id, url: endpoint.url }, customerName(owner), newMessageId('msg_test'), payload, options.retry !== true),
    );
    return this.log.delivery(deliveryId);
  }

  /** Sends a delivery's message again, as a new delivery with the same webhook-id (the receiver may dedupe). */
  async resend(userId: string, deliveryId: string): Promise<WebhookDeliveryView> {
    await this.requireEnterprise(userId);
    if (!isUuid(deliveryId)) throw WebhookProblems.deliveryNotFound();
    const row = await this.repository.deliveryOf(userId, deliveryId);
    if (!row) throw WebhookProblems.deliveryNotFound();
    await this.throttleManualSend(userId, row.endpoint_id);
    const endpoint = await this.ownEndpoint(userId, row.endpoint_id);
    const owner = await this.repository.owner(userId);
    const id = await this.repository.transaction((tx) =>
      this.enqueue(tx, { id: endpoint.id, url: endpoint.url }, customerName(owner), row.message_id, row.payload, false),
    );
    return this.log.delivery(id);
  }

  /**
   * An event for the account's subscribed, enabled endpoints (Enterprise accounts only): one delivery each, enqueued
   * in `em`'s transaction when given (the event exists if and only if its cause commits). Answers the deliveries made.
   */
  async emit(
    userId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    options: { em?: UnitOfWork; messageKey?: string; wasEnterprise?: boolean } = {},
  ): Promise<number> {
    return this.repository.within(options.em, async (tx) => {
      // An account leaving Enterprise still hears of that change (wasEnterprise), then nothing more.
      const endpoints = await tx.subscribedEndpoints(userId, type, options.wasEnterprise === true);
      if (!endpoints.length) return 0;
      const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
      const customer = customerName(await tx.owner(userId));
      for (const endpoint of endpoints) {
        const messageId = options.messageKey ? `msg_${options.messageKey}_${endpoint.id.slice(0, 8)}` : newMessageId();
        await this.enqueue(tx, endpoint, customer, messageId, payload, false);
      }
      return endpoints.length;
    });
  }

  private async enqueue(
    tx: WebhooksRepository,
    endpoint: { id: string; url: string },
    customer: string,
    messageId: string,
    payload: WebhookPayload,
    once: boolean,
  ): Promise<string> {
    const id = randomUUID();
    await tx.insertDelivery(id, endpoint.id, messageId, payload);
    const job: DeliveryJob = { deliveryId: id, ...(once && { once }), event: payload.type, to: new URL(endpoint.url).host, customer };
    await this.jobs.send(WEBHOOK_QUEUE, job, { em: tx.unitOfWork, key: id });
    return id;
  }
}
