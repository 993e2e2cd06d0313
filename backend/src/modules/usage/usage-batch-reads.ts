/**
 * The request log's reads over usage batches (issue 53): a filtered page newest first and one event, on the usage pool
 * or on one connection of it (a read that must see one snapshot with usage_records, request-log-page.ts).
 */
import type pg from 'pg';
import { HOUR_MS, KEY_CLASS_STRIDE } from './usage-batches.js';

/** Something to send a query to: the usage pool, or one of its connections inside a transaction. */
export type UsageReader = Pick<pg.PoolClient, 'query'>;

/** The request log's filters, the same over batches and over both layouts (request-log-page.ts). */
export interface LogFilters {
  userId: string;
  /** Inclusive, both. */
  from: Date;
  to: Date;
  keyId?: string;
  endpoint?: string;
  /** 1–5: the status class (4 for 4xx). */
  statusClass?: number;
  /** An exact status, within statusClass. */
  status?: number;
  requestId?: string;
  limit: number;
}

/** A filtered page of the request log over batches: every set filter skips batches on their summary, then events. */
export interface BatchLogQuery extends LogFilters {
  /** Keyset: events strictly older than this one in (time, batch, position) order. */
  before?: BatchEventRef & { at: number };
}

/** What the request log shows of one request, wherever it is kept. */
export interface LoggedRequest {
  method: string;
  endpoint: string;
  statusCode: number;
  responseMs: number;
  keyId: string;
  keyName: string | null;
  requestId: string | null;
  problemCode: string | null;
  ipAddress: string | null;
}

/** Where one event is: its batch (by its primary key) and its 1-based position in the batch's arrays. */
export interface BatchEventRef {
  batch: string;
  /** The batch's start, epoch ms (part of its key: partitions are by it). */
  batchStart: number;
  n: number;
}

export interface BatchLogRow extends BatchEventRef, LoggedRequest {
  /** Epoch milliseconds. */
  at: number;
}

export interface BatchDetailRow extends BatchLogRow {
  query: string | null;
  keyPrefix: string | null;
  keyLastFour: string | null;
}

