import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CacheState, RedisService } from '../../common/redis.service.js';
import { APP_VERSION, TZDB_VERSION } from '../../common/tzdb.js';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  timestamp: string;
  version: string;
  uptime: number;
  tzdbVersion: string;
  services: { database: 'up' | 'down'; timezone_data: 'up' | 'down'; cache: CacheState };
  response_time_ms: number;
}

const startedAt = Date.now();

@Injectable()
export class HealthService {
  constructor(
    private readonly em: EntityManager,
    private readonly redis: RedisService,
  ) {}

  async report(): Promise<HealthReport> {
    const started = performance.now();
    const [database, timezoneData] = await Promise.all([this.database(), Promise.resolve(this.timezoneData())]);
    const cache = this.redis.state();
    const status = database === 'down' || timezoneData === 'down' ? 'down' : cache === 'degraded' ? 'degraded' : 'ok';
    return {
      status,
      timestamp: new Date().toISOString(),
      version: APP_VERSION,
      uptime: Math.round((Date.now() - startedAt) / 1000),
      tzdbVersion: TZDB_VERSION,
      services: { database, timezone_data: timezoneData, cache },
      response_time_ms: Math.round((performance.now() - started) * 100) / 100,
    };
  }

  private async database(): Promise<'up' | 'down'> {
    try {
      const check = this.em.getConnection().execute('select 1');
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500).unref());
      await Promise.race([check, timeout]);
      return 'up';
    } catch {
      return 'down';
    }
  }

  /** The runtime's IANA data answers a known zone with its known offset. */
  private timezoneData(): 'up' | 'down' {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kathmandu', timeZoneName: 'longOffset' }).formatToParts(new Date(0));
      return parts.some((p) => p.type === 'timeZoneName' && p.value === 'GMT+05:30') ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
