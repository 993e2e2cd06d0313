import { Inject, Injectable } from '@nestjs/common';
import { USAGE_POOL } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import type { RawPiece } from './local-days.js';

/** The raw rows' part of a window (local-days.ts): per piece a count; over the edges, what the roll-ups hold per endpoint and status. */
export interface RawWindowCounts {
  /** Rows per piece, in the order given. */
  pieces: number[];
  /** Over the edge pieces only (the other pieces are inside roll-up days, already counted). */
  edges: { total: number; ok: number; totalMs: number; byEndpoint: Map<string, number>; byStatus: Map<number, number> };
}

const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;
/** Epoch ms (an int8 expression) as a timestamptz. */
const ts = (ms: string) => `('epoch'::timestamptz + (${ms}) * interval '1 millisecond')`;
const AT = `((extract(epoch from bt.starts_at) * 1000)::int8 + e.off)`;

/** A range [lo, hi) of epoch ms split into whole quarter hours [qlo, qhi) (the roll-ups) and the rest (raw events); qlo = qhi when none is whole. */
function quarters(lo: number, hi: number): { lo: number; hi: number; qlo: number; qhi: number } {
  const qlo = Math.ceil(lo / QUARTER_MS) * QUARTER_MS;
  const qhi = Math.floor(hi / QUARTER_MS) * QUARTER_MS;
  return qlo < qhi ? { lo, hi, qlo, qhi } : { lo, hi, qlo: hi, qhi: hi };
}

/**
 * The events of the ranges in `p` (columns lo, hi, qlo, qhi as epoch ms; see quarters()) of the account $1, optionally
 * of key $2, as (p.*, t, endpoint, status, n, ms): the whole quarter hours from usage_quarter_hours, the rest from the
 * batches' events (a batch inside the whole quarters is skipped on its summary), and the usage_records rows not moved
 * yet (UsageRecordsMove). One statement, one snapshot: a step of the move committing meanwhile counts its rows once.
 */
const EVENTS = `
  select p.*, (extract(epoch from q.starts_at) * 1000)::int8 as t, q.endpoint::text as endpoint, q.status_code::int as status, q.count::int8 as n,
    q.total_ms::float8 as ms
  from p join usage_quarter_hours q on q.user_id = $1 and q.starts_at >= ${ts('p.qlo')} and q.starts_at < ${ts('p.qhi')} and ($2::uuid is null or q.key_id = $2)
  union all
  select p.*, ${AT}, bt.endpoints[e.ep], e.status::int, 1::int8, e.ms::float8
  from p join usage_batches bt on bt.user_id = $1 and bt.starts_at >= ${ts(`p.lo - ${HOUR_MS}`)} and bt.starts_at < ${ts('p.hi')} and bt.ends_at >= ${ts('p.lo')}
    and not (bt.starts_at >= ${ts('p.qlo')} and bt.ends_at < ${ts('p.qhi')}) and ($2::uuid is null or $2 = any(bt.keys))
  cross join lateral unnest(bt.offsets_ms, bt.status_codes, bt.response_ms, bt.key_idx, bt.endpoint_idx) as e(off, status, ms, k, ep)
  where ${AT} >= p.lo and ${AT} < p.hi and (${AT} < p.qlo or ${AT} >= p.qhi) and ($2::uuid is null or bt.keys[e.k] = $2)
  union all
  select p.*, floor(extract(epoch from r."timestamp") * 1000)::int8, r.endpoint::text, r.status_code::int, 1::int8, r.response_ms::float8
  from p join usage_records r on r.user_id = $1 and r."timestamp" >= ${ts('p.lo')} and r."timestamp" < ${ts('p.hi')} and ($2::uuid is null or r.key_id = $2)`;

/**
 * The usage page's counts of a window in a display zone (issue 48), on the usage writer's pool: the edges and cut pieces
 * of a window in one pass, and the events per UTC quarter-hour that local hours are summed from.
 */
