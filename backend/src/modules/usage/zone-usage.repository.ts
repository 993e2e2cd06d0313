import { Inject, Injectable } from '@nestjs/common';
import { USAGE_POOL } from '../../database/usage-pool.js';
import type { UsagePool } from '../../database/usage-pool.js';

/** One flush of zone counts as columns: row i is (users[i], days[i], zones[i], counts[i]). */
export interface ZoneCounts {
  users: string[];
  days: string[];
  zones: string[];
  counts: number[];
}

/** The zones each account's answers named, per UTC day (zone_usage), on the usage writer's pool, after immich's server/src/repositories. */
@Injectable()
export class ZoneUsageRepository {
  constructor(@Inject(USAGE_POOL) private readonly pool: UsagePool) {}

  /** Adds the counts to the day's rows; accounts deleted meanwhile are skipped (the join), never a failed batch. */
  async add(batch: ZoneCounts): Promise<void> {
    await this.pool.query(
      `insert into zone_usage (user_id, day, zone, count)
       select z.user_id, z.day, z.zone, sum(z.count) from unnest($1::uuid[], $2::date[], $3::text[], $4::bigint[]) as z(user_id, day, zone, count)
       join users u on u.id = z.user_id group by 1, 2, 3
       on conflict (user_id, day, zone) do update set count = zone_usage.count + excluded.count`,
      [batch.users, batch.days, batch.zones, batch.counts],
    );
  }

  /** Deletes the days older than `days` days before today. */
  async dropOlderThan(days: number): Promise<void> {
    await this.pool.query(`delete from zone_usage where day < current_date - $1::int`, [days]);
  }

  /** Accounts that used any of these zones since `since` (a UTC date), with the zones each used. */
  async usersOf(zones: string[], since: string): Promise<Map<string, string[]>> {
    const { rows } = await this.pool.query<{ user_id: string; zones: string[] }>(
      `select user_id, array_agg(distinct zone order by zone) as zones from zone_usage where day >= $2::date and zone = any($1::text[]) group by user_id`,
      [zones, since],
    );
    return new Map(rows.map((r) => [r.user_id, r.zones]));
  }

  /** Every zone one account used since `since` (a UTC date), by name. */
  async zonesOf(userId: string, since: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ zone: string }>(
      `select distinct zone from zone_usage where user_id = $1::uuid and day >= $2::date order by zone`,
      [userId, since],
    );
    return rows.map((r) => r.zone);
  }
}
