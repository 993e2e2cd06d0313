import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import type { WebhookEventType, WebhookPayload } from './webhook-events.js';

export interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  description: string | null;
  events: string[];
  secret_enc: string;
  enabled: boolean;
  paused_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  payload: WebhookPayload;
  status: string;
  attempts: number;
  response_code: number | null;
  response_body: string | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

/** A delivery with what its job needs of the endpoint. */
export type DeliveryToSend = DeliveryRow & { url: string; secret_enc: string; enabled: boolean; user_id: string };

/** One POST's outcome as the delivery log keeps it: at most 4 KiB of the answer, and its full size. */
export interface AttemptOutcome {
  statusCode: number | null;
  body: string | null;
  /** The answer's size in bytes (null without an answer). */
  bytes: number | null;
  error: string | null;
  durationMs: number;
}

/** Who owns an endpoint, for a job's summary and a pause mail. */
export interface OwnerRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The webhooks' writes (webhook_endpoints, webhook_deliveries, webhook_attempts), after immich's
 * server/src/repositories: one statement a method, no rule of webhooks'. The injected instance runs each statement on
 * a fresh fork; `transaction(work)` and `within(callerUnitOfWork, work)` (BoundRepository) hand `work` one bound to a
 * transaction, whose `unitOfWork` the job queue's `send` joins. The delivery log's reads are in WebhookLogRepository.
 */
