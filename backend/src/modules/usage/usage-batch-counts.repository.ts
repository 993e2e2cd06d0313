import { Inject, Injectable } from '@nestjs/common';
import { USAGE_POOL } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';
import { HOUR_MS } from './usage-batches.js';
import { UNCOUNTED_STATUSES } from './usage-record.js';

const QUARTER_MS = 15 * 60_000;
/** The quota's SQL twin of usesQuota (usage-record.ts), on an unnested status `s`. */
const USES_QUOTA = `s < 500 and s <> all($3::smallint[])`;

const AT = `(extract(epoch from b.starts_at) * 1000)::int8 + e.off`;
/** The usage_records rows written before batches and not moved yet, as the quota reads them (the move runs in bounded steps). */
const LEGACY = `from usage_records r where r.user_id = $1 and r."timestamp" > $2::timestamptz and r.status_code < 500 and r.status_code <> all($3::smallint[])`;

/**
 * The limits' and the dashboard's reads, answered from the batches and their quarter-hour roll-ups (issue 53) and from
 * the usage_records rows UsageRecordsMove has not moved yet, in one statement each: one snapshot, so a step of the move
 * committing meanwhile counts its rows once.
 */
@Injectable()
export class UsageBatchCounts {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  /** When the account's requests that used its quota since `since` were made (epoch ms, newest `limit`), oldest first. */
  async quotaHits(userId: string, since: Date, limit: number): Promise<number[]> {
    const { rows } = await this.pool.query<{ t: string }>(
      `select t::text as t from (
         (select ${AT} as t
          from usage_batches b cross join lateral unnest(b.offsets_ms, b.status_codes) as e(off, s)
          where b.user_id = $1 and b.ends_at > $2::timestamptz and b.starts_at >= $4::timestamptz and ${USES_QUOTA} and ${AT} > $5::int8
          order by 1 desc limit $6)
         union all
         (select floor(extract(epoch from r."timestamp") * 1000)::int8 ${LEGACY} order by r."timestamp" desc limit $6)
       ) hits order by t desc limit $6`,
      [userId, since.toISOString(), UNCOUNTED_STATUSES, new Date(since.getTime() - HOUR_MS).toISOString(), since.getTime(), limit],
    );
    return rows.map((r) => Number(r.t)).reverse();
  }

  /** Per key, the account's quota-using requests since `since` that are written. */
  async usageByKey(userId: string, since: Date): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ key_id: string; n: string }>(
      `select key_id, sum(n) as n from (
         select b.keys[e.k]::text as key_id, count(*) as n
         from usage_batches b cross join lateral unnest(b.offsets_ms, b.status_codes, b.key_idx) as e(off, s, k)
         where b.user_id = $1 and b.ends_at > $2::timestamptz and b.starts_at >= $4::timestamptz and ${USES_QUOTA} and ${AT} > $5::int8
         group by 1
         union all
         select r.key_id::text, count(*) ${LEGACY} group by 1
       ) counts group by 1`,
      [userId, since.toISOString(), UNCOUNTED_STATUSES, new Date(since.getTime() - HOUR_MS).toISOString(), since.getTime()],
    );
    return new Map(rows.map((r) => [r.key_id, Number(r.n)]));
  }

  /** The account's first metered request still kept (null before its first call): its oldest batch's start, or its oldest row not moved yet. */
  async firstRequestAt(userId: string): Promise<Date | null> {
    const { rows } = await this.pool.query<{ first: Date | null }>(
      `select least((select min(starts_at) from usage_batches where user_id = $1), (select min("timestamp") from usage_records where user_id = $1)) as first`,
      [userId],
    );
    return rows[0].first;
  }

  /** Requests per UTC quarter-hour in [from, to) from the roll-ups, keyed by the quarter's start (epoch ms); both ends whole quarters. */
  async quarterHours(userId: string, from: Date, to: Date, endpoint?: string, keyId?: string): Promise<Map<number, number>> {
    if (from.getTime() % QUARTER_MS || to.getTime() % QUARTER_MS) throw new RangeError('quarterHours takes whole quarter hours');
    const { rows } = await this.pool.query<{ q: Date; count: string }>(
      `select starts_at as q, sum(count) as count from usage_quarter_hours
       where user_id = $1 and starts_at >= $2::timestamptz and starts_at < $3::timestamptz
         and ($4::text is null or endpoint = $4) and ($5::uuid is null or key_id = $5)
       group by 1`,
      [userId, from.toISOString(), to.toISOString(), endpoint ?? null, keyId ?? null],
    );
    return new Map(rows.map((r) => [r.q.getTime(), Number(r.count)]));
  }
}
