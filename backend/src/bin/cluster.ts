/**
 * `npm run cluster -- --instances N [--port P]`: N server processes on one PostgreSQL and one Redis behind a small
 * load balancer on one port, the way production runs several instances (docker/compose.yml does the same with nginx).
 *
 * - PostgreSQL: DATABASE_URL, or one embedded server started here and shared by every instance.
 * - Redis: REDIS_URL (without it each instance counts limits on its own, and the log says so).
 * - The balancer sends each request to the next ready instance, adds X-Forwarded-For and X-Request-Id, and retries
 *   an idempotent request (GET, HEAD, OPTIONS) on another instance when its instance goes away mid-flight or answers
 *   503 because it is shutting down.
 * - SIGTERM/SIGINT: the balancer stops accepting, every instance runs its own graceful shutdown, then this exits.
 * - SIGHUP to an instance's pid (printed at start) is not special; send it SIGTERM to take it out under load.
 */
import '../config/dotenv.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import httpProxy from 'http-proxy';
import { loadConfig } from '../config/config.js';
import { runMigrations } from '../database/migrate.js';
import { resolveDatabase } from '../database/resolve-database.js';

interface Instance {
  index: number;
  port: number;
  child: ChildProcess;
  ready: boolean;
  exited: boolean;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
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
    const instance: Instance = { index, port: basePort + index, child, ready: false, exited: false };
    child.on('exit', (code, signal) => {
      instance.exited = true;
      instance.ready = false;
      log(`instance ${index} (pid ${child.pid}) exited (${signal ?? code})`);
    });
    log(`instance ${index}: pid ${child.pid}, port ${instance.port}`);
    return instance;
  };
  for (let i = 0; i < instances; i++) pool.push(start(i));

  // Readiness, polled: an instance that answers 503 (starting, shutting down, database away) gets no traffic.
  const probe = async () => {
    await Promise.all(
      pool.map(async (instance) => {
        if (instance.exited) return;
        try {
          const res = await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
          instance.ready = res.ok;
        } catch {
          instance.ready = false;
        }
      }),
    );
  };
  const prober = setInterval(() => void probe(), 500);

  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 30_000, selfHandleResponse: true });
  const triedBy = new WeakMap<IncomingMessage, Set<number>>();
  // An instance that has begun shutting down answers 503 before the next probe sees it: a request that is safe to
  // repeat goes to another instance instead; every other answer is passed through as it is.
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const tried = triedBy.get(req) ?? new Set<number>();
    if (proxyRes.statusCode === 503 && IDEMPOTENT.has(req.method ?? '') && tried.size < pool.length && !res.headersSent) {
      proxyRes.resume();
      for (const index of tried) pool[index].ready = false;
      forward(req, res as ServerResponse, tried);
      return;
    }
    res.writeHead(proxyRes.statusCode ?? 502, proxyRes.headers);
    proxyRes.pipe(res);
  });
  let next = 0;
  const pick = (exclude: Set<number>): Instance | undefined => {
    for (let n = 0; n < pool.length; n++) {
      const candidate = pool[(next + n) % pool.length];
      if (candidate.ready && !exclude.has(candidate.index)) {
        next = (candidate.index + 1) % pool.length;
        return candidate;
      }
    }
    return undefined;
  };
  const forward = (req: IncomingMessage, res: ServerResponse, tried: Set<number>) => {
    const target = pick(tried);
    if (!target) {
      if (!res.headersSent) {
        res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1' });
        res.end(
          JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'service_unavailable', detail: 'No instance is ready.' }),
        );
      }
      return;
    }
    tried.add(target.index);
    triedBy.set(req, tried);
    proxy.web(req, res, { target: `http://127.0.0.1:${target.port}` }, (err) => {
      // The instance went away before answering: take it out, and retry requests that are safe to repeat.
      target.ready = false;
      if (IDEMPOTENT.has(req.method ?? '') && !res.headersSent && tried.size < pool.length + 1) return forward(req, res, tried);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: 'about:blank', title: 'Bad Gateway', status: 502, code: 'bad_gateway', detail: err.message }));
      } else res.destroy();
    });
  };
  const balancer = createServer((req, res) => {
    req.headers['x-request-id'] ??= randomUUID();
    forward(req, res, new Set());
  });
  await probe();
  balancer.listen(port, config.HOST, () =>
    log(`load balancer on http://${config.HOST}:${port} → ${instances} instances (ports ${basePort}-${basePort + instances - 1})`),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    clearInterval(prober);
    balancer.close();
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
    proxy.close();
    await db.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));
}

void main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
