/**
 * How one flush of usage rows becomes SQL: the rows as column arrays with a dictionary of their callers, the daily
 * roll-ups in lock order, and the late rows whose kept request-log stats must be forgotten. UsageRepository.write runs it.
 */
import pg from 'pg';
import { requestIdIndexed } from './request-id-time.js';
import type { UsageRow } from './usage-record.js';

/** The batch as column arrays (PostgreSQL array literals) and a dictionary of the callers' repeated fields. */
export interface RowColumns {
  /** Per row: its id, epoch ms, status, ms taken, and the 1-based index of its caller in the dictionary. */
  rowIds: string;
  timestamps: string;
  statuses: string;
  responseMs: string;
  callers: string;
  /** Per row, the request log's fields (null when the row has none). */
  requestIds: (string | null)[];
  /** Per row, whether its request id goes into the request id index (see request-id-time.ts), as an array literal. */
  requestIdsIndexed: string;
  problemCodes: (string | null)[];
  queries: (string | null)[];
  /** The dictionary: one entry per distinct (user, key, endpoint, method, IP). */
  userIds: string[];
  keyIds: string[];
  endpoints: string[];
  methods: string[];
  ips: (string | null)[];
}

export function rowColumns(rows: UsageRow[]): RowColumns {
  const n = rows.length;
  const t = new Array<number>(n);
  const s = new Array<number>(n);
  const r = new Array<number>(n);
  const c = new Array<number>(n);
  const ids = new Array<number | string>(n);
  const requestIds = new Array<string | null>(n);
  const indexed = new Array<string>(n);
  const problemCodes = new Array<string | null>(n);
  const queries = new Array<string | null>(n);
  const columns = { userIds: [] as string[], keyIds: [] as string[], endpoints: [] as string[], methods: [] as string[], ips: [] as (string | null)[] };
  const seen = new Map<string, number>();
  let previous: UsageRow | null = null;
  let caller = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    // Consecutive rows mostly come from the same caller: the dictionary is consulted only when a field changes.
    if (
      previous === null ||
      row.userId !== previous.userId ||
      row.keyId !== previous.keyId ||
      row.endpoint !== previous.endpoint ||
      row.method !== previous.method ||
      row.ipAddress !== previous.ipAddress
    ) {
      // Ids are UUIDs; the free-text fields are prefixed by their length, so no two callers share a dictionary key.
      const id = `${row.userId}|${row.keyId}|${row.method.length}:${row.method}${row.ipAddress?.length ?? -1}:${row.ipAddress ?? ''}${row.endpoint}`;
      caller = seen.get(id) ?? 0;
      if (!caller) {
        caller = columns.userIds.push(row.userId);
        columns.keyIds.push(row.keyId);
        columns.endpoints.push(row.endpoint);
        columns.methods.push(row.method);
        columns.ips.push(row.ipAddress);
        seen.set(id, caller);
      }
      previous = row;
    }
    ids[i] = row.rowId ?? 'NULL';
    t[i] = row.timestamp;
    s[i] = row.statusCode;
    r[i] = Number.isFinite(row.responseMs) ? row.responseMs : 0;
    c[i] = caller;
    requestIds[i] = row.requestId ?? null;
    indexed[i] = row.requestId && requestIdIndexed(row.requestId, row.timestamp) ? 't' : 'f';
    problemCodes[i] = row.problemCode ?? null;
    queries[i] = row.query ?? null;
  }
  return {
    rowIds: `{${ids.join(',')}}`,
    timestamps: `{${t.join(',')}}`,
    statuses: `{${s.join(',')}}`,
    responseMs: `{${r.join(',')}}`,
    callers: `{${c.join(',')}}`,
    requestIds,
    requestIdsIndexed: `{${indexed.join(',')}}`,
    problemCodes,
    queries,
    ...columns,
  };
}

