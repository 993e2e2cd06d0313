import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { customerOn } from '../../factories/customers.js';
import { buildBackend, freshDatabase, ownedPostgres, queryOne, startServer, waitFor } from '../../support/processes.js';
import type { OwnedPostgres, ServerProcess } from '../../support/processes.js';
import { createTestApp } from '../../support/test-app.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const SECRET = 'shutdown-test-secret-0123456789abcdef0123456789';

function dataDir(name: string): string {
  const dir = join(process.env.TEST_DATA_ROOT!, `${name}-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const usageRows = async (url: string, userId: string) =>
  Number((await queryOne<{ n: string }>(url, `select count(*) as n from ${USAGE_EVENTS} where user_id = $1`, [userId])).n);

describe('the real server process on SIGTERM', () => {
  beforeAll(() => buildBackend(), 180_000);

  describe('under load', () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop();
      await db?.drop();
    });

    it('finishes the requests under way, writes a usage row for every answer the clients saw and exits 0 in time', async () => {
      db = await freshDatabase('shutdown_load');
      const { userId, keyId, key } = await customerOn(db.url, SECRET, 'enterprise');
      server = await startServer({
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-shutdown:`,
        DATA_DIR: dataDir('shutdown-load'),
        APP_SECRET: SECRET,
        SUPER_ADMIN_EMAIL: 'root@example.com',
        SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
        // Only the shutdown flush writes usage here: nothing is saved by the periodic one.
        USAGE_FLUSH_MS: '600000',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      });
      const url = server.url;
      const statuses = new Map<number, number>();
      let answers = 0;
      let stop = false;
      const paths = ['/api/time/current?timezone=Europe/Paris', '/api/time/utc', '/api/time/current?timezone=Mars/Olympus'];
      const worker = async (n: number) => {
        for (let i = n; !stop; i++) {
          try {
            const res = await fetch(url + paths[i % paths.length], { headers: { 'x-api-key': key } });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            // Every answer counts, the 503s of a server already closing included (they are metered too).
            answers++;
          } catch {
            return; // the server has closed its port
          }
        }
      };
      const workers = Array.from({ length: 16 }, (_, n) => worker(n));
      await waitFor('some load', async () => answers >= 1000, 60_000, 20);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      stop = true;
      await Promise.all(workers);
      const exitMs = exit.at - signalled;

      const rows = await usageRows(db.url, userId);
      const lastUsed = await queryOne<{ last_used_at: Date | null }>(db.url, 'select last_used_at from api_keys where id = $1', [keyId]);
      const summary = `usage rows ${rows}, answers seen ${answers} (${JSON.stringify(Object.fromEntries(statuses))}), exit ${exit.code} in ${exitMs} ms`;
      console.log(`shutdown under load: ${summary}`);
      expect(exit.code).toBe(0);
      expect(exitMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(rows).toBe(answers);
      expect(statuses.get(200)).toBeGreaterThan(0);
      expect(statuses.get(400)).toBeGreaterThan(0);
      expect(lastUsed.last_used_at).not.toBeNull();
      expect(server.output()).toContain('SIGTERM: shutting down');
      // Every connection ended with its last answer: none was held open until the cut before the deadline.
      expect(server.output()).not.toContain('Requests still open near the shutdown deadline');
    }, 180_000);
  });

  describe('a request arriving on a kept-alive connection while the server drains', () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop();
      await db?.drop();
    });

    it('is answered in full, metered, and the connection is closed after it', async () => {
      db = await freshDatabase('shutdown_drain');
      const { userId, key } = await customerOn(db.url, SECRET, 'enterprise');
      server = await startServer({
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-drain:`,
        DATA_DIR: dataDir('shutdown-drain'),
        APP_SECRET: SECRET,
        SUPER_ADMIN_EMAIL: 'root@example.com',
        SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
        USAGE_FLUSH_MS: '600000',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      });
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (c: Buffer) => (received += c.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // The first request's body is held back: the connection is busy when SIGTERM arrives, so it is not reaped as idle.
      // Expect: 100-continue makes the server say when it has read the headers (the request is under way).
      const body = JSON.stringify({ baseDateTime: '2026-03-28T12:00:00', timeSpan: '1.00:00:00', timeZone: 'Europe/Paris' });
      socket.write(
        `POST /api/calculation/add HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
      );
      await waitFor('the server to read the headers', async () => received.includes('HTTP/1.1 100 Continue'), 30_000, 20);
      server.child.kill('SIGTERM');
      await waitFor('the shutdown to begin', async () => server!.output().includes('SIGTERM: shutting down'), 30_000, 20);
      // The rest of the body, and a second request pipelined behind it, both while the server drains.
      socket.write(`${body.slice(10)}GET /api/time/current?timezone=Europe/Paris HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`);
      await closed;
      const exit = await server.exited;
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])).filter((status) => status !== 100);
      expect(statuses).toEqual([200, 200]);
      expect(received).toMatch(/connection: close/i);
      expect(exit.code).toBe(0);
      expect(await usageRows(db.url, userId)).toBe(2);
    }, 180_000);
  });

  describe('on the embedded PostgreSQL (no DATABASE_URL)', () => {
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop();
    });

    it('stops the app first and the embedded server last, and exits 0', async () => {
      const dir = dataDir('shutdown-embedded');
      server = await startServer({
        DATA_DIR: dir,
        APP_SECRET: SECRET,
        SUPER_ADMIN_EMAIL: 'root@example.com',
        SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
      });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(server.output()).not.toMatch(/Connection terminated|Unhandled/);
      // The embedded server was stopped (its pid file goes with it), not left running.
      expect(existsSync(join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    }, 180_000);
  });

  describe('with the database unreachable at shutdown', () => {
    let pg: OwnedPostgres | undefined;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop();
      await pg?.destroy();
    });

    it('keeps the usage rows in its write-ahead file under DATA_DIR and writes them at the next start', async () => {
      pg = await ownedPostgres('spool');
      const { userId, key } = await customerOn(pg.url, SECRET, 'free');
      const dir = dataDir('shutdown-spool');
      const env = {
        DATABASE_URL: pg.url,
        DATA_DIR: dir,
        APP_SECRET: SECRET,
        USAGE_FLUSH_MS: '600000',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        SUPER_ADMIN_EMAIL: 'root@example.com',
        SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
      };
      server = await startServer(env);
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`${server.url}/api/time/utc`, { headers: { 'x-api-key': key } });
        expect(res.status).toBe(200);
      }
      await pg.stop();
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      console.log(`shutdown with the database away: exit ${exit.code} in ${exit.at - signalled} ms`);
      expect(exit.code).toBe(0);
      expect(exit.at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      const spool = join(dir, 'usage-wal');
      expect(readdirSync(spool).filter((f) => f.endsWith('.wal'))).toHaveLength(1);

      await pg.start();
      server = await startServer({ ...env, USAGE_FLUSH_MS: '200' });
      // Written before the restarted server answers (it replays at start).
      expect(await usageRows(pg!.url, userId)).toBe(30);
      expect(readdirSync(spool).filter((f) => f.endsWith('.wal'))).toHaveLength(0);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }, 180_000);
  });
});

describe('a plain app.close() (an embedding, a test)', () => {
  it('cuts a request that never finishes its body near the deadline instead of waiting for it, and returns', async () => {
    const t = await createTestApp({ SHUTDOWN_TIMEOUT_MS: '4000' });
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    // Headers and part of the body: the server reads it as a request under way, not an idle connection.
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":');
    const server = t.app.getHttpServer() as Server;
    await waitFor('the connection to be accepted', () => new Promise<boolean>((resolve) => server.getConnections((_err, n) => resolve(n > 0))));
    await t.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
