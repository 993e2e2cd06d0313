import type { WebhookPayload } from './webhook-events.js';
import type { AttemptRow, HealthRow, HourRow } from './webhook-log.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** The window endpoint health is measured over. */
export const HEALTH_WINDOW_HOURS = 24;

/**
 * An endpoint's state as a page shows it: `disabled` after failures (paused by us), `paused` by its owner, `failing`
 * (its last attempts failed, retries under way), `healthy`, or `new` (never tried).
 */
export type EndpointState = 'healthy' | 'failing' | 'disabled' | 'paused' | 'new';

export interface EndpointHealthView {
  state: EndpointState;
  windowHours: number;
  /** Attempts in the window, and the 2xx among them. */
  attempts: number;
  succeeded: number;
  /** succeeded / attempts (0 to 1); null without attempts in the window. */
  successRate: number | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  /** Failed attempts since the last 2xx (all of them when none succeeded). */
  failuresSinceSuccess: number;
  failingSince: string | null;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  pausedReason: string | null;
  createdAt: string;
  updatedAt: string;
  health: EndpointHealthView;
}

export interface HealthHourView {
  hour: string;
  succeeded: number;
  failed: number;
}

export type WebhookEndpointDetailView = WebhookEndpointView & { hours: HealthHourView[] };

export interface WebhookAttemptView {
  id: string;
  at: string;
  statusCode: number | null;
  durationMs: number;
  /** The headers the attempt was sent with (its signature is its own); the body sent is the delivery's payload. */
  requestHeaders: Record<string, string>;
  /** The first 4 KiB of the answer. */
  responseBody: string | null;
  /** The answer's full size in bytes; more than 4096 means responseBody is cut. */
  responseBytes: number | null;
  responseTruncated: boolean;
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
  /** When the engine tries it next (a failing delivery waiting for its retry); null otherwise. */
  nextRetryAt: string | null;
  lastAttempt: WebhookAttemptView | null;
}

/** A page of a log, newest first; `nextCursor` asks for the next (older) page, null at the end. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function healthView(row: EndpointRow, health: HealthRow | undefined): EndpointHealthView {
  const attempts = Number(health?.attempts ?? 0);
  const succeeded = Number(health?.succeeded ?? 0);
  const state: EndpointState = !row.enabled
    ? row.paused_reason === 'failing'
      ? 'disabled'
      : 'paused'
    : row.failing_since
      ? 'failing'
      : health?.last_at
        ? 'healthy'
        : 'new';
  return {
    state,
    windowHours: HEALTH_WINDOW_HOURS,
    attempts,
    succeeded,
    successRate: attempts ? succeeded / attempts : null,
    lastAttemptAt: iso(health?.last_at ?? null),
    lastStatusCode: health?.last_status ?? null,
    lastError: health?.last_error ?? null,
    failuresSinceSuccess: Number(health?.failures_since_success ?? 0),
    failingSince: iso(row.failing_since),
  };
}

export function endpointView(row: EndpointRow, health?: HealthRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    pausedReason: row.paused_reason,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    health: healthView(row, health),
  };
}

/** The window's hours, oldest first, each with its attempts (none when it had none). */
export function hoursView(rows: HourRow[], now: Date): HealthHourView[] {
  const byHour = new Map(rows.map((r) => [new Date(r.hour).getTime(), r]));
  const last = Math.floor(now.getTime() / 3600_000) * 3600_000;
  return Array.from({ length: HEALTH_WINDOW_HOURS }, (_, i) => {
    const t = last - (HEALTH_WINDOW_HOURS - 1 - i) * 3600_000;
    const r = byHour.get(t);
    return { hour: new Date(t).toISOString(), succeeded: Number(r?.succeeded ?? 0), failed: Number(r?.failed ?? 0) };
  });
}

export function attemptView(a: AttemptRow, kept: number): WebhookAttemptView {
  return {
    id: a.id,
    at: iso(a.at)!,
    statusCode: a.status_code,
    durationMs: a.duration_ms,
    requestHeaders: a.request_headers ?? {},
    responseBody: a.response_body,
    responseBytes: a.response_bytes,
    responseTruncated: a.response_bytes !== null && a.response_bytes > kept,
    error: a.error,
  };
}

export function deliveryView(d: DeliveryRow, last: WebhookAttemptView | null, nextRetryAt: Date | null): WebhookDeliveryView {
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
    nextRetryAt: d.status === 'failing' || d.status === 'pending' ? iso(nextRetryAt) : null,
    lastAttempt: last,
  };
}

/** A page from `limit + 1` rows: the extra row only says there is a next page, whose cursor is the last row kept. */
export function page<R extends { id: string }, V>(rows: R[], limit: number, view: (rows: R[]) => V[]): Page<V> {
  const kept = rows.slice(0, limit);
  return { data: view(kept), nextCursor: rows.length > limit ? kept[kept.length - 1].id : null };
}
