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

/**
 * The usage page's reads of raw rows in a display zone (issue 48), on the usage writer's pool: the edges and cut pieces of
 * a window in one pass (one index range scan per piece), and the rows per UTC quarter-hour that local hours are summed from.
 */
@Injectable()
export class UsageWindowRepository {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  async rawPieces(userId: string, pieces: RawPiece[], endpoint?: string, keyId?: string): Promise<RawWindowCounts> {
    const counts: RawWindowCounts = { pieces: pieces.map(() => 0), edges: { total: 0, ok: 0, totalMs: 0, byEndpoint: new Map(), byStatus: new Map() } };
    if (!pieces.length) return counts;
    const { rows } = await this.pool.query<{
      i: string | null;
      edge: boolean | null;
      endpoint: string | null;
      status_code: number | null;
      count: string;
      ok: string;
      total_ms: number;
    }>(
      `select b.i, b.edge, r.endpoint, r.status_code,
              count(*) filter (where $5::text is null or r.endpoint = $5) as count,
              count(*) filter (where ($5::text is null or r.endpoint = $5) and r.status_code < 400) as ok,
              coalesce(sum(r.response_ms) filter (where $5::text is null or r.endpoint = $5), 0)::float8 as total_ms
       from unnest($2::timestamptz[], $3::timestamptz[], $4::bool[]) with ordinality as b(lo, hi, edge, i)
       join usage_records r on r.user_id = $1 and r."timestamp" >= b.lo and r."timestamp" < b.hi and ($6::uuid is null or r.key_id = $6)
       group by grouping sets ((b.i), (b.edge, r.endpoint), (b.edge, r.status_code), (b.edge))`,
      [
        userId,
        pieces.map((p) => new Date(p.lo).toISOString()),
        pieces.map((p) => new Date(p.hi).toISOString()),
        pieces.map((p) => p.edge),
        endpoint ?? null,
        keyId ?? null,
      ],
    );
    const edges = counts.edges;
    for (const r of rows) {
      if (r.i !== null) counts.pieces[Number(r.i) - 1] = Number(r.count);
      else if (!r.edge) continue;
      else if (r.endpoint !== null) edges.byEndpoint.set(r.endpoint, Number(r.count));
      else if (r.status_code !== null) edges.byStatus.set(r.status_code, Number(r.count));
      else Object.assign(edges, { total: Number(r.count), ok: Number(r.ok), totalMs: Number(r.total_ms) });
    }
    return counts;
  }

  /** Rows per UTC quarter-hour in [from, to), keyed by the quarter's start (epoch ms). */
  async quarterHours(userId: string, from: Date, to: Date, endpoint?: string, keyId?: string): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ q: string; count: string }>(
      `select floor(extract(epoch from "timestamp") / 900)::int8 as q, count(*) as count from usage_records
       where user_id = $1 and "timestamp" >= $2::timestamptz and "timestamp" < $3::timestamptz
         and ($4::text is null or endpoint = $4) and ($5::uuid is null or key_id = $5)
       group by 1`,
      [userId, from, to, endpoint ?? null, keyId ?? null],
    );
    return new Map(rows.map((r) => [Number(r.q) * 900_000, Number(r.count)]));
  }
}
