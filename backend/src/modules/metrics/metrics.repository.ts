import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * What /metrics reads of the database: the MikroORM connection pool's state (no query is made), after immich's
 * server/src/repositories. The pool is taken from the ORM's connection once, at start; without it the gauge stays empty.
 */
@Injectable()
export class MetricsRepository implements OnModuleInit {
  private readonly logger = new Logger('Metrics');
  private pool: Pool | null = null;

  constructor(private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    try {
      this.pool = (await this.orm.em.getConnection().getNativeClient()) as Pool;
    } catch (err) {
      this.logger.warn(`PostgreSQL pool metrics unavailable: ${(err as Error).message}`);
    }
  }

  /** The pool's connections by state, or null when the pool could not be read. */
  poolStats(): PoolStats | null {
    const pool = this.pool;
    return pool ? { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
  }
}