@Injectable()
export class UsageWindowRepository {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  async rawPieces(userId: string, pieces: RawPiece[], endpoint?: string, keyId?: string): Promise<RawWindowCounts> {
    const counts: RawWindowCounts = { pieces: pieces.map(() => 0), edges: { total: 0, ok: 0, totalMs: 0, byEndpoint: new Map(), byStatus: new Map() } };
    if (!pieces.length) return counts;
    const split = pieces.map((p) => quarters(p.lo, p.hi));
    const { rows } = await this.pool.query<{
      i: string | null;
      edge: boolean | null;
      endpoint: string | null;
      status: number | null;
      count: string;
      ok: string;
      total_ms: number;
    }>(
      `with p as (select * from unnest($3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::bool[]) with ordinality as p(lo, hi, qlo, qhi, edge, i)),
       ev as (${EVENTS})
       select i, edge, endpoint, status,
              coalesce(sum(n) filter (where $8::text is null or endpoint = $8), 0) as count,
              coalesce(sum(n) filter (where ($8::text is null or endpoint = $8) and status < 400), 0) as ok,
              coalesce(sum(ms) filter (where $8::text is null or endpoint = $8), 0)::float8 as total_ms
       from ev group by grouping sets ((i), (edge, endpoint), (edge, status), (edge))`,
      [
        userId,
        keyId ?? null,
        split.map((p) => p.lo),
        split.map((p) => p.hi),
        split.map((p) => p.qlo),
        split.map((p) => p.qhi),
        pieces.map((p) => p.edge),
        endpoint ?? null,
      ],
    );
    const edges = counts.edges;
    for (const r of rows) {
      if (r.i !== null) counts.pieces[Number(r.i) - 1] = Number(r.count);
      else if (!r.edge) continue;
      else if (r.endpoint !== null) edges.byEndpoint.set(r.endpoint, Number(r.count));
      else if (r.status !== null) edges.byStatus.set(r.status, Number(r.count));
      else Object.assign(edges, { total: Number(r.count), ok: Number(r.ok), totalMs: Number(r.total_ms) });
    }
    return counts;
  }

  /**
   * Events per UTC quarter-hour in [from, to) with their 4xx and 5xx, optionally of one endpoint or key: the quarters
   * that hold any, oldest first. Local hours and local days are summed from them (every zone's hour begins a quarter).
   */
  async quarterClasses(
    userId: string,
    from: Date,
    to: Date,
    endpoint?: string,
    keyId?: string,
  ): Promise<{ start: number; total: number; clientErrors: number; serverErrors: number }[]> {
    const range = quarters(from.getTime(), to.getTime());
    if (range.lo >= range.hi) return [];
    const { rows } = await this.pool.query<{ q: string; total: string; c4: string; c5: string }>(
      `with p as (select $3::int8 as lo, $4::int8 as hi, $5::int8 as qlo, $6::int8 as qhi), ev as (${EVENTS})
       select floor(t / ${QUARTER_MS}.0)::int8 * ${QUARTER_MS} as q, sum(n) as total,
              coalesce(sum(n) filter (where status between 400 and 499), 0) as c4, coalesce(sum(n) filter (where status >= 500), 0) as c5
       from ev where $7::text is null or endpoint = $7 group by 1 order by 1`,
      [userId, keyId ?? null, range.lo, range.hi, range.qlo, range.qhi, endpoint ?? null],
    );
    return rows.map((r) => ({ start: Number(r.q), total: Number(r.total), clientErrors: Number(r.c4), serverErrors: Number(r.c5) }));
  }

  /** Events per UTC quarter-hour in [from, to), keyed by the quarter's start (epoch ms). */
  async quarterHours(userId: string, from: Date, to: Date, endpoint?: string, keyId?: string): Promise<Map<number, number>> {
    return new Map((await this.quarterClasses(userId, from, to, endpoint, keyId)).map((q) => [q.start, q.total]));
  }
}
