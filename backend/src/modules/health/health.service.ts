import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Lifecycle } from '../../common/lifecycle.js';
import type { LifecycleState } from '../../common/lifecycle.js';
import { CacheState, RedisService } from '../../common/redis.service.js';
import { APP_VERSION } from '../../common/tzdb.js';
import { TzdbService } from '../tzdb/tzdb.service.js';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  timestamp: string;
  version: string;
  uptime: number;
  tzdbVersion: string;
  services: { database: 'up' | 'down'; timezone_data: 'up' | 'down'; cache: CacheState };
  response_time_ms: number;
}

export interface ReadinessReport {
  status: LifecycleState | 'database_down';
  database: 'up' | 'down';
}

const startedAt = Date.now();

@Injectable()
export class HealthService {
  constructor(
    private readonly em: EntityManager,
    private readonly redis: RedisService,
    private readonly lifecycle: Lifecycle,
    private readonly tzdb: TzdbService,
  ) {}

  async readiness(): Promise<ReadinessReport> {
    const state = this.lifecycle.state;
    if (state !== 'ready') return { status: state, database: 'up' };
    const database = await this.database();
    return { status: database === 'up' ? 'ready' : 'database_down', database };
  }

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
      tzdbVersion: this.tzdb.version,
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
