import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from './mikro-orm.config.js';

const MIGRATION_LOCK = 727_001;

/** Runs pending migrations once, even when several instances start together (PostgreSQL advisory lock). */
export async function runMigrations(url: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const orm = await MikroORM.init(ormOptions(url, { pool: { min: 0, max: 2 } }));
    try {
      const applied = await orm.migrator.up();
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
