import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
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

export interface AttemptRow {
  at: Date;
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
}

/** A delivery with what its job needs of the endpoint. */
export type DeliveryToSend = DeliveryRow & { url: string; secret_enc: string; enabled: boolean; user_id: string };

/** One POST's outcome as the delivery log keeps it. */
export interface AttemptOutcome {
  statusCode: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** The webhooks' SQL (webhook_endpoints, webhook_deliveries, webhook_attempts), after immich's server/src/repositories: one statement a method, no rule of webhooks'. */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account's plan, or undefined when there is no such account. */
  async planOf(userId: string): Promise<string | undefined> {
    const [user] = await this.em.fork().execute<{ plan: string }[]>('select plan from users where id = ?', [userId]);
    return user?.plan;
  }

  async endpointOf(userId: string, id: string): Promise<EndpointRow | undefined> {
    const [row] = await this.em.fork().execute<EndpointRow[]>('select * from webhook_endpoints where id = ? and user_id = ?', [id, userId]);
    return row;
  }

  /** The account's endpoints, newest first. */
  endpoints(userId: string): Promise<EndpointRow[]> {
    return this.em.fork().execute<EndpointRow[]>('select * from webhook_endpoints where user_id = ? order by created_at desc, id', [userId]);
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
    return this.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('webhook-endpoints:' || ?))`, [userId]);
      const [row] = await tx.execute<EndpointRow[]>(
        `insert into webhook_endpoints (id, user_id, url, description, events, secret_enc)
         select ?, ?, ?, ?, ?::jsonb, ? where (select count(*) from webhook_endpoints where user_id = ?) < ? returning *`,
        [id, userId, url, description, JSON.stringify(events), secretEnc, userId, limit],
      );
      return row ?? null;
    });
  }

  /** Writes the endpoint's settings: enabling clears the pause and its failing time, disabling is the owner's pause unless already paused. */
  async updateEndpoint(id: string, set: { url: string; events: string[]; description: string | null; enabled: boolean }): Promise<EndpointRow> {
    const [updated] = await this.em.fork().execute<EndpointRow[]>(
      `update webhook_endpoints set url = ?, events = ?::jsonb, description = ?, enabled = ?,
         paused_reason = case when ? then null else coalesce(paused_reason, 'owner') end,
         failing_since = case when ? and not enabled then null else failing_since end, updated_at = now()
       where id = ? returning *`,
      [set.url, JSON.stringify(set.events), set.description, set.enabled, set.enabled, set.enabled, id],
    );
    return updated;
  }

  async deleteEndpoint(id: string): Promise<void> {
    await this.em.fork().execute('delete from webhook_endpoints where id = ?', [id]);
  }

  async setSecret(id: string, secretEnc: string): Promise<EndpointRow> {
    const [row] = await this.em
      .fork()
      .execute<EndpointRow[]>('update webhook_endpoints set secret_enc = ?, updated_at = now() where id = ? returning *', [secretEnc, id]);
    return row;
  }

  /** The endpoint's latest deliveries, newest first. */
  deliveries(endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return this.em
      .fork()
      .execute<DeliveryRow[]>('select * from webhook_deliveries where endpoint_id = ? order by created_at desc, id limit ?', [endpointId, limit]);
  }

  /** A delivery of one of the account's endpoints. */
  async deliveryOf(userId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.em
      .fork()
      .execute<DeliveryRow[]>('select d.* from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ? and e.user_id = ?', [
        deliveryId,
        userId,
      ]);
    return row;
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.em.fork().execute<DeliveryRow[]>('select * from webhook_deliveries where id = ?', [id]);
    return row;
  }

  /** The delivery's attempts, oldest first. */
  attempts(deliveryId: string): Promise<AttemptRow[]> {
    return this.em
      .fork()
      .execute<AttemptRow[]>('select at, status_code, duration_ms, response_body, error from webhook_attempts where delivery_id = ? order by at, id', [
        deliveryId,
      ]);
  }

  /** In `tx`: the account's enabled endpoints subscribed to `type`, while it is Enterprise (or was, `wasEnterprise`) and open. */
  async subscribedEndpoints(tx: EntityManager, userId: string, type: WebhookEventType, wasEnterprise: boolean): Promise<string[]> {
    const rows = await tx.execute<{ id: string }[]>(
      `select e.id from webhook_endpoints e join users u on u.id = e.user_id
        where e.user_id = ? and e.enabled and (u.plan = 'enterprise' or ?) and u.closed_at is null and e.events @> ?::jsonb`,
      [userId, wasEnterprise, JSON.stringify([type])],
    );
    return rows.map((r) => r.id);
  }

  async insertDelivery(tx: EntityManager, id: string, endpointId: string, messageId: string, payload: WebhookPayload): Promise<void> {
    await tx.execute('insert into webhook_deliveries (id, endpoint_id, message_id, event_type, payload) values (?, ?, ?, ?, ?::jsonb)', [
      id,
      endpointId,
      messageId,
      payload.type,
      JSON.stringify(payload),
    ]);
  }

  async deliveryToSend(deliveryId: string): Promise<DeliveryToSend | undefined> {
    const [d] = await this.em
      .fork()
      .execute<DeliveryToSend[]>(
        `select d.*, e.url, e.secret_enc, e.enabled, e.user_id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ?`,
        [deliveryId],
      );
    return d;
  }

  async skipPaused(deliveryId: string): Promise<void> {
    await this.em.fork().execute(`update webhook_deliveries set status = 'skipped', last_error = 'endpoint paused' where id = ?`, [deliveryId]);
  }

  /** In `tx`: the attempt in the log and its outcome on the delivery. */
  /** One attempt; a failed one leaves the delivery `failing` (retried), or `failed` when it is the `last`. */
  async recordAttempt(tx: EntityManager, deliveryId: string, ok: boolean, result: AttemptOutcome, last = false): Promise<void> {
    await tx.execute('insert into webhook_attempts (delivery_id, status_code, duration_ms, response_body, error) values (?, ?, ?, ?, ?)', [
      deliveryId,
      result.statusCode,
      result.durationMs,
      result.body,
      result.error,
    ]);
    await tx.execute(
      `update webhook_deliveries set attempts = attempts + 1, status = ?, response_code = ?, response_body = ?, duration_ms = ?, last_error = ?,
         last_attempt_at = now(), delivered_at = case when ? then now() else null end where id = ?`,
      [ok ? 'delivered' : last ? 'failed' : 'failing', result.statusCode, result.body, result.durationMs, result.error, ok, deliveryId],
    );
  }

  async clearFailing(tx: EntityManager, endpointId: string): Promise<void> {
    await tx.execute('update webhook_endpoints set failing_since = null where id = ?', [endpointId]);
  }

  /** In `tx`: the endpoint failing since `now` unless it already was; answers whether it is enabled and failing since `pauseBefore` or earlier. */
  async markFailing(tx: EntityManager, endpointId: string, now: Date, pauseBefore: Date): Promise<boolean> {
    const [row] = await tx.execute<{ paused: boolean }[]>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, ?) where id = ?
        returning enabled and failing_since <= ? as paused`,
      [now, endpointId, pauseBefore],
    );
    return row?.paused === true;
  }

  async pauseFailing(tx: EntityManager, endpointId: string): Promise<void> {
    await tx.execute(`update webhook_endpoints set enabled = false, paused_reason = 'failing', updated_at = now() where id = ?`, [endpointId]);
  }

  /** In `tx`: who an endpoint's pause mail goes to. */
  async owner(tx: EntityManager, userId: string): Promise<{ email: string; first_name: string | null; last_name: string | null } | undefined> {
    const [user] = await tx.execute<{ email: string; first_name: string | null; last_name: string | null }[]>(
      'select email, first_name, last_name from users where id = ?',
      [userId],
    );
    return user;
  }
}
