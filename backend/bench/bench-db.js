// What every bench process shares: the server config it runs with, and a database of its own.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../dist/config/config.js';
import { createDatabaseIfMissing, dropDatabase } from '../dist/database/embedded-postgres.js';
import { resolveDatabase } from '../dist/database/resolve-database.js';

/**
 * Production config on a random local port with a data directory under the repo (the embedded PostgreSQL user
 * cannot enter a private mkdtemp directory); BENCH_DATA_DIR overrides it and is then left in place.
 */
export function benchConfig(label) {
  const ownDir = !process.env.BENCH_DATA_DIR;
  const dataDir = process.env.BENCH_DATA_DIR ?? join(fileURLToPath(new URL('../.tmp/', import.meta.url)), `bench-${label}-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString('hex'),
    // The per-endpoint bench runs with the access log on (info), as deployed; the older benches keep it off.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  });
  return { config, dataDir, ownDir };
}

/** A fresh database on DATABASE_URL's server (dropped by stop()) when it is set, else the embedded PostgreSQL. */
export async function benchDatabase(config, name) {
  if (!config.DATABASE_URL) return resolveDatabase(config, () => undefined);
  const server = new URL(config.DATABASE_URL);
  server.pathname = '/postgres';
  const adminUrl = server.toString();
  await createDatabaseIfMissing(adminUrl, name);
  server.pathname = `/${name}`;
  return { url: server.toString(), stop: () => dropDatabase(adminUrl, name) };
}
