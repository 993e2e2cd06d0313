/**
 * The two places a request of the usage log is kept while the rows written before batches are moved into them (issue
 * 53): usage_records rows, as the writer stored them before batches, and the events inside usage_batches. Specs of the
 * request log and the exports write both and check the answers against every event, wherever it is (usage-events.ts).
 */
import { requestIdIndexed } from '../../src/modules/usage/request-id-time.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';

/** pg's Pool or Client. */
export interface Db {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * Writes rows as the writer stored them before batches: usage_records (the request id flagged for its index as it was,
 * request-id-time.ts) and their usage_daily roll-ups. What a database upgraded to batches holds until the move is done.
 */
export async function insertLegacyRows(db: Db, rows: UsageRow[]): Promise<void> {
  const col = <T>(f: (r: UsageRow) => T) => rows.map(f);
  await db.query(
    `with ins as (
       insert into usage_records (row_id, "timestamp", user_id, key_id, endpoint, method, status_code, response_ms, ip_address, request_id,
                                  request_id_indexed, problem_code, query)
       select v.row_id, to_timestamp(v.t / 1000.0), v.u, v.k, v.e, v.m, v.s, v.r, v.ip, v.rid, v.indexed, v.pc, v.q
       from unnest($1::int8[], $2::float8[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int2[], $8::real[], $9::text[], $10::text[],
                   $11::bool[], $12::text[], $13::text[]) with ordinality as v(row_id, t, u, k, e, m, s, r, ip, rid, indexed, pc, q, n)
       order by v.n
       returning "timestamp", user_id, key_id, endpoint, status_code, response_ms
     )
     insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
     select ("timestamp" at time zone 'utc')::date, user_id, key_id, endpoint, status_code, count(*), sum(response_ms)::float8
     from ins group by 1, 2, 3, 4, 5
     on conflict (user_id, day, key_id, endpoint, status_code)
     do update set count = usage_daily.count + excluded.count, total_ms = usage_daily.total_ms + excluded.total_ms`,
    [
      col((r) => r.rowId ?? null),
      col((r) => r.timestamp),
      col((r) => r.userId),
      col((r) => r.keyId),
      col((r) => r.endpoint),
      col((r) => r.method),
      col((r) => r.statusCode),
      col((r) => r.responseMs),
      col((r) => r.ipAddress),
      col((r) => r.requestId ?? null),
      col((r) => (r.requestId ? requestIdIndexed(r.requestId, r.timestamp) : false)),
      col((r) => r.problemCode ?? null),
      col((r) => r.query ?? null),
    ],
  );
}
