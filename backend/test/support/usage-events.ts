/**
 * Every usage event as one row, shaped like a usage_records row: the events inside usage_batches unnested, and the
 * usage_records rows written before batches and not moved yet (UsageRecordsMove). Specs count answers against it
 * ("usage events equal answers") the way they counted rows: `select count(*) from ${USAGE_EVENTS} where user_id = $1`
 * (`usageEvents('r')` to join it as r).
 * `id` is the row's id, or `<batch id>:<position>` for an event in a batch; `seq` orders one account's events as they
 * were recorded (with "timestamp"). No imports, so the plain JS benches and journeys can use it too.
 */
/** The events as a subquery named `alias`. */
export const usageEvents = (alias = 'usage_events') => `(
  select b.id::text || ':' || e.n as id, b.starts_at + e.off * interval '1 millisecond' as "timestamp", b.user_id, b.keys[e.k] as key_id,
         b.endpoints[e.ep] as endpoint, b.methods[e.m] as method, e.status::int as status_code, e.ms::float8 as response_ms,
         b.ips[e.ip] as ip_address, e.rid as request_id, e.pc as problem_code, e.q as query, b.row_ids[e.n] as row_id, e.n as seq
  from usage_batches b cross join lateral unnest(b.offsets_ms, b.status_codes, b.response_ms, b.key_idx, b.endpoint_idx, b.method_idx, b.ip_idx,
    b.request_ids, b.problem_codes, b.queries) with ordinality as e(off, status, ms, k, ep, m, ip, rid, pc, q, n)
  union all
  select r.id::text, r."timestamp", r.user_id, r.key_id, r.endpoint::text, r.method::text, r.status_code::int, r.response_ms::float8,
         r.ip_address::text, r.request_id::text, r.problem_code::text, r.query::text, r.row_id, r.id
  from usage_records r
) as ${alias}`;

export const USAGE_EVENTS = usageEvents();

/** A client as pg's Pool and Client are: enough for the helpers below. */
export interface UsageEventsDb {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** How many usage events the account has (in batches and in rows not moved yet). */
export async function countUsageEvents(db: UsageEventsDb, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${USAGE_EVENTS} where user_id = $1`, [userId]);
  return Number(rows[0].n);
}

/** The account's usage events per status code, ascending. */
export async function usageEventsByStatus(db: UsageEventsDb, userId: string): Promise<Map<number, number>> {
  const { rows } = await db.query<{ status_code: number; n: string }>(
    `select status_code, count(*) as n from ${USAGE_EVENTS} where user_id = $1 group by 1 order by 1`,
    [userId],
  );
  return new Map(rows.map((r) => [r.status_code, Number(r.n)]));
}
