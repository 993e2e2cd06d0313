/**
 * Answers given without using the quota: refused before the limit was counted (unknown/inactive key, restrictions,
 * format or media type, a server shutting down) or by the limit itself. Every other metered answer used one request.
 */
export const UNCOUNTED_STATUSES: readonly number[] = [401, 403, 406, 415, 429, 503];

/**
 * Whether an answer is charged: it used the quota and counts in the quota's totals. Never a refusal before counting
 * (UNCOUNTED_STATUSES) and never a 5xx, an answer the server failed to give (the key guard's count is taken back,
 * MeteringHook). Every answer keeps its usage row, so the request log shows the failure with its request id; the
 * status code is what marks it not charged (the SQL twin: `status_code < 500 and status_code <> all(UNCOUNTED)`).
 */
export function usesQuota(statusCode: number): boolean {
  return statusCode < 500 && !UNCOUNTED_STATUSES.includes(statusCode);
}

/** One metered request, as buffered before it is written. */
export interface UsageRow {
  /** When it was answered, epoch milliseconds (no Date per request on the hot path). */
  timestamp: number;
  userId: string;
  keyId: string;
  /** The route pattern, e.g. /api/time/current (never the raw URL with its query). */
  endpoint: string;
  method: string;
  statusCode: number;
  responseMs: number;
  ipAddress: string | null;
  /** The request's X-Request-Id (the request log's search finds a row by it). */
  requestId?: string | null;
  /** The problem document's `code` of an error answer. */
  problemCode?: string | null;
  /** The query string without secrets (see loggedQuery), for the request log's detail. */
  query?: string | null;
  /** Unique per row, given by the writer's write-ahead log: a replayed row is never written twice. */
  rowId?: number;
}

/** What the customer's usage API answers for one record. */
export interface UsageRecordView {
  id: string;
  endpoint: string;
  method: string;
  statusCode: number;
  responseTime: number;
  ipAddress: string | null;
  timestamp: string;
  keyId: string;
  keyName: string | null;
  /** The request log's id of this row (the detail drawer opens it). */
  logId: string;
}
