import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import { JobQueue } from '../jobs/job-queue.js';
import { WEBHOOK_QUEUE } from './webhook-delivery.job.js';
import { WebhookLogRepository } from './webhook-log.repository.js';
import { BODY_KEPT } from './webhook-sender.js';
import { attemptView, deliveryView, endpointView, HEALTH_WINDOW_HOURS, hoursView, page } from './webhook-views.js';
import type { Page, WebhookAttemptView, WebhookDeliveryView, WebhookEndpointDetailView, WebhookEndpointView } from './webhook-views.js';
import { WebhookProblems } from './webhooks.errors.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** The delivery statuses a page may filter on. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failing', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface FailingEndpointView extends WebhookEndpointView {
  userId: string;
  customer: string;
  email: string;
}

const clamp = (n: number | undefined, fallback: number, max: number) => Math.min(max, Math.max(1, Math.floor(n ?? fallback)));

/**
 * The delivery log as an endpoint's page reads it: endpoint health (success rate over the last day, last status,
 * failures since the last success, the hour-by-hour chart), deliveries and their attempts in pages (an attempt with
 * its request headers and the first 4 KiB of the answer), and the next retry time, read from the job engine.
 */
@Injectable()
export class WebhookLogService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly log: WebhookLogRepository,
    private readonly jobs: JobQueue,
  ) {}

  private since(now = new Date()): Date {
    return new Date(now.getTime() - HEALTH_WINDOW_HOURS * 3600_000);
  }

  async withHealth(rows: EndpointRow[]): Promise<WebhookEndpointView[]> {
    const health = new Map(
      (
        await this.log.health(
          rows.map((r) => r.id),
          this.since(),
        )
      ).map((h) => [h.endpoint_id, h]),
    );
    return rows.map((r) => endpointView(r, health.get(r.id)));
  }

  async detail(row: EndpointRow): Promise<WebhookEndpointDetailView> {
    const now = new Date();
    const [[view], hours] = await Promise.all([this.withHealth([row]), this.log.hours(row.id, this.since(now))]);
    return { ...view, hours: hoursView(hours, now) };
  }

  private async views(rows: DeliveryRow[]): Promise<WebhookDeliveryView[]> {
    const waiting = rows.filter((r) => r.status === 'failing' || r.status === 'pending').map((r) => r.id);
    const [last, runs] = await Promise.all([this.log.lastAttempts(rows.map((r) => r.id)), this.jobs.nextRuns(WEBHOOK_QUEUE, waiting)]);
    const lastOf = new Map(last.map((a) => [a.delivery_id, attemptView(a, BODY_KEPT)]));
    return rows.map((r) => deliveryView(r, lastOf.get(r.id) ?? null, runs.get(r.id) ?? null));
  }

  async delivery(id: string): Promise<WebhookDeliveryView> {
    const [view] = await this.views([(await this.repository.delivery(id))!]);
    return view;
  }

  /** A page of the endpoint's deliveries, newest first, each with its last attempt and next retry. */
  async deliveries(
    userId: string,
    endpointId: string,
    query: { limit?: number; cursor?: string; status?: DeliveryStatus },
  ): Promise<Page<WebhookDeliveryView>> {
    if (!isUuid(endpointId) || !(await this.repository.endpointOf(userId, endpointId))) throw WebhookProblems.notFound();
    if (query.cursor !== undefined && !isUuid(query.cursor)) throw WebhookProblems.badCursor();
    const limit = clamp(query.limit, 20, 100);
    const rows = await this.log.deliveries(endpointId, limit + 1, query.cursor, query.status);
    const kept = rows.slice(0, limit);
    const data = await this.views(kept);
    return page(rows, limit, () => data);
  }

  /** A page of a delivery's attempts, newest first (a failing delivery is tried for up to 72 hours: about 80 attempts). */
  async attempts(userId: string, deliveryId: string, query: { limit?: number; cursor?: string }): Promise<Page<WebhookAttemptView>> {
    if (!isUuid(deliveryId) || !(await this.repository.deliveryOf(userId, deliveryId))) throw WebhookProblems.deliveryNotFound();
    if (query.cursor !== undefined && !/^\d{1,18}$/.test(query.cursor)) throw WebhookProblems.badCursor();
    const limit = clamp(query.limit, 10, 50);
    const rows = await this.log.attempts(deliveryId, limit + 1, query.cursor);
    return page(rows, limit, (kept) => kept.map((a) => attemptView(a, BODY_KEPT)));
  }

  /** An account's endpoints with their health, for the console's user page. */
  async ofAccount(userId: string): Promise<WebhookEndpointView[]> {
    if (!isUuid(userId)) return [];
    return this.withHealth(await this.repository.endpoints(userId));
  }

  /** Failing and failure-paused endpoints across accounts, with their owners, for the console. */
  async failing(limit = 100): Promise<FailingEndpointView[]> {
    const rows = await this.log.failingEndpoints(limit);
    const views = await this.withHealth(rows);
    return views.map((v, i) => ({
      ...v,
      userId: rows[i].user_id,
      email: rows[i].email,
      customer: [rows[i].first_name, rows[i].last_name].filter(Boolean).join(' ') || rows[i].email,
    }));
  }
}
