/**
 * One page of the request log over both places a request is kept while usage_records rows are moved into batches
 * (issue 53): the rows written before batches (usage_records) and the batches' events (usage-batch-reads.ts), read
 * in one snapshot and merged in the log's order (request-log-id.ts). The request log, the usage list and the exports
 * all page through here.
 */
import { usageTransaction } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { boundsAfter, newestFirst } from './request-log-id.js';
import type { LogPosition } from './request-log-id.js';
import { FOUND_BY_TIME_MS, requestIdTime } from './request-id-time.js';
import { batchPage } from './usage-batch-reads.js';
import type { BatchLogRow, LogFilters, LoggedRequest, UsageReader } from './usage-batch-reads.js';

/** A filtered page of the request log: every set filter is a condition on the rows and a skip on the batches' summary. */
export interface RequestLogQuery extends LogFilters {
  /** Keyset: requests strictly older than this position. */
  before?: LogPosition;
}

export interface RequestLogRow extends LoggedRequest {
  position: LogPosition;
  timestamp: Date;
}

/**
 * The page: the first `limit` of each kind past the cursor, merged. Repeatable read, so that a step of the move
 * (UsageRecordsMove, rows deleted and their batch inserted in one transaction) shows each request once, as a row or as
 * an event, never both nor neither.
 */
export function logPage(pool: UsagePool, q: RequestLogQuery): Promise<RequestLogRow[]> {
  return usageTransaction(
    pool,
    async (db) => {
      const bounds = q.before ? boundsAfter(q.before) : null;
      const rows = await legacyPage(db, q, bounds?.rows);
      const events = await batchPage(db, { ...q, before: bounds ? { ...bounds.events, batchStart: 0 } : undefined });
      return [...rows, ...events.map(fromEvent)].sort((a, b) => newestFirst(a.position, b.position)).slice(0, q.limit);
    },
    'begin isolation level repeatable read read only',
  );
}

function fromEvent({ at, batch, batchStart, n, ...request }: BatchLogRow): RequestLogRow {
  return { ...request, position: { kind: 'event', at, batch, batchStart, n }, timestamp: new Date(at) };
}

export const ROW_COLUMNS = `r.id::text as id, r."timestamp"::text as ts, r."timestamp", r.method, r.endpoint, r.status_code, r.response_ms,
  r.key_id, k.name as key_name, r.request_id, r.problem_code, r.ip_address`;

export interface DbRow {
  id: string;
  ts: string;
  timestamp: Date;
  method: string;
  endpoint: string;
  status_code: number;
  response_ms: number;
  key_id: string;
  key_name: string | null;
  request_id: string | null;
  problem_code: string | null;
  ip_address: string | null;
}

export function fromRow(r: DbRow): RequestLogRow {
  return {
    position: { kind: 'row', ts: r.ts, id: r.id },
    timestamp: r.timestamp,
    method: r.method,
    endpoint: r.endpoint,
    statusCode: r.status_code,
    responseMs: Math.round(r.response_ms * 100) / 100,
    keyId: r.key_id,
    keyName: r.key_name,
    requestId: r.request_id,
    problemCode: r.problem_code,
    ipAddress: r.ip_address,
  };
}

/**
 * The usage_records rows of a page (see Migration20261127001100_request_log): only the filters that are set become
 * conditions, so the planner sees each one and picks the index that leads with it; pages are keyset ranges, never
 * OFFSET. `before` is a row's (timestamp, id), or with a null id an event's instant (rows at it come after the event).
 */
async function legacyPage(db: UsageReader, q: RequestLogQuery, before?: { ts: string; id: string | null }): Promise<RequestLogRow[]> {
  const params: unknown[] = [q.userId, q.from, q.to];
  const where = [`r.user_id = $1`, `r."timestamp" >= $2::timestamptz`, `r."timestamp" <= $3::timestamptz`];
  const param = (value: unknown) => `$${params.push(value)}`;
  const add = (sql: (p: string) => string, value: unknown) => where.push(sql(param(value)));
  if (q.keyId) add((p) => `r.key_id = ${p}::uuid`, q.keyId);
  if (q.endpoint) add((p) => `r.endpoint = ${p}`, q.endpoint);
  if (q.statusClass) add((p) => `(r.status_code / 100) = ${p}::int`, q.statusClass);
  if (q.status) add((p) => `r.status_code = ${p}::smallint`, q.status);
  if (before) {
    // The plain bound lets the planner skip newer partitions; the row comparison is the keyset itself.
    const ts = param(before.ts);
    where.push(`r."timestamp" <= ${ts}::timestamptz`);
    if (before.id !== null) where.push(`(r."timestamp", r.id) < (${ts}::timestamptz, ${param(before.id)}::bigint)`);
  }
  // A request id is looked up in the request id index, and when it is a UUIDv7 of the API's also in the two seconds
  // around its time, where the rows the index leaves out are (request-id-time.ts): two ranges, disjoint by the flag.
  const arms: string[][] = [[]];
  if (q.requestId) {
    const id = param(q.requestId);
    arms[0] = [`r.request_id = ${id}`, `r.request_id_indexed`];
    const at = requestIdTime(q.requestId);
    if (at !== null) {
      const [lo, hi] = [param(new Date(at - FOUND_BY_TIME_MS)), param(new Date(at + FOUND_BY_TIME_MS))];
      arms.push([`r.request_id = ${id}`, `not r.request_id_indexed`, `r."timestamp" >= ${lo}::timestamptz`, `r."timestamp" <= ${hi}::timestamptz`]);
    }
  }
  const limit = param(q.limit);
  const select = (arm: string[]) =>
    `select ${ROW_COLUMNS} from usage_records r left join api_keys k on k.id = r.key_id
     where ${[...where, ...arm].join(' and ')}
     order by r."timestamp" desc, r.id desc limit ${limit}`;
  const sql =
    arms.length === 1
      ? select(arms[0])
      : `select * from (${arms.map((arm) => `(${select(arm)})`).join(' union all ')}) u order by "timestamp" desc, id::bigint desc limit ${limit}`;
  const { rows } = await db.query<DbRow>(sql, params);
  return rows.map(fromRow);
}
