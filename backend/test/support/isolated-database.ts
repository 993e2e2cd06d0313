import { randomUUID } from 'node:crypto';
import pg from 'pg';

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the run's PostgreSQL server, for suites that change deployment-wide state (the active tz
 * release) which the run's other suites, sharing one database, must not see. Point createTestApp at it by setting
 * TEST_DATABASE_URL (Jest gives each test file its own process.env).
 */
export async function isolatedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set: run through jest (globalSetup)');
  const server = new URL(base);
  const name = `${server.pathname.slice(1)}_${randomUUID().slice(0, 8)}`;
  server.pathname = '/postgres';
  const admin = server.toString();
  await run(admin, `create database "${name}"`);
  server.pathname = `/${name}`;
  return { url: server.toString(), drop: () => run(admin, `drop database if exists "${name}" with (force)`) };
}
