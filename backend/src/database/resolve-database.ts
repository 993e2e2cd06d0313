import { join } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise a real PostgreSQL started from the embedded-postgres package under DATA_DIR. */
export async function resolveDatabase(config: AppConfig, log: (line: string) => void): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined };
  log(`No DATABASE_URL: starting the embedded PostgreSQL in ${join(config.dataDir, 'pg')}`);
  const db = await startEmbeddedPostgres(config.dataDir, 'tzapi', log);
  return { url: db.url, embedded: true, stop: db.stop };
}
