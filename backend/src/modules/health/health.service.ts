import { HealthRepository } from './health.repository.js';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Lifecycle } from '../../common/core/lifecycle.js';
import type { LifecycleState } from '../../common/core/lifecycle.js';
import { CacheState, RedisService } from '../../common/redis/redis.service.js';
import { APP_VERSION } from '../../common/core/app-version.js';
import { BOUNDARY_DATA } from '../../common/data/boundary-data.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CLDR_VERSION } from '../timezone/cldr/cldr-data.js';
import { HOLIDAYS_DATA } from '../business-time/holidays-data-version.js';
import { ipDataVersion } from '../timezone/ip/ip-locator.js';
import { JobQueue } from '../jobs/job-queue.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  timestamp: string;
  version: string;
  uptime: number;
  /** Share of the minutes since the first recorded check in which the service's checks were recorded up (null without records). */
  uptime_percent: number | null;
  /** When the first check was recorded. */
  uptime_since: string | null;
  tzdbVersion: string;
  /** The timezone-boundary-builder release coordinate answers come from. */
  boundaryDataVersion: string;
  /** The IP location data (MaxMind DB files) time-by-IP answers come from, with its build date. */
  geoipDataVersion: string;
  /** The Unicode CLDR release (cldr-core) of Windows zone IDs and zone names. */
  cldrVersion: string;
  /** The holiday data (date-holidays; data CC BY-SA 3.0) business-time answers come from. */
  holidaysDataVersion: string;
  /** The release feed's last check against IANA; null without a feed. */
  tzdbCheckedAt: string | null;
  services: { database: 'up' | 'down'; timezone_data: 'up' | 'down'; cache: CacheState };
  response_time_ms: number;
}

export interface ReadinessReport {
  status: LifecycleState | 'database_down';
  database: 'up' | 'down';
}

const startedAt = Date.now();

/** How long the status page's uptime figure is kept per instance. */
export const HEALTH_RECORD_MS = 30_000;
const MINUTE_MS = 60_000;

export interface UptimeRecord {
  percent: number;
  since: string;
}

@Injectable()
export class HealthService implements OnModuleInit, OnApplicationBootstrap {
  private cachedUptime: { at: number; value: UptimeRecord | null } | null = null;

  constructor(
    private readonly repository: HealthRepository,
    private readonly redis: RedisService,
    private readonly lifecycle: Lifecycle,
    private readonly tzdb: ActiveTzRelease,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every minute of a running service gets a row: a scheduled job, run by one instance of the cluster per minute. */
  onModuleInit(): void {
    this.jobs.define({
      queue: 'health-record',
      schedule: '* * * * *',
      options: { retryLimit: 0, expireInSeconds: 50, deleteAfterSeconds: 3600 },
      handle: () => this.recordCheck(),
    });
  }

  onApplicationBootstrap(): void {
    void this.recordCheck();
  }

  /**
   * Writes this minute's row (one per minute whatever the number of instances: an upsert on the minute). A `down`
   * seen by any instance sticks for that minute. Nothing is written when the database is away: that minute counts as down.
   */
  async recordCheck(now = new Date()): Promise<void> {
    try {
      const { status } = await this.checks();
      const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
      await this.repository.recordMinute(minute, status, now);
    } catch {
      // The database is away: no row, and the minute is counted as down.
    }
  }

  /** Uptime since the first recorded check, up to `now`: minutes recorded up over all minutes in that period. */
  async uptimeRecord(now = new Date()): Promise<UptimeRecord | null> {
    const row = await this.repository.uptimeSince(now);
    if (!row?.since) return null;
    const since = new Date(row.since);
    const minutes = Math.floor((now.getTime() - since.getTime()) / MINUTE_MS) + 1;
    const percent = Math.min(100, (Number(row.up) / minutes) * 100);
    return { percent: Math.floor(percent * 1000) / 1000, since: since.toISOString() };
  }

  /** Read at most every 30 s per instance: the status page polls, and the count walks the whole record. */
  private async cachedUptimeRecord(): Promise<UptimeRecord | null> {
    if (this.cachedUptime && Date.now() - this.cachedUptime.at < HEALTH_RECORD_MS) return this.cachedUptime.value;
    const value = await this.uptimeRecord();
    this.cachedUptime = { at: Date.now(), value };
    return value;
  }

  async readiness(): Promise<ReadinessReport> {
    const state = this.lifecycle.state;
    if (state !== 'ready') return { status: state, database: 'up' };
    const database = await this.database();
    return { status: database === 'up' ? 'ready' : 'database_down', database };
  }

  private async checks(): Promise<{ status: HealthReport['status']; services: HealthReport['services'] }> {
    const [database, timezoneData] = await Promise.all([this.database(), Promise.resolve(this.timezoneData())]);
    const cache = this.redis.state();
    const status = database === 'down' || timezoneData === 'down' ? 'down' : cache === 'degraded' ? 'degraded' : 'ok';
    return { status, services: { database, timezone_data: timezoneData, cache } };
  }

  async report(): Promise<HealthReport> {
    const started = performance.now();
    const { status, services } = await this.checks();
    const uptime = services.database === 'up' ? await this.cachedUptimeRecord().catch(() => null) : null;
    return {
      status,
      timestamp: new Date().toISOString(),
      version: APP_VERSION,
      uptime: Math.round((Date.now() - startedAt) / 1000),
      uptime_percent: uptime?.percent ?? null,
      uptime_since: uptime?.since ?? null,
      tzdbVersion: this.tzdb.version,
      boundaryDataVersion: BOUNDARY_DATA.release,
      geoipDataVersion: ipDataVersion(this.config),
      cldrVersion: CLDR_VERSION,
      holidaysDataVersion: HOLIDAYS_DATA,
      tzdbCheckedAt: this.tzdb.feed?.lastCheckedAt ? new Date(this.tzdb.feed.lastCheckedAt).toISOString() : null,
      services,
      response_time_ms: Math.round((performance.now() - started) * 100) / 100,
    };
  }

  private async database(): Promise<'up' | 'down'> {
    try {
      const check = this.repository.ping();
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500).unref());
      await Promise.race([check, timeout]);
      return 'up';
    } catch {
      return 'down';
    }
  }

  /** The active tz release (ours, not the runtime's) answers a known zone with its known offset. */
  private timezoneData(): 'up' | 'down' {
    try {
      const kathmandu = this.tzdb.active?.release.zone('Asia/Kathmandu');
      return kathmandu?.periodAt(0).offsetSeconds === 19800 ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
