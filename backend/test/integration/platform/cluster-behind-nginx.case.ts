/**
 * `npm run cluster`'s entry point as an operator runs it: two real server processes on one PostgreSQL and one Redis
 * behind Debian's nginx running docker/nginx.conf, the balancer configuration the compose file ships. Exact limits
 * across processes, revocation reaching both, what nginx tells the instances, and SIGTERM to one under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createApiKey, createUser } from '../../factories/index.js';
import { customerOn } from '../../factories/customers.js';
import { BACKEND_DIR, buildBackend, freshDatabase, queryOne, waitFor } from '../../support/processes.js';
import { freePort } from '../../../src/database/embedded-postgres.js';
import { createTestApp } from '../../support/test-app.js';
import { newTestTotpSecret, totpCode } from '../../support/totp.js';
import { readFileSync } from 'node:fs';
import { describeWithRedis, SHARED_REDIS_URL } from '../../support/redis.js';
import { findNginx, NGINX_MISSING } from '../../../src/bin/cluster-balancer.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

const SECRET = 'cluster-test-secret-0123456789abcdef0123456789';
const ADMIN = { email: 'root@example.com', password: 'correct horse battery staple', totp: newTestTotpSecret() };

interface Cluster {
  url: string;
  instances: { pid: number; port: number; url: string }[];
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Whether 127.0.0.1:port can be listened on right now. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Two consecutive free ports for the instances (the cluster takes --base-port and the one after it), below the kernel's
 * ephemeral range: a port the kernel hands out (freePort) has a neighbour any outgoing connection of another test may
 * be using, which failed a CI run with EADDRINUSE.
 */
async function instancePorts(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    if ((await canListen(base)) && (await canListen(base + 1))) return base;
  }
}

