import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { ZoneUsageRepository } from './zone-usage.repository.js';

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
  /**
   * Day number → account → zone → count since the last flush. Nested rather than keyed by one joined string: the zone
   * names and account ids are strings the process already holds (their hashes kept), so counting a zone is a Map step,
   * not a new string hashed per zone (a 10-zone conversion counted 11 joined keys per answer).
   */
  private counts = new Map<number, Map<string, Map<string, number>>>();
  /** Distinct (day, account, zone) counts held. */
  private size = 0;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failing = false;
  /** The answer being noted: its account and UTC day, and their zone counts once it has counted one. */
  private noted = { day: 0, userId: '' };
  private current: Map<string, number> | null = null;

  constructor(
    private readonly repository: ZoneUsageRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.USAGE_FLUSH_MS);
    this.timer.unref();
  }

  private readonly add = (zone: string): void => {
    if (zone.length > 64) return;
    const zones = (this.current ??= this.countsOf(this.noted.day, this.noted.userId));
    const n = zones.get(zone);
    if (n !== undefined) zones.set(zone, n + 1);
    else if (this.size < MAX_KEYS) {
      zones.set(zone, 1);
      this.size++;
    }
  };

  /** The zone counts of one account on one day, made on first use. */
  private countsOf(day: number, userId: string): Map<string, number> {
    let users = this.counts.get(day);
    if (!users) this.counts.set(day, (users = new Map()));
    let zones = users.get(userId);
    if (!zones) users.set(userId, (zones = new Map()));
    return zones;
  }

  /** One answered request of the account: counts the zones its answer names. */
  note(userId: string, timestampMs: number, answer: unknown): void {
    if (answer === undefined) return;
    this.noted.day = Math.floor(timestampMs / DAY_MS);
    this.noted.userId = userId;
    answeredZones(answer, this.add);
    this.current = null;
  }

  /** Counts not written yet (tests, metrics). */
  get pending(): number {
    return this.size;
  }

  /** Upserts what was counted since the last flush (serialised). Never throws; a failed write is kept and retried. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.drain());
    return this.chain;
  }

  private async drain(): Promise<void> {
    if (!this.size) return;
    const batch = this.counts;
    this.counts = new Map();
    this.size = 0;
    const days: string[] = [];
    const users: string[] = [];
    const zones: string[] = [];
    const counts: number[] = [];
    for (const [day, byUser] of batch) {
      const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      for (const [userId, byZone] of byUser) {
        for (const [zone, count] of byZone) {
          days.push(date);
          users.push(userId);
          zones.push(zone);
          counts.push(count);
        }
      }
    }
    try {
      await this.repository.add({ users, days, zones, counts });
      if (this.failing) this.logger.log('Zone usage writes resumed');
      this.failing = false;
    } catch (err) {
      // Kept for the next flush, merged with what was counted meanwhile.
      for (const [day, byUser] of batch) {
        for (const [userId, byZone] of byUser) {
          const into = this.countsOf(day, userId);
          for (const [zone, count] of byZone) {
            const n = into.get(zone);
            if (n === undefined) this.size++;
            into.set(zone, (n ?? 0) + count);
          }
        }
      }
      if (!this.failing) this.logger.error(`Zone usage write failed (${(err as Error).message}); keeping ${this.size} counts and retrying`);
      this.failing = true;
    }
  }

  @Cron('23 3 * * *', { name: 'zone-usage-retention', timeZone: 'UTC' })
  async dropExpired(): Promise<void> {
    try {
      await this.repository.dropOlderThan(ZONE_USAGE_RETENTION_DAYS);
    } catch (err) {
      this.logger.warn(`Zone usage retention failed: ${(err as Error).message}`);
    }
  }

  /** Accounts that used any of these zones since `since` (a UTC date), with the zones each used. */
  usersOf(zones: string[], since: string): Promise<Map<string, string[]>> {
    return this.repository.usersOf(zones, since);
  }

  /** Every zone one account used since `since` (a UTC date), by name. */
  zonesOf(userId: string, since: string): Promise<string[]> {
    return this.repository.zonesOf(userId, since);
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
