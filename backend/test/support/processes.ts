import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabaseIfMissing, dropDatabase, freePort, loadEmbeddedPostgres } from '../../src/database/embedded-postgres.js';

export const BACKEND_DIR = fileURLToPath(new URL('../../', import.meta.url));

let built = false;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds backend/dist from the current sources once per test run, so the real entry point is what runs. Jest's
 * workers are separate processes: without the lock two of them rebuilt dist at once, and a server one had just
 * started imported a module the other was rewriting ("does not provide an export named ..."). The first worker
 * builds under a lock directory and leaves a stamp with the run's id; the others wait for the lock and skip.
 */
export function buildBackend(): void {
  if (built) return;
  const runId = process.env.TEST_RUN_ID ?? `pid-${process.pid}`;
  const lock = join(BACKEND_DIR, '.tmp', 'build.lock');
  const stamp = join(BACKEND_DIR, '.tmp', 'build.stamp');
  mkdirSync(join(BACKEND_DIR, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another worker is building; a lock older than ten minutes belongs to a worker that died holding it
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      sleepSync(200);
    }
  }
  try {
    if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== runId) {
      execFileSync(process.execPath, [join(BACKEND_DIR, 'scripts', 'build.mjs')], { stdio: 'inherit' });
      writeFileSync(stamp, runId);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  built = true;
}

/**
 * Polls `probe` until it answers a truthy value and returns it. The deadline only guards against a hang (it is read
 * from performance.now, so a test that froze Date with freezeClock still gets it).
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // not yet
    }
    if (performance.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code and the time it exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
}

/** `node backend/dist/main.js` with the given environment on a free port; resolves once /api/health/ready says 200. */
export async function startServer(env: Record<string, string | undefined>, options: { waitReady?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(BACKEND_DIR, 'dist/main.js')], {
    cwd: BACKEND_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: 'UTC',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  if (options.waitReady !== false) {
    let gone = false;
    void exited.then(() => (gone = true));
    await waitFor(
      'the server to be ready',
      async () => {
        if (gone) throw Object.assign(new Error(`server exited during start:\n${output}`), { fatal: true });
        return (await fetch(`${url}/api/health/ready`)).status === 200;
      },
      90_000,
    ).catch(async (err: Error) => {
      await server.stop();
      throw new Error(`${err.message}\n${output}`);
    });
  }
  return server;
}

/** A database of its own on the run's PostgreSQL server, dropped by drop(). */
export async function freshDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  base.pathname = '/postgres';
  const adminUrl = base.toString();
  const database = `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_${name}`.slice(0, 63);
  await createDatabaseIfMissing(adminUrl, database);
  base.pathname = `/${database}`;
  return { url: base.toString(), drop: () => dropDatabase(adminUrl, database) };
}

export async function queryOne<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows[0];
  } finally {
    await client.end();
  }
}

/** A PostgreSQL server the test owns (embedded-postgres on a free port), so it can be stopped and started again. */
export interface OwnedPostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function ownedPostgres(name: string): Promise<OwnedPostgres> {
  const root = join(process.env.TEST_DATA_ROOT ?? join(BACKEND_DIR, '.tmp'), `pg-${name}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const make = () =>
    new EmbeddedPostgres({
      databaseDir: join(root, 'pg'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
      postgresFlags: ['-c', 'max_connections=100', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    });
  let server = make();
  await server.initialise();
  let running = false;
  const owned: OwnedPostgres = {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/tzapi`,
    port,
    start: async () => {
      if (running) return;
      server = make();
      await server.start();
      running = true;
    },
    stop: async () => {
      if (!running) return;
      running = false;
      await server.stop();
    },
    destroy: async () => {
      await owned.stop().catch(() => undefined);
      if (existsSync(root)) rmSync(root, { recursive: true, force: true });
    },
  };
  await owned.start();
  await createDatabaseIfMissing(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, 'tzapi');
  return owned;
}

/**
 * A TCP relay in front of a server, so a test can make it hang: in `blackhole` mode, connections (open and new) stay
 * up but nothing goes through, like a database host that stopped answering without closing anything.
 */
export interface TcpRelay {
  port: number;
  blackhole(on: boolean): void;
  close(): Promise<void>;
}

export async function tcpRelay(targetPort: number): Promise<TcpRelay> {
  const { createServer, connect } = await import('node:net');
  type Pair = { client: import('node:net').Socket; upstream: import('node:net').Socket };
  const pairs = new Set<Pair>();
  let holes = false;
  const forward = (pair: Pair) => {
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };
  const hold = (pair: Pair) => {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (holes) hold(pair);
    else forward(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    blackhole(on: boolean) {
      holes = on;
      for (const pair of pairs) {
        if (on) hold(pair);
        else {
          forward(pair);
          pair.client.resume();
          pair.upstream.resume();
        }
      }
    },
    close: async () => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
