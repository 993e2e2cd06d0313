import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { UsageStore } from './usage.store.js';

/** Days of zone counts kept (decisions §9). */
export const ZONE_USAGE_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
/** Distinct (day, account, zone) counts held while PostgreSQL is away before new ones are dropped. */
const MAX_KEYS = 200_000;

/**
 * The zones a sold answer named or resolved to: `timezone` (current time, info, coordinates, transitions),
 * `fromTimeZone`/`toTimeZone` (conversions), each of `conversions[].timezone`, `timeZone` (calculations), and the
 * best candidate of a city search or a lookup. Answers that list every zone (list) name none. Canonical names: the
 * engine answers a link as the zone it points to.
 */
export function answeredZones(answer: unknown, add: (zone: string) => void): void {
  if (answer === null || typeof answer !== 'object') return;
  const a = answer as Record<string, unknown>;
  if (typeof a.timezone === 'string') add(a.timezone);
  if (typeof a.timeZone === 'string') add(a.timeZone);
  if (typeof a.fromTimeZone === 'string') add(a.fromTimeZone);
  if (typeof a.toTimeZone === 'string') add(a.toTimeZone);
  const many = a.conversions ?? undefined;
  if (Array.isArray(many))
    for (const item of many) if (typeof (item as { timezone?: unknown })?.timezone === 'string') add((item as { timezone: string }).timezone);
  const best = (Array.isArray(a.candidates) ? a.candidates[0] : Array.isArray(a.timezones) && typeof a.query === 'string' ? a.timezones[0] : undefined) as
    { timezone?: unknown } | undefined;
  if (typeof best?.timezone === 'string') add(best.timezone);
}

/**
 * Counts, per account and UTC day, the zones its answered requests named (for change notices). On the request path a
 * Map increment per zone; the counts are upserted into `zone_usage` every USAGE_FLUSH_MS, beside the usage batches,
 * kept in memory while the database is away, written at shutdown, and kept ZONE_USAGE_RETENTION_DAYS days.
 */
@Injectable()
export class ZoneUsage implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('ZoneUsage');
  /** `${dayNumber}|${userId}|${zone}` → count since the last flush. */
  private counts = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failing = false;
  private prefix = '';

  constructor(
    private readonly store: UsageStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.USAGE_FLUSH_MS);
    this.timer.unref();
  }

  private readonly add = (zone: string): void => {
    if (zone.length > 64) return;
    const key = this.prefix + zone;
    const n = this.counts.get(key);
    if (n !== undefined) this.counts.set(key, n + 1);
    else if (this.counts.size < MAX_KEYS) this.counts.set(key, 1);
  };

  /** One answered request of the account: counts the zones its answer names. */
  note(userId: string, timestampMs: number, answer: unknown): void {
    if (answer === undefined) return;
    this.prefix = `${Math.floor(timestampMs / DAY_MS)}|${userId}|`;
    answeredZones(answer, this.add);
  }

  /** Counts not written yet (tests, metrics). */
  get pending(): number {
    return this.counts.size;
  }

  /** Upserts what was counted since the last flush (serialised). Never throws; a failed write is kept and retried. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.drain());
    return this.chain;
  }

  private async drain(): Promise<void> {
    if (!this.counts.size) return;
    const batch = this.counts;
    this.counts = new Map();
    const days: string[] = [];
    const users: string[] = [];
    const zones: string[] = [];
    const counts: number[] = [];
    for (const [key, count] of batch) {
      const a = key.indexOf('|');
      const b = key.indexOf('|', a + 1);
      days.push(new Date(Number(key.slice(0, a)) * DAY_MS).toISOString().slice(0, 10));
      users.push(key.slice(a + 1, b));
      zones.push(key.slice(b + 1));
      counts.push(count);
    }
    try {
      // Accounts deleted meanwhile are skipped (the join), never a failed batch.
      await this.store.pool.query(
        `insert into zone_usage (user_id, day, zone, count)
         select z.user_id, z.day, z.zone, sum(z.count) from unnest($1::uuid[], $2::date[], $3::text[], $4::bigint[]) as z(user_id, day, zone, count)
         join users u on u.id = z.user_id group by 1, 2, 3
         on conflict (user_id, day, zone) do update set count = zone_usage.count + excluded.count`,
        [users, days, zones, counts],
      );
      if (this.failing) this.logger.log('Zone usage writes resumed');
      this.failing = false;
    } catch (err) {
      for (const [key, count] of batch) this.counts.set(key, (this.counts.get(key) ?? 0) + count);
      if (!this.failing) this.logger.error(`Zone usage write failed (${(err as Error).message}); keeping ${this.counts.size} counts and retrying`);
      this.failing = true;
    }
  }

  @Cron('23 3 * * *', { name: 'zone-usage-retention', timeZone: 'UTC' })
  async dropExpired(): Promise<void> {
    try {
      await this.store.pool.query(`delete from zone_usage where day < current_date - $1::int`, [ZONE_USAGE_RETENTION_DAYS]);
    } catch (err) {
      this.logger.warn(`Zone usage retention failed: ${(err as Error).message}`);
    }
  }

  /** Accounts that used any of these zones since `since` (a UTC date), with the zones each used. */
  async usersOf(zones: string[], since: string): Promise<Map<string, string[]>> {
    const { rows } = await this.store.pool.query<{ user_id: string; zones: string[] }>(
      `select user_id, array_agg(distinct zone order by zone) as zones from zone_usage where day >= $2::date and zone = any($1::text[]) group by user_id`,
      [zones, since],
    );
    return new Map(rows.map((r) => [r.user_id, r.zones]));
  }

  /** Every zone one account used since `since` (a UTC date), by name. */
  async zonesOf(userId: string, since: string): Promise<string[]> {
    const { rows } = await this.store.pool.query<{ zone: string }>(
      `select distinct zone from zone_usage where user_id = $1::uuid and day >= $2::date order by zone`,
      [userId, since],
    );
    return rows.map((r) => r.zone);
  }

  /** Written before the usage writer closes the shared pool; the few answers given after are tried once more below. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
