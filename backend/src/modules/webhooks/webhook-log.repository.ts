import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

export interface AttemptRow {
  id: string;
  delivery_id: string;
  at: Date;
  request_headers: Record<string, string> | null;
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  response_bytes: number | null;
  error: string | null;
}

/** An endpoint's health over a window: attempts, the 2xx among them, the last attempt and the failures since the last success. */
export interface HealthRow {
  endpoint_id: string;
  attempts: string;
  succeeded: string;
  last_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  failures_since_success: string;
}

/** One hour of an endpoint's attempts. */
export interface HourRow {
  hour: Date;
  succeeded: string;
  failed: string;
}

/** A failing or failure-paused endpoint, with its owner, for the console. */
export type FailingEndpointRow = EndpointRow & { email: string; first_name: string | null; last_name: string | null };

const ATTEMPT_COLUMNS = 'id::text as id, delivery_id, at, request_headers, status_code, duration_ms, response_body, response_bytes, error';
const OK = 'status_code between 200 and 299';

/**
 * The webhooks' delivery log as read (pages of deliveries and attempts, endpoint health), after immich's
 * server/src/repositories. Pages go by keyset: the cursor is the last row's id, newest first, so a page costs the
 * same however deep it is and a delivery retried meanwhile does not shift the next page.
 */
@Injectable()
export class WebhookLogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` deliveries of the endpoint older than the delivery `before` (newest first), filtered by status when given. */
  deliveries(endpointId: string, limit: number, before?: string, status?: string): Promise<DeliveryRow[]> {
    const params: unknown[] = [endpointId];
    let where = 'endpoint_id = ?';
    if (before) {
      where += ' and (created_at, id) < (select created_at, id from webhook_deliveries where id = ? and endpoint_id = ?)';
      params.push(before, endpointId);
    }
    if (status) {
      where += ' and status = ?';
      params.push(status);
    }
    return this.em
      .fork()
      .execute<DeliveryRow[]>(`select * from webhook_deliveries where ${where} order by created_at desc, id desc limit ?`, [...params, limit]);
  }

  /** Up to `limit` attempts of the delivery older than the attempt `before`, newest first. */
  attempts(deliveryId: string, limit: number, before?: string): Promise<AttemptRow[]> {
    const params: unknown[] = [deliveryId];
    let where = 'delivery_id = ?';
    if (before) {
      where += ' and id < ?';
      params.push(before);
    }
    return this.em.fork().execute<AttemptRow[]>(`select ${ATTEMPT_COLUMNS} from webhook_attempts where ${where} order by id desc limit ?`, [...params, limit]);
  }

  /** The latest attempt of each of these deliveries. */
  lastAttempts(deliveryIds: string[]): Promise<AttemptRow[]> {
    if (!deliveryIds.length) return Promise.resolve([]);
    return this.em
      .fork()
      .execute<AttemptRow[]>(
        `select distinct on (delivery_id) ${ATTEMPT_COLUMNS} from webhook_attempts where delivery_id = any(?::uuid[]) order by delivery_id, id desc`,
        [`{${deliveryIds.join(',')}}`],
      );
  }

  /** Each endpoint's attempts since `since` and the 2xx among them, its last attempt, and its failed attempts since its last success. */
  health(endpointIds: string[], since: Date): Promise<HealthRow[]> {
    if (!endpointIds.length) return Promise.resolve([]);
    return this.em.fork().execute<HealthRow[]>(
      `select e.id as endpoint_id, w.attempts, w.succeeded, l.at as last_at, l.status_code as last_status, l.error as last_error, f.failures_since_success
         from unnest(?::uuid[]) as e(id)
         cross join lateral (select count(*) as attempts, count(*) filter (where ${OK}) as succeeded
                               from webhook_attempts where endpoint_id = e.id and at >= ?) w
         left join lateral (select at, status_code, error from webhook_attempts where endpoint_id = e.id order by at desc, id desc limit 1) l on true
         cross join lateral (select count(*) as failures_since_success from webhook_attempts a
                              where a.endpoint_id = e.id and not coalesce(a.${OK}, false)
                                and a.at > coalesce((select max(at) from webhook_attempts s where s.endpoint_id = e.id and s.${OK}), '-infinity')) f`,
      [`{${endpointIds.join(',')}}`, since],
    );
  }

  /** The endpoint's attempts since `since`, by hour (UTC hours), the hours without attempts left out. */
  hours(endpointId: string, since: Date): Promise<HourRow[]> {
    return this.em.fork().execute<HourRow[]>(
      `select date_trunc('hour', at) as hour, count(*) filter (where ${OK}) as succeeded, count(*) filter (where not coalesce(${OK}, false)) as failed
         from webhook_attempts where endpoint_id = ? and at >= ? group by 1 order by 1`,
      [endpointId, since],
    );
  }

  /** Endpoints failing now or paused after failures, longest failing first, with their owners (the console's). */
  failingEndpoints(limit: number): Promise<FailingEndpointRow[]> {
    return this.em.fork().execute<FailingEndpointRow[]>(
      `select e.*, u.email, u.first_name, u.last_name from webhook_endpoints e join users u on u.id = e.user_id
        where e.failing_since is not null or e.paused_reason = 'failing'
        order by e.failing_since nulls last, e.updated_at desc limit ?`,
      [limit],
    );
  }
}