@Injectable()
export class WebhooksRepository extends BoundRepository {
  private bound = false;

  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    const repository = new WebhooksRepository(em);
    repository.bound = true;
    return repository as this;
  }

  /** The bound unit of work, or a fresh fork a statement for the injected instance. */
  private get db(): EntityManager {
    return this.bound ? this.em : this.em.fork();
  }

  /** The account's plan, or undefined when there is no such account. */
  async planOf(userId: string): Promise<string | undefined> {
    const [user] = await this.db.execute<{ plan: string }[]>('select plan from users where id = ?', [userId]);
    return user?.plan;
  }

  async endpointOf(userId: string, id: string): Promise<EndpointRow | undefined> {
    const [row] = await this.db.execute<EndpointRow[]>('select * from webhook_endpoints where id = ? and user_id = ?', [id, userId]);
    return row;
  }

  /** The account's endpoints, newest first. */
  endpoints(userId: string): Promise<EndpointRow[]> {
    return this.db.execute<EndpointRow[]>('select * from webhook_endpoints where user_id = ? order by created_at desc, id', [userId]);
  }

  /**
   * Adds an endpoint unless the account has `limit` already (null then). The count and the insert are one statement
   * under a per-account transaction lock, so two concurrent additions cannot both take the last place.
   */
  async insertEndpoint(
    id: string,
    userId: string,
    url: string,
    description: string | null,
    events: string[],
    secretEnc: string,
    limit: number,
  ): Promise<EndpointRow | null> {
    const insert = async (tx: EntityManager) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('webhook-endpoints:' || ?))`, [userId]);
      const [row] = await tx.execute<EndpointRow[]>(
        `insert into webhook_endpoints (id, user_id, url, description, events, secret_enc)
         select ?, ?, ?, ?, ?::jsonb, ? where (select count(*) from webhook_endpoints where user_id = ?) < ? returning *`,
        [id, userId, url, description, JSON.stringify(events), secretEnc, userId, limit],
      );
      return row ?? null;
    };
    // Bound to a caller's transaction, the lock lasts until it commits; otherwise the statement has one of its own.
    return this.bound ? insert(this.em) : this.em.fork().transactional(insert);
  }

  /** Writes the endpoint's settings: enabling clears the pause and its failing time, disabling is the owner's pause unless already paused. */
  async updateEndpoint(id: string, set: { url: string; events: string[]; description: string | null; enabled: boolean }): Promise<EndpointRow> {
    const [updated] = await this.db.execute<EndpointRow[]>(
      `update webhook_endpoints set url = ?, events = ?::jsonb, description = ?, enabled = ?,
         paused_reason = case when ? then null else coalesce(paused_reason, 'owner') end,
         failing_since = case when ? and not enabled then null else failing_since end, updated_at = now()
       where id = ? returning *`,
      [set.url, JSON.stringify(set.events), set.description, set.enabled, set.enabled, set.enabled, id],
    );
    return updated;
  }

  async deleteEndpoint(id: string): Promise<void> {
    await this.db.execute('delete from webhook_endpoints where id = ?', [id]);
  }

  async setSecret(id: string, secretEnc: string): Promise<EndpointRow> {
    const [row] = await this.db.execute<EndpointRow[]>('update webhook_endpoints set secret_enc = ?, updated_at = now() where id = ? returning *', [
      secretEnc,
      id,
    ]);
    return row;
  }

  /** A delivery of one of the account's endpoints. */
  async deliveryOf(userId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.db.execute<DeliveryRow[]>(
      'select d.* from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ? and e.user_id = ?',
      [deliveryId, userId],
    );
    return row;
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.db.execute<DeliveryRow[]>('select * from webhook_deliveries where id = ?', [id]);
    return row;
  }

  /** The account's enabled endpoints subscribed to `type`, while it is Enterprise (or was, `wasEnterprise`) and open. */
  subscribedEndpoints(userId: string, type: WebhookEventType, wasEnterprise: boolean): Promise<{ id: string; url: string }[]> {
    return this.db.execute<{ id: string; url: string }[]>(
      `select e.id, e.url from webhook_endpoints e join users u on u.id = e.user_id
        where e.user_id = ? and e.enabled and (u.plan = 'enterprise' or ?) and u.closed_at is null and e.events @> ?::jsonb`,
      [userId, wasEnterprise, JSON.stringify([type])],
    );
  }

  async insertDelivery(id: string, endpointId: string, messageId: string, payload: WebhookPayload): Promise<void> {
    await this.db.execute('insert into webhook_deliveries (id, endpoint_id, message_id, event_type, payload) values (?, ?, ?, ?, ?::jsonb)', [
      id,
      endpointId,
      messageId,
      payload.type,
      JSON.stringify(payload),
    ]);
  }

  async deliveryToSend(deliveryId: string): Promise<DeliveryToSend | undefined> {
    const [d] = await this.db.execute<DeliveryToSend[]>(
      `select d.*, e.url, e.secret_enc, e.enabled, e.user_id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ?`,
      [deliveryId],
    );
    return d;
  }

  async skipPaused(deliveryId: string): Promise<void> {
    await this.db.execute(`update webhook_deliveries set status = 'skipped', last_error = 'endpoint paused' where id = ?`, [deliveryId]);
  }

  /**
   * One attempt in the log, with the headers it was sent with, and its outcome on the delivery: a failed one leaves
   * the delivery `failing` (retried), or `failed` when it is the `last`.
   */
  async recordAttempt(
    delivery: { id: string; endpointId: string },
    ok: boolean,
    headers: Record<string, string>,
    result: AttemptOutcome,
    last = false,
  ): Promise<void> {
    await this.db.execute(
      `insert into webhook_attempts (delivery_id, endpoint_id, request_headers, status_code, duration_ms, response_body, response_bytes, error)
       values (?, ?, ?::jsonb, ?, ?, ?, ?, ?)`,
      [delivery.id, delivery.endpointId, JSON.stringify(headers), result.statusCode, result.durationMs, result.body, result.bytes, result.error],
    );
    await this.db.execute(
      `update webhook_deliveries set attempts = attempts + 1, status = ?, response_code = ?, response_body = ?, duration_ms = ?, last_error = ?,
         last_attempt_at = now(), delivered_at = case when ? then now() else null end where id = ?`,
      [ok ? 'delivered' : last ? 'failed' : 'failing', result.statusCode, result.body, result.durationMs, result.error, ok, delivery.id],
    );
  }

  async clearFailing(endpointId: string): Promise<void> {
    await this.db.execute('update webhook_endpoints set failing_since = null where id = ?', [endpointId]);
  }

  /** The endpoint failing since `now` unless it already was; answers whether it is enabled and failing since `pauseBefore` or earlier. */
  async markFailing(endpointId: string, now: Date, pauseBefore: Date): Promise<boolean> {
    const [row] = await this.db.execute<{ paused: boolean }[]>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, ?) where id = ?
        returning enabled and failing_since <= ? as paused`,
      [now, endpointId, pauseBefore],
    );
    return row?.paused === true;
  }

  async pauseFailing(endpointId: string): Promise<void> {
    await this.db.execute(`update webhook_endpoints set enabled = false, paused_reason = 'failing', updated_at = now() where id = ?`, [endpointId]);
  }

  /** Who an endpoint's pause mail goes to, and whose work a delivery job is. */
  async owner(userId: string): Promise<OwnerRow | undefined> {
    const [user] = await this.db.execute<OwnerRow[]>('select email, first_name, last_name from users where id = ?', [userId]);
    return user;
  }
}