async function startCluster(databaseUrl: string, extra: Record<string, string> = {}): Promise<Cluster> {
  const port = await freePort();
  const basePort = await instancePorts();
  const dataDir = join(process.env.TEST_DATA_ROOT!, `cluster-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(
    process.execPath,
    [join(BACKEND_DIR, 'dist/bin/cluster.js'), '--instances', '2', '--port', String(port), '--base-port', String(basePort)],
    {
      cwd: BACKEND_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TZ: 'UTC',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: SHARED_REDIS_URL,
        REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-cluster:`,
        DATA_DIR: dataDir,
        APP_SECRET: SECRET,
        SUPER_ADMIN_EMAIL: ADMIN.email,
        SUPER_ADMIN_PASSWORD: ADMIN.password,
        SUPER_ADMIN_TOTP_SECRET: ADMIN.totp,
        LOG_LEVEL: 'warn',
        USAGE_FLUSH_MS: '200',
        // The tz release poll (a safety net with Redis) once an hour: a release the instances follow came through Redis.
        TZDB_POLL_MS: '3600000',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const instances = await waitFor('two instances to start', async () => {
    const found = [...output.matchAll(/\[cluster\] instance (\d+): pid (\d+), port (\d+)/g)].map((m) => ({
      pid: Number(m[2]),
      port: Number(m[3]),
      url: `http://127.0.0.1:${m[3]}`,
    }));
    return found.length === 2 ? found : undefined;
  });
  const url = `http://127.0.0.1:${port}`;
  // Awaited state, not a speed target: on a busy 2-core machine two production instances compiling the tz release
  // beside other test files can take minutes. A timeout says what the instances printed.
  await waitFor(
    'both instances ready',
    async () => {
      const ready = await Promise.all(instances.map(async (i) => (await fetch(`${i.url}/api/health/ready`)).status === 200));
      return ready.every(Boolean);
    },
    300_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; the cluster printed:\n${output.slice(-4000)}`);
  });
  await waitFor('the balancer', async () => (await fetch(`${url}/api/health/live`)).ok);
  return { url, instances, child, output: () => output, exited };
}

const usageRows = async (url: string, userId: string) =>
  Number((await queryOne<{ n: string }>(url, `select count(*) as n from ${USAGE_EVENTS} where user_id = $1`, [userId])).n);

/** CI installs Debian's nginx, so there the test runs (and fails without it); a newcomer's machine may not have it. */
function describeWithNginx(spec: string): typeof describe {
  if (findNginx() || process.env.CI) return describeWithRedis(spec);
  console.warn(`${spec}: skipped: ${NGINX_MISSING}`);
  return describe.skip;
}

describeWithNginx('cluster.spec')('npm run cluster: two server processes behind nginx', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let cluster: Cluster;

  beforeAll(async () => {
    if (!findNginx()) throw new Error(NGINX_MISSING);
    buildBackend();
    db = await freshDatabase('cluster');
    // Migrate first through a test app, so the factories can write before the cluster starts.
    await customerOn(db.url, SECRET, 'free');
    cluster = await startCluster(db.url);
  }, 600_000);

  afterAll(async () => {
    if (cluster && cluster.child.exitCode === null) {
      cluster.child.kill('SIGTERM');
      await cluster.exited;
    }
    await db?.drop();
  }, 60_000);

  it('answers through both instances', async () => {
    const seen = new Set<string>();
    for (const instance of cluster.instances) {
      const res = await fetch(`${instance.url}/api/health/live`);
      expect(res.status).toBe(200);
      seen.add(String(instance.port));
    }
    expect(seen.size).toBe(2);
  });

  it('nginx answers in front and gives each request its own id, whatever id the caller sent', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${cluster.url}/api/health/live`, { headers: { 'X-Request-Id': 'chosen-by-the-caller' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('server')).toMatch(/^nginx/);
      // nginx's $request_id, which the instances take as theirs under TRUST_PROXY.
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      ids.add(res.headers.get('x-request-id')!);
    }
    expect(ids.size).toBe(4);
  });

  it('a key restricted to an address sees the caller’s real one through nginx: a forged X-Forwarded-For does not pass', async () => {
    const t = await createTestApp({ DATABASE_URL: db.url, APP_SECRET: SECRET });
    try {
      const user = await createUser(t, { plan: 'enterprise' });
      const local = await createApiKey(t, user, { ipRestrictions: ['127.0.0.1'] });
      const elsewhere = await createApiKey(t, user, { ipRestrictions: ['203.0.113.7'] });
      const ask = (key: string) => fetch(`${cluster.url}/api/time/current?timezone=UTC`, { headers: { 'X-API-Key': key, 'X-Forwarded-For': '203.0.113.7' } });
      expect((await ask(local.key)).status).toBe(200);
      const refused = await ask(elsewhere.key);
      expect(refused.status).toBe(403);
      expect((await refused.json()) as object).toMatchObject({ code: 'ip_not_allowed', detail: 'Requests from 127.0.0.1 are not allowed for this API key.' });
    } finally {
      await t.close();
    }
  });

  it('500 parallel requests on a fresh free account give exactly 100 successes across both processes', async () => {
    const { key } = await customerOn(db.url, SECRET, 'free');
    const statuses = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        // Half straight to each instance, so both processes decide, and the balancer is not a single gate.
        fetch(`${cluster.instances[i % 2].url}/api/time/current?timezone=Europe/London`, { headers: { 'X-API-Key': key } }).then((r) => r.status),
      ),
    );
    const ok = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    const other = statuses.filter((s) => s !== 200 && s !== 429);
    console.log(`cluster: 500 parallel requests on a free account: ${ok} answered 200, ${refused} answered 429, other: [${other.join(', ')}]`);
    expect(ok).toBe(100);
    expect(refused).toBe(400);
  }, 120_000);

  it('a rotated key is refused by both processes at once, through the fan-out (well before the 30 s cache life)', async () => {
    const t = await createTestApp({
      DATABASE_URL: db.url,
      APP_SECRET: SECRET,
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-cluster:`,
    });
    try {
      const user = await createUser(t, { plan: 'enterprise' });
      const { key, id } = await createApiKey(t, user);
      // Both processes know the key (it is in their caches, for 30 s from now).
      const cachedAt = performance.now();
      for (const instance of cluster.instances) {
        expect((await fetch(`${instance.url}/api/time/current?timezone=UTC`, { headers: { 'X-API-Key': key } })).status).toBe(200);
      }
      const login = await fetch(`${cluster.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cluster.url },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const rotated = await fetch(`${cluster.url}/api/api-keys/${id}/rotate`, { method: 'PUT', headers: { cookie, origin: cluster.url } });
      expect(rotated.status).toBe(200);
      const rotatedAt = performance.now();
      // The deadline guards against a hang and keeps the wait inside the cache's life: a refusal is the fan-out's doing.
      const refusedAfter = await Promise.all(
        cluster.instances.map((instance) =>
          waitFor(
            'the old key to be refused',
            async () => {
              const status = (await fetch(`${instance.url}/api/time/current?timezone=UTC`, { headers: { 'X-API-Key': key } })).status;
              return status === 401 ? Math.round(performance.now() - rotatedAt) : undefined;
            },
            25_000 - (performance.now() - cachedAt),
            20,
          ),
        ),
      );
      console.log(`cluster: rotated key refused by instance 0 after ${refusedAfter[0]} ms, instance 1 after ${refusedAfter[1]} ms`);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a tz release loaded through one process is answered by both, through Redis', async () => {
    const login = await fetch(`${cluster.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.url },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, totp: await totpCode(ADMIN.totp) }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const versionAt = async (url: string) => (await fetch(`${url}/api/health/live`)).headers.get('x-tzdb-version');
    for (const instance of cluster.instances) expect(await versionAt(instance.url)).toBe('2026f');
    const release = readFileSync(new URL('../../fixtures/tzdata-2026b.zi', import.meta.url)).toString('base64');
    // Straight to instance 0: the other one must learn of it on its own.
    const loaded = await fetch(`${cluster.instances[0].url}/api/admin/tzdb`, {
      method: 'POST',
      headers: { cookie, origin: cluster.instances[0].url, 'content-type': 'application/json' },
      body: JSON.stringify({ release, force: true }),
    });
    expect(loaded.status).toBe(200);
    const loadedAt = performance.now();
    const seenAfter = await Promise.all(
      cluster.instances.map((instance) =>
        waitFor(
          'the loaded release',
          async () => ((await versionAt(instance.url)) === '2026b' ? Math.round(performance.now() - loadedAt) : undefined),
          30_000,
          20,
        ),
      ),
    );
    console.log(`cluster: tz release 2026b answered by instance 0 after ${seenAfter[0]} ms, instance 1 after ${seenAfter[1]} ms`);
    // And the answers follow: Edmonton on 2026-12-15 is -07:00 MST in 2026b (-06:00 CST in 2026f).
    const t = await createTestApp({
      DATABASE_URL: db.url,
      APP_SECRET: SECRET,
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-cluster:`,
    });
    try {
      const user = await createUser(t, { plan: 'enterprise' });
      const { key } = await createApiKey(t, user);
      for (const instance of cluster.instances) {
        const res = await fetch(`${instance.url}/api/conversion/timezone?from=UTC&to=America/Edmonton&datetime=2026-12-15T12:00:00`, {
          headers: { 'X-API-Key': key },
        });
        expect(res.status).toBe(200);
        expect((await res.json()) as object).toMatchObject({ utcOffset: '-07:00', abbreviation: 'MST' });
      }
    } finally {
      await t.close();
    }
  }, 60_000);

  it('SIGTERM to one process during load loses no request and no usage row', async () => {
    const { userId, key } = await customerOn(db.url, SECRET, 'enterprise');
    const statuses = new Map<number, number>();
    let answered = 0;
    let failed = 0;
    let sent = 0;
    const total = 600;
    const worker = async () => {
      while (sent < total) {
        sent++;
        try {
          const res = await fetch(`${cluster.url}/api/time/current?timezone=Asia/Tokyo`, { headers: { 'X-API-Key': key } });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          answered++;
        } catch {
          failed++;
        }
        // A steady stream under the enterprise burst guard, so every answer is a 200.
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, worker));
    await waitFor('load under way', async () => answered >= 100, 30_000, 10);
    const victim = cluster.instances[0];
    process.kill(victim.pid, 'SIGTERM');
    await load;
    await waitFor('the stopped instance to exit', async () => /instance 0 \(pid \d+\) exited \(0\)/.test(cluster.output()), 30_000);
    const rows = await waitFor(
      'usage rows for every answer',
      async () => {
        const n = await usageRows(db.url, userId);
        return n >= answered ? n : undefined;
      },
      30_000,
    ).catch(async () => usageRows(db.url, userId));
    console.log(
      `cluster: SIGTERM to one of two instances under load: ${answered} answered (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}), ${failed} failed, ${rows} usage rows`,
    );
    expect(failed).toBe(0);
    expect(statuses.get(200)).toBe(total);
    expect(rows).toBe(answered);
  }, 120_000);
});
