/**
 * `npm run cluster -- --instances N [--port P]`: N server processes on one PostgreSQL and one Redis behind nginx on one
 * port, the way production runs several instances (docker/compose.yml does the same, with the same docker/nginx.conf).
 *
 * - PostgreSQL: DATABASE_URL, or one embedded server started here and shared by every instance.
 * - Redis: REDIS_URL (without it each instance counts limits on its own, and the log says so).
 * - The balancer is Debian's nginx (apt-get install nginx) running docker/nginx.conf: round robin, X-Forwarded-For and
 *   X-Request-Id set, and a request that is safe to repeat retried on another instance when its instance refuses the
 *   connection or answers 502/503 (see cluster-balancer.ts for what is swapped to run it on one machine).
 * - nginx starts once every instance answers /api/health/ready, so the first requests find them all.
 * - SIGTERM/SIGINT: nginx stops accepting and finishes what it holds, every instance runs its own graceful shutdown,
 *   then this exits. SIGTERM to an instance's pid (printed at start) takes it out under load.
 */
import '../config/dotenv.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/config.js';
import { runMigrations } from '../database/migrate.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { findNginx, NGINX_MISSING, NGINX_SITE, startBalancer, type Balancer } from './cluster-balancer.js';

interface Instance {
  index: number;
  port: number;
  child: ChildProcess;
  exited: boolean;
}

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const nginx = findNginx();
  if (!nginx) {
    console.error(NGINX_MISSING);
    process.exit(1);
  }
  const instances = arg('instances', 2);
  const config = loadConfig();
  const port = arg('port', config.PORT);
  const log = (line: string) => console.log(`[cluster] ${line}`);
  if (!config.REDIS_URL) log('No REDIS_URL: each instance counts rate limits on its own; set REDIS_URL for one count across them.');
  const db = await resolveDatabase(config, log);
  await runMigrations(db.url);
  // One secret for all: each instance must decrypt the keys the others stored.
  const secret = config.secret;
  const basePort = arg('base-port', port + 1);

  let stopping = false;
  const pool: Instance[] = [];
  const start = (index: number): Instance => {
    const dataDir = join(config.dataDir, 'cluster', `instance-${index}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [MAIN], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(basePort + index),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        APP_SECRET: secret,
        APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
      },
    });
    const instance: Instance = { index, port: basePort + index, child, exited: false };
    child.on('exit', (code, signal) => {
      instance.exited = true;
      log(`instance ${index} (pid ${child.pid}) exited (${signal ?? code})`);
    });
    log(`instance ${index}: pid ${child.pid}, port ${instance.port}`);
    return instance;
  };
  for (let i = 0; i < instances; i++) pool.push(start(i));

  let balancer: Balancer | undefined;
  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping`);
    await balancer?.stop();
    await Promise.all(
      pool.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.exited) return resolve();
            instance.child.once('exit', () => resolve());
            instance.child.kill('SIGTERM');
          }),
      ),
    );
    await db.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));

  // nginx (open source) has no active health checks: it learns of an instance that is away from the requests it fails.
  for (;;) {
    if (stopping) return;
    const down = pool.find((instance) => instance.exited);
    if (down) return stop(`instance ${down.index} exited before it was ready`, 1);
    const ready = await Promise.all(
      pool.map((instance) =>
        fetch(`http://127.0.0.1:${instance.port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
          (res) => res.ok,
          () => false,
        ),
      ),
    );
    if (ready.every(Boolean)) break;
    await new Promise((r) => setTimeout(r, 250));
  }

  try {
    balancer = await startBalancer({ nginx, host: config.HOST, port, upstreams: pool.map((instance) => `127.0.0.1:${instance.port}`) });
  } catch (err) {
    return stop(err instanceof Error ? err.message : String(err), 1);
  }
  void balancer.exited.then((code) => stop(`nginx exited (${code})`, 1));
  log(`load balancer (${nginx}, ${NGINX_SITE}) on http://${config.HOST}:${port} → ${instances} instances (ports ${basePort}-${basePort + instances - 1})`);
}

void main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