/** Batch heads read at first when a page is filled newest first, and at most at once. */
const CHUNK = 32;
const MAX_CHUNK = 2048;
/** Months of batches read one at a time; older ones (past any retention) at once. */
const OLDEST_MONTHS = 25;
export const EPOCH_MS = `(extract(epoch from b.starts_at) * 1000)::int8`;
/** The start of the UTC month of an instant (epoch ms): the partitions' bounds. */
const monthStart = (epochMs: number) => {
  const d = new Date(epochMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
/** Epoch ms as a timestamptz parameter: a constant when planned, so the planner prunes partitions. */
export const iso = (epochMs: number) => new Date(epochMs).toISOString();
export const ms = (p: string) => `('epoch'::timestamptz + ${p}::int8 * interval '1 millisecond')`;

/**
 * Events of each range [lo, hi) (epoch ms; `idx` names each range in the answer) counted by range, status class and
 * response time, as the request log's stats need them: only batches overlapping a range are opened, and of those only
 * the arrays counted and filtered on. `lo` and `hi` bound the batches' starts (constants when planned: partitions
 * pruned). Each argument names a parameter ($n); `key` and `endpoint` only when that filter is set.
 */
export function batchCountsSql(p: { user: string; los: string; his: string; idx: string; lo: string; hi: string; key?: string; endpoint?: string }): string {
  const arrays = new Map([
    ['off', 'b.offsets_ms'],
    ['status', 'b.status_codes'],
    ['ms', 'b.response_ms'],
  ]);
  const batch: string[] = [];
  const event: string[] = [];
  if (p.key) {
    arrays.set('k', 'b.key_idx');
    batch.push(`${p.key}::uuid = any(b.keys)`);
    event.push(`e.k = array_position(b.keys, ${p.key}::uuid)`);
  }
  if (p.endpoint) {
    arrays.set('ep', 'b.endpoint_idx');
    batch.push(`${p.endpoint}::text = any(b.endpoints)`);
    event.push(`e.ep = array_position(b.endpoints, ${p.endpoint}::text)`);
  }
  return `select r.i, e.status / 100 as class, e.ms, count(*)::int4 as n
    from unnest(${p.los}::int8[], ${p.his}::int8[], ${p.idx}::int4[]) as r(lo, hi, i)
    join usage_batches b on b.user_id = ${p.user} and b.starts_at < ${ms('r.hi')} and b.ends_at >= ${ms('r.lo')}
      and b.starts_at >= ${p.lo}::timestamptz and b.starts_at < ${p.hi}::timestamptz ${batch.map((c) => `and ${c}`).join(' ')}
    cross join lateral (select ${EPOCH_MS} as s0) s
    cross join lateral unnest(${[...arrays.values()].join(', ')}) as e(${[...arrays.keys()].join(', ')})
    where s.s0 + e.off >= r.lo and s.s0 + e.off < r.hi ${event.map((c) => `and ${c}`).join(' ')}
    group by 1, 2, 3`;
}

/** A batch's id, start and end (epoch ms, as text) and how many events it holds. */
interface Head {
  id: string;
  s: string;
  e: string;
  n: number;
}

interface DbEvent {
  batch: string;
  batch_start: string;
  n: string;
  at: string;
  method: string;
  endpoint: string;
  status: number;
  ms: number;
  key_id: string;
  key_name: string | null;
  rid: string | null;
  pc: string | null;
  ip: string | null;
}

function toRow(r: DbEvent): BatchLogRow {
  return {
    batch: r.batch,
    batchStart: Number(r.batch_start),
    n: Number(r.n),
    at: Number(r.at),
    method: r.method,
    endpoint: r.endpoint,
    statusCode: r.status,
    responseMs: Math.round(r.ms * 100) / 100,
    keyId: r.key_id,
    keyName: r.key_name,
    requestId: r.rid,
    problemCode: r.pc,
    ipAddress: r.ip,
  };
}

/** Newest first: time, then batch id, then position. */
function newerFirst(a: BatchLogRow, b: BatchLogRow): number {
  if (a.at !== b.at) return b.at - a.at;
  const [x, y] = [BigInt(a.batch), BigInt(b.batch)];
  if (x !== y) return x < y ? 1 : -1;
  return b.n - a.n;
}

/**
 * A page newest first: batch heads are read CHUNK at a time by the (user_id, ends_at desc) index and skipped on their
 * summary; the heads kept are opened a few at a time, about as many events as the page needs (more with a filter, four
 * times more each round), and it stops once the page is full and its oldest event is newer than the next batch's last
 * one. An opened batch unnests only the arrays its filters and order read; the page's events get their other fields by
 * position: unnesting every array of 32 batches of 2,000 events took 240 ms, the offsets alone 80.
 */
export async function batchPage(db: UsageReader, q: BatchLogQuery): Promise<BatchLogRow[]> {
  // The heads' query and the events' query each number their own parameters: $1–$3 are the account and the range in both.
  const head: unknown[] = [q.userId, iso(q.from.getTime()), iso(q.to.getTime()), iso(q.from.getTime() - HOUR_MS)];
  const ev: unknown[] = [q.userId, q.from.getTime(), q.to.getTime()];
  const summary = [`b.user_id = $1`, `b.starts_at <= $3::timestamptz`, `b.starts_at >= $4::timestamptz`, `b.ends_at >= $2::timestamptz`];
  // An event's time is the batch's start (s0, once per batch) plus its offset: int8 arithmetic per event, no numeric.
  const at = `(s.s0 + e.off)`;
  const event = [`${at} >= $2::int8`, `${at} <= $3::int8`];
  const arrays = new Map<string, string>([['off', 'b.offsets_ms']]);
  const both = (value: unknown, onHead: (p: string) => string, onEvent: (p: string) => string, array: [string, string]) => {
    summary.push(onHead(`$${head.push(value)}`));
    event.push(onEvent(`$${ev.push(value)}`));
    arrays.set(...array);
  };
  if (q.keyId)
    both(
      q.keyId,
      (p) => `${p}::uuid = any(b.keys)`,
      (p) => `e.k = array_position(b.keys, ${p}::uuid)`,
      ['k', 'b.key_idx'],
    );
  if (q.endpoint)
    both(
      q.endpoint,
      (p) => `${p}::text = any(b.endpoints)`,
      (p) => `e.ep = array_position(b.endpoints, ${p}::text)`,
      ['ep', 'b.endpoint_idx'],
    );
  if (q.statusClass)
    both(
      q.statusClass,
      (p) => `${p}::int2 = any(b.classes)`,
      (p) => `e.status / 100 = ${p}::int`,
      ['status', 'b.status_codes'],
    );
  if (q.status)
    both(
      q.status,
      (p) => `${p}::int2 = any(b.statuses)`,
      (p) => `e.status = ${p}::int2`,
      ['status', 'b.status_codes'],
    );
  // A key with a status class (or a status): the batch must hold that pair, not only the key and the class apart.
  // Batches written before the pairs were kept (key_classes null) are opened on the two tests above.
  const statusClass = q.statusClass ?? (q.status ? Math.floor(q.status / 100) : undefined);
  if (q.keyId && statusClass) {
    const [key, pair] = [head.push(q.keyId), head.push(statusClass)];
    summary.push(`(b.key_classes is null or array_position(b.keys, $${key}::uuid) * ${KEY_CLASS_STRIDE} + $${pair}::int = any(b.key_classes))`);
  }
  if (q.requestId)
    both(
      q.requestId,
      (p) => `${p}::text collate "C" between b.request_id_min and b.request_id_max`,
      (p) => `e.rid = ${p}::text`,
      ['rid', 'b.request_ids'],
    );
  if (q.before) {
    summary.push(`b.starts_at <= $${head.push(iso(q.before.at))}::timestamptz`);
    const [t, batch, n] = [ev.push(q.before.at), ev.push(q.before.batch), ev.push(q.before.n)];
    event.push(`(${at}, b.id, e.n) < ($${t}::int8, $${batch}::int8, $${n}::int8)`);
  }
  const filtered = arrays.size > 1;
  const h = head.length;
  const headsSql = (cursor: boolean) =>
    `select b.id::text as id, ${EPOCH_MS}::text as s, (extract(epoch from b.ends_at) * 1000)::int8::text as e, b.events as n from usage_batches b
     where ${summary.join(' and ')} and b.starts_at >= $${h + 4}::timestamptz and b.starts_at < $${h + 5}::timestamptz
       ${cursor ? `and (b.ends_at, b.id) < ($${h + 1}::timestamptz, $${h + 2}::int8)` : `and $${h + 1}::text is null and $${h + 2}::text is null`}
     order by b.ends_at desc, b.id desc limit $${h + 3}`;
  const f = ev.length;
  const eventsSql = `select x.id::text as batch, x.s0::text as batch_start, x.n::text as n, x.at::text as at, b.methods[b.method_idx[x.n]] as method,
       b.endpoints[b.endpoint_idx[x.n]] as endpoint, b.status_codes[x.n] as status, b.response_ms[x.n] as ms, b.keys[b.key_idx[x.n]]::text as key_id,
       k.name as key_name, b.request_ids[x.n] as rid, b.problem_codes[x.n] as pc, b.ips[b.ip_idx[x.n]] as ip
     from (
       select b.starts_at, b.id, s.s0, e.n, ${at} as at
       from unnest($${f + 1}::timestamptz[], $${f + 2}::int8[]) as h(s, id)
       join usage_batches b on b.user_id = $1 and b.starts_at = h.s and b.id = h.id
         and b.starts_at >= $${f + 4}::timestamptz and b.starts_at <= $${f + 5}::timestamptz
       cross join lateral (select ${EPOCH_MS} as s0) s
       cross join lateral unnest(${[...arrays.values()].join(', ')}) with ordinality as e(${[...arrays.keys()].join(', ')}, n)
       where ${event.join(' and ')}
       order by ${at} desc, b.id desc, e.n desc limit $${f + 3}
     ) x
     join usage_batches b on b.user_id = $1 and b.starts_at = x.starts_at and b.id = x.id
       and b.starts_at >= $${f + 4}::timestamptz and b.starts_at <= $${f + 5}::timestamptz
     left join api_keys k on k.id = b.keys[b.key_idx[x.n]]
     order by x.at desc, x.id desc, x.n desc`;
  let found: BatchLogRow[] = [];
  const queue: Head[] = [];
  // Heads are read one month of starts at a time, newest first (each read plans one partition, not the thirteen of a
  // year: 3 to 4 ms of planning a read), by the (ends_at, id) keyset within the month; CHUNK first, twice as many each
  // time after (a rare filter reads thousands). A batch ends within an hour of its start, so the batches of older
  // months end before this month's start plus an hour.
  // The first month read is this one with anything later (a range may end in 9999); months older than OLDEST_MONTHS
  // (past any retention, no partitions left) are read as one.
  const lowest = q.from.getTime() - HOUR_MS;
  const thisMonth = monthStart(Date.now());
  const floor = Math.max(lowest, monthStart(thisMonth - OLDEST_MONTHS * 31 * 86_400_000));
  let whi = Math.min(q.to.getTime(), q.before?.at ?? Infinity) + 1;
  // A request id skips nearly every batch on its summary: one read of every month costs less than a read a month.
  let wlo = q.requestId ? lowest : Math.max(monthStart(Math.min(whi - 1, thisMonth)), lowest);
  let last: Head | null = null;
  let done = whi <= lowest;
  let chunk = CHUNK;
  const more = async () => {
    while (!done) {
      const { rows }: { rows: Head[] } = await db.query<Head>(headsSql(last !== null), [
        ...head,
        last ? iso(Number(last.e)) : null,
        last ? last.id : null,
        chunk,
        iso(wlo),
        iso(whi),
      ]);
      queue.push(...rows);
      if (rows.length === chunk) {
        last = rows[rows.length - 1];
        chunk = Math.min(chunk * 2, MAX_CHUNK);
        return;
      }
      if (wlo <= lowest) done = true;
      else [whi, wlo, last] = [wlo, wlo <= floor ? lowest : Math.max(monthStart(wlo - 1), lowest), null];
      if (rows.length) return;
    }
  };
  /** The latest end of a batch not read yet. */
  const unread = () => (done ? -Infinity : Math.max(last ? Number(last.e) : whi + HOUR_MS, wlo > lowest ? wlo + HOUR_MS : -Infinity));
  let budget = q.limit * (filtered ? 8 : 1);
  for (;;) {
    const take: Head[] = [];
    let events = 0;
    while (events < budget) {
      if (!queue.length && !done) await more();
      const next = queue.shift();
      if (!next) break;
      take.push(next);
      events += Number(next.n);
    }
    if (take.length) {
      const { rows } = await db.query<DbEvent>(eventsSql, [
        ...ev,
        take.map((t) => new Date(Number(t.s)).toISOString()),
        take.map((t) => t.id),
        q.limit,
        iso(Math.min(...take.map((t) => Number(t.s)))),
        iso(Math.max(...take.map((t) => Number(t.s)))),
      ]);
      found = found.concat(rows.map(toRow)).sort(newerFirst).slice(0, q.limit);
    }
    if (!queue.length && !done) await more();
    if (!queue.length && done) return found;
    // Queued heads are in end order within a month, not across months: the latest end of any head not opened yet.
    const pending = queue.reduce((m, next) => Math.max(m, Number(next.e)), unread());
    if (found.length >= q.limit && found[found.length - 1].at > pending) return found;
    budget *= 4;
  }
}

/**
 * One event with its IP, query string and key's prefix, or null. A batch merged into another since the id was handed
 * out is followed to where its events went (usage_batch_moves, UsageCompaction): the same request, at its new place.
 */
export async function batchDetail(db: UsageReader, userId: string, ref: BatchEventRef): Promise<BatchDetailRow | null> {
  const { rows } = await db.query<DbEvent & { query: string | null; prefix: string | null; last_four: string | null }>(
    `with ref as (
       select coalesce(m.new_start, $2::timestamptz) as s, coalesce(m.new_id, $3::int8) as id, $4::int + coalesce(m.shift, 0) as n
       from (select 1) one left join usage_batch_moves m on m.user_id = $1 and m.old_start = $2::timestamptz and m.old_id = $3::int8
     )
     select b.id::text as batch, ${EPOCH_MS}::text as batch_start, ref.n::text as n, (${EPOCH_MS} + b.offsets_ms[ref.n])::text as at,
            b.methods[b.method_idx[ref.n]] as method, b.endpoints[b.endpoint_idx[ref.n]] as endpoint, b.status_codes[ref.n] as status,
            b.response_ms[ref.n] as ms, b.keys[b.key_idx[ref.n]]::text as key_id, k.name as key_name, b.request_ids[ref.n] as rid,
            b.problem_codes[ref.n] as pc, b.ips[b.ip_idx[ref.n]] as ip, b.queries[ref.n] as query, k.prefix, k.last_four
     from ref join usage_batches b on b.user_id = $1 and b.starts_at = ref.s and b.id = ref.id and ref.n between 1 and b.events
     left join api_keys k on k.id = b.keys[b.key_idx[ref.n]]`,
    [userId, iso(ref.batchStart), ref.batch, ref.n],
  );
  const r = rows[0];
  if (!r) return null;
  return { ...toRow(r), query: r.query, keyPrefix: r.prefix, keyLastFour: r.last_four };
}