function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The batch's rows (parameters as rowColumns builds them), for an INSERT ... SELECT. */
export const BATCH_ROWS = `select v.id, to_timestamp(v.t / 1000.0) as ts, c.u, c.k, c.e, c.m, v.s, v.r, c.i, v.q, v.qx, v.pc, v.qs, v.n
  from unnest($1::int8[], $2::float8[], $3::smallint[], $4::real[], $5::int[], $11::text[], $14::bool[], $12::text[], $13::text[])
    with ordinality as v(id, t, s, r, caller, q, qx, pc, qs, n)
  join unnest($6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::text[]) with ordinality as c(u, k, e, m, i, n) on c.n = v.caller`;
export const INSERT_COLUMNS = `insert into usage_records (row_id, "timestamp", user_id, key_id, endpoint, method, status_code, response_ms, ip_address, request_id, request_id_indexed, problem_code, query)`;
/** Taken shared by the request log's stats while they count and keep closed days, exclusively by a late write. */
export const STATS_LOCK = 727_312;
/**
 * A row older than this when written is late (a replayed write-ahead segment, a batch kept through a database outage):
 * its write deletes the kept stats buckets it lands in. Well under STATS_BUCKET_CLOSED_MS, the age a bucket must reach to be kept.
 */
const LATE_ROW_MS = 10 * 60_000;

export interface DailyRollup {
  day: string;
  userId: string;
  keyId: string;
  endpoint: string;
  statusCode: number;
  count: number;
  totalMs: number;
}

/** The batch's daily roll-ups in primary-key order (a fixed lock order keeps concurrent flushes of several instances free of deadlocks). */
export function dailyRollups(rows: UsageRow[]): DailyRollup[] {
  const rollups = new Map<string, DailyRollup>();
  let dayNumber = NaN;
  let day = '';
  // Consecutive rows of one caller mostly fall in the same roll-up: it is looked up again only when a field changes.
  let previous: UsageRow | null = null;
  let agg: DailyRollup | undefined;
  for (const row of rows) {
    const n = Math.floor(row.timestamp / 86_400_000);
    const sameDay = n === dayNumber;
    if (!sameDay) {
      dayNumber = n;
      day = utcDay(row.timestamp);
    }
    const sameRollup =
      agg !== undefined &&
      sameDay &&
      previous!.userId === row.userId &&
      previous!.keyId === row.keyId &&
      previous!.endpoint === row.endpoint &&
      previous!.statusCode === row.statusCode;
    if (!sameRollup) {
      const id = `${row.userId}|${day}|${row.keyId}|${row.endpoint}|${row.statusCode}`;
      agg = rollups.get(id);
      if (!agg) {
        agg = { day, userId: row.userId, keyId: row.keyId, endpoint: row.endpoint, statusCode: row.statusCode, count: 0, totalMs: 0 };
        rollups.set(id, agg);
      }
    }
    agg!.count++;
    agg!.totalMs += row.responseMs;
    previous = row;
  }
  return [...rollups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** The accounts with late rows in a batch (see LATE_ROW_MS) and the oldest of those rows, or null if none is late. */
export function lateRows(rows: UsageRow[]): { userIds: string[]; since: number } | null {
  const lateBefore = Date.now() - LATE_ROW_MS;
  let since = Infinity;
  const userIds = new Set<string>();
  for (const row of rows) {
    if (row.timestamp >= lateBefore) continue;
    userIds.add(row.userId);
    if (row.timestamp < since) since = row.timestamp;
  }
  return userIds.size ? { userIds: [...userIds], since } : null;
}

/**
 * Deletes the request log's kept stats buckets (request_stats_days) that late rows land in, inside the batch's transaction:
 * the exclusive lock waits for the stats reads counting days to keep, and a read that starts after it waits for this
 * commit and counts the new rows.
 */
export async function forgetKeptBuckets(client: pg.PoolClient, late: { userIds: string[]; since: number }): Promise<void> {
  await client.query('select pg_advisory_xact_lock($1)', [STATS_LOCK]);
  await client.query(`delete from request_stats_days where user_id = any($1::uuid[]) and ends_at > to_timestamp($2::float8 / 1000)`, [
    late.userIds,
    late.since,
  ]);
}
