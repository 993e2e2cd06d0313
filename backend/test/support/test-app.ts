import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory.js';
import { runMigrations } from '../../src/database/migrate.js';
import { loadConfig } from '../../src/config/config.js';
import type { AppConfig } from '../../src/config/config.js';
import { closeWatched } from './close-watch.js';
import { TestClient } from './http.js';

export interface TestApp {
  app: NestFastifyApplication;
  url: string;
  config: AppConfig;
  orm: MikroORM;
  /** A fresh client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

let counter = 0;
const migrated = new Set<string>();

export interface TestAppOptions {
  /** Listen on this port instead of a random one (when its URL must be known before start, e.g. an OIDC redirect URI). */
  port?: number;
}

/** The whole product on a random port (or options.port) against the run's real PostgreSQL database. */
export async function createTestApp(overrides: Record<string, string | undefined> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = overrides.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run through jest (globalSetup)');
  // A folder of its own: the module (and its counter) is loaded anew for every spec file a worker runs, so pid and
  // counter alone named the same folder for two files, and one file found the other's dev mailbox in it.
  const root = process.env.TEST_DATA_ROOT ?? join(process.cwd(), '.tmp');
  mkdirSync(root, { recursive: true });
  const dataDir = mkdtempSync(join(root, `app-${process.pid}-${++counter}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    REDIS_URL: process.env.REDIS_URL,
    // Each test file of a run counts and broadcasts in its own namespace of the shared Redis: the apps of one file
    // (two instances, say) share it, and one file's throttle counts (per IP, all 127.0.0.1) never reach another's.
    REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID ?? 'local'}-${testFileScope()}:`,
    // Each spec file's apps share one job queue of their own: another file's apps (another SMTP peer, a broken
    // transport on purpose) never claim its mails, and its own instances still share theirs.
    JOBS_SCHEMA: `pgboss_${testFileScope()
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63),
    LOG_LEVEL: 'error',
    USAGE_FLUSH_MS: '200',
    // The move takes every account's rows written before batches; the specs sharing the run's database write such
    // rows and read them back, so no app of theirs moves them on a schedule (records-move.case.ts runs the job itself).
    USAGE_MOVE_SCHEDULE: 'off',
    ...overrides,
    DATABASE_URL: databaseUrl,
  });
  // The run's shared database (never dropped) needs its migrations checked once per test file, not at every boot. Keyed
  // by URL: a case may point TEST_DATABASE_URL at a database of its own (isolated-database.ts), which must be migrated.
  if (!migrated.has(databaseUrl)) {
    await runMigrations(databaseUrl);
    if (databaseUrl === process.env.TEST_DATABASE_URL) migrated.add(databaseUrl);
  }
  const app = await createApp(config, databaseUrl, { logger: ['fatal', 'error'] });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    url,
    config,
    orm: app.get(MikroORM),
    client: () => new TestClient(url),
    close: () => closeWatched(app, databaseUrl),
  };
}

/**
 * The case (or spec) file that asked for the app, as a Redis-prefix-safe word: the apps of one file share a scope, and
 * no other file's do. A folder's cases run in one Jest file (support/cases.ts), so the file is read off the caller's
 * stack (the first frame under test/), and Jest's test path is the fallback.
 */
function testFileScope(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const caller = /\/test\/((?:integration|medium)\/[\w./-]+?)\.(?:case|spec)\.ts/.exec(stack)?.[1];
  const path = caller ?? (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState().testPath?.split('/test/').pop();
  if (!path) return 'shared';
  return path
    .replace(/^integration\//, '')
    .replace(/\.(case|spec)\.ts$/, '')
    .replace(/[^\w.-]/g, '.')
    .slice(-48);
}
