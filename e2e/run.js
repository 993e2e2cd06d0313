// Runs the browser journeys against the real built app: node e2e/run.js (after npm run build).
// Starts node backend/dist/main.js on a free port with a fresh DATA_DIR (and a fresh database when
// DATABASE_URL is set), waits for /api/health, starts one Chromium the journeys connect to, runs each file of
// e2e/journeys/ with node --test (E2E_WORKERS at a time), prints each file's time, then stops everything.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { chmodSync, mkdtempSync, rmSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'backend', 'dist', 'main.js');
// The project pins Node 24 (the `node` devDependency); the machine's default node may be older.
const projectNode = join(root, 'node_modules', 'node', 'bin', 'node');
const nodeBin = existsSync(projectNode) ? projectNode : process.execPath;
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 180_000);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function withPg(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** With DATABASE_URL: a fresh database for this run, named by the run, dropped at the end. */
async function createRunDatabase(baseUrl) {
  const name = `tzapi_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new URL(baseUrl);
  admin.pathname = '/postgres';
  await withPg(admin.toString(), (c) => c.query(`CREATE DATABASE "${name}"`));
  const runUrl = new URL(baseUrl);
  runUrl.pathname = `/${name}`;
  return {
    url: runUrl.toString(),
    drop: () =>
      withPg(admin.toString(), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch((e) =>
        console.error(`e2e: could not drop database ${name}: ${e.message}`),
      ),
  };
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`server exited early (${server.exitCode ?? server.signalCode})`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy within ${HEALTH_TIMEOUT_MS} ms`);
}

function stop(child, signal = 'SIGTERM', graceMs = 20_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** A static file server over `dir` (what data.iana.org/time-zones is to the release feed). */
async function startFeedServer(dir) {
  const { createServer: createHttpServer } = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  mkdirSync(dir, { recursive: true });
  const server = createHttpServer(async (req, res) => {
    try {
      const body = await readFile(join(dir, new URL(req.url, 'http://feed').pathname.replace(/^\/+/, '').replace(/\.\./g, '')));
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/** A signing key for the feed: the public half is TZDB_FEED_KEYS, the private half is left for the journey to sign with. */
async function feedSigningKey(dir) {
  const openpgp = await import('openpgp');
  const { writeFileSync } = await import('node:fs');
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'curve25519',
    userIDs: [{ name: 'E2E Time Zone Coordinator', email: 'tz@e2e.test' }],
    format: 'armored',
  });
  writeFileSync(join(dir, 'feed-signing-key.asc'), privateKey);
  return { publicKey };
}

/**
 * How many journey files run side by side (E2E_WORKERS, default 1). Each file is its own `node --test` process with
 * accounts of its own, so files share the server and the browser, with three rules:
 * - a file that signs in as the run's super admin runs while no other such file does: the second factor's codes are
 *   one-time and in order (a code of an earlier step than the last one used is refused), so sign-ins take turns;
 *   admin-users.test.js goes first, since it enrols that second factor through the console;
 * - the files in ALONE change what every account sees (the mailbox's folder swapped out, the active tz release): they
 *   run last, one at a time, with nothing beside them.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const ALONE = new Set(['jobs.test.js', 'tzdb-feed.test.js', 'tzdb-pin.test.js', 'tzdb.test.js']);
const FIRST = 'admin-users.test.js';
const SIGNS_IN_SUPER_ADMIN = /\b(SUPER_ADMIN|ensureSuperAdminTotp|openSuperAdminConsole|superAdminTotpSecret)\b/;

async function startBrowserServer() {
  const { chromium } = await import('playwright-core');
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** Runs one journey file as `node --test <file>`; answers its exit code, wall time and output. */
function runJourney(file, env, children, { stream }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(nodeBin, ['--test', '--test-reporter=spec', file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const output = [];
    const take = (chunk) => {
      if (stream) process.stdout.write(chunk);
      else output.push(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({
        file,
        code: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(output.map((c) => Buffer.from(c))).toString(),
      });
    });
  });
}

/** A journey file's bytes and those of the e2e/ helpers it imports other than lib.js (which every file imports). */
function weight(file) {
  const source = readFileSync(file, 'utf8');
  const helpers = [...source.matchAll(/from '\.\.\/([\w-]+\.js)'/g)].map((m) => m[1]).filter((name) => name !== 'lib.js');
  return helpers.reduce((sum, name) => sum + statSync(join(root, 'e2e', name)).size, source.length);
}

/**
 * The journeys, E2E_WORKERS at a time under the rules above: FIRST, then the longest first (as the last run measured
 * them, so a long one does not start last), then ALONE in name order. With one worker the output streams; with more,
 * each file's output is printed whole when it ends.
 */
async function runJourneys(files, env, children) {
  const last = readTimes();
  const jobs = files.map((file) => {
    const name = file.split('/').pop();
    return { file, name, alone: ALONE.has(name), superAdmin: SIGNS_IN_SUPER_ADMIN.test(readFileSync(file, 'utf8')) };
  });
  const rank = (job) => (job.name === FIRST ? 0 : job.alone ? 2 : 1);
  // Without last run's times (a fresh clone, as in CI) the larger file goes first, as Jest guesses, counting the helpers
  // it imports beside lib.js (look.test.js is small; its sweep is e2e/look.js), not the first in name order: a long
  // file started last keeps one worker busy alone.
  const length = (job) => last[job.name] ?? weight(job.file) / 1e6;
  jobs.sort((a, b) => rank(a) - rank(b) || (a.alone ? a.name.localeCompare(b.name) : length(b) - length(a)));
  const running = new Set();
  const results = [];
  const startable = (job) => {
    if (running.size >= WORKERS || [...running].some((r) => r.alone)) return false;
    if (job.alone) return running.size === 0;
    return !(job.superAdmin && [...running].some((r) => r.superAdmin));
  };
  await new Promise((resolve) => {
    const pump = () => {
      for (const job of [...jobs]) {
        if (!startable(job)) {
          if (job.alone || job.name === FIRST) break; // nothing overtakes these
          continue;
        }
        jobs.splice(jobs.indexOf(job), 1);
        running.add(job);
        runJourney(job.file, env, children, { stream: WORKERS === 1 }).then((result) => {
          running.delete(job);
          if (WORKERS > 1) process.stdout.write(`\n── ${job.name} (${result.seconds.toFixed(1)} s)\n${result.output}`);
          results.push(result);
          if (jobs.length === 0 && running.size === 0) resolve();
          else pump();
        });
      }
      if (jobs.length === 0 && running.size === 0) resolve();
    };
    pump();
  });
  writeTimes(results);
  return results;
}

const timesFile = join(root, 'e2e', 'screenshots', 'times.json');

function readTimes() {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeTimes(results) {
  const times = { ...readTimes() };
  for (const r of results) times[r.file.split('/').pop()] = Math.round(r.seconds * 10) / 10;
  writeFileSync(timesFile, `${JSON.stringify(times, null, 2)}\n`);
}

/** Each file's wall time, longest first, and whether it passed. */
function printTimes(results) {
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`\ne2e: ${results.length} journey files, ${WORKERS} at a time (${total.toFixed(1)} s of journey time):`);
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds)) {
    console.log(`  ${r.code === 0 ? 'pass' : 'FAIL'}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file.split('/').pop()}`);
  }
}

async function main() {
  const runStarted = performance.now();
  if (!existsSync(serverEntry)) {
    console.error(`e2e: ${serverEntry} is missing; run npm run build first`);
    process.exit(1);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tzapi-e2e-'));
  // The embedded PostgreSQL runs as its own user, which must be able to reach DATA_DIR/pg.
  chmodSync(dataDir, 0o755);
  mkdirSync(join(root, 'e2e', 'screenshots'), { recursive: true });
  const db = process.env.DATABASE_URL ? await createRunDatabase(process.env.DATABASE_URL) : null;
  const superAdmin = { email: 'admin@e2e.test', password: `E2e-${randomBytes(9).toString('base64url')}` };
  // In IANA's place: a static server over DATA_DIR/feed, and a signing key the server trusts; releases wait for a super
  // admin (TZDB_AUTO_ACTIVATE=false), so the feed journey activates one in the console.
  const feed = await startFeedServer(join(dataDir, 'feed'));
  const signingKey = await feedSigningKey(dataDir);

  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SUPER_ADMIN_EMAIL: superAdmin.email,
    SUPER_ADMIN_PASSWORD: superAdmin.password,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // With a shared Redis, each run counts sign-in attempts and quotas in its own namespace, not in the last run's.
    REDIS_PREFIX: `tzapi-e2e-${process.pid}-${Date.now().toString(36)}:`,
    // Journeys read /metrics to know when the usage buffer is written (lib.js usageWritten).
    METRICS_TOKEN: process.env.METRICS_TOKEN ?? randomBytes(18).toString('base64url'),
    // A mail the jobs journey makes fail gives up within seconds (3 tries, 1 s apart), so the console shows it failed.
    MAIL_RETRY_DELAY_SECONDS: '1',
    MAIL_RETRY_MAX_DELAY_SECONDS: '1',
    MAIL_RETRY_HOURS: '0.0005',
    JOBS_POLL_MS: '500',
    TZDB_FEED_URL: `${feed.url}/tzdata-latest.tar.gz`,
    TZDB_FEED_KEYS: signingKey.publicKey,
    TZDB_AUTO_ACTIVATE: 'false',
    TZDB_FEED_INTERVAL_MS: '3600000',
    // The webhooks journey's receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Accounts made through the API (lib.js createVerifiedUser) each come from an address of their own, as customers
    // do: the journeys make more than the 20 sign-ups an hour one address may. The browser sends no X-Forwarded-For, so
    // its requests stay 127.0.0.1.
    TRUST_PROXY: 'true',
  };
  if (db) env.DATABASE_URL = db.url;
  else delete env.DATABASE_URL;
  delete env.SMTP_URL; // journeys read the dev mailbox

  console.log(`e2e: starting server on ${baseUrl} (DATA_DIR=${dataDir}${db ? ', fresh database' : ', embedded PostgreSQL'})`);
  const server = spawn(nodeBin, [serverEntry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const serverLog = [];
  const keep = (chunk) => {
    serverLog.push(chunk.toString());
    if (serverLog.length > 400) serverLog.shift();
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);

  const testChildren = new Set();
  let browserServer = null;
  let cleaning = false;
  const cleanup = async () => {
    if (cleaning) return;
    cleaning = true;
    await Promise.all([...testChildren].map((child) => stop(child, 'SIGTERM', 5000)));
    await browserServer?.close().catch(() => undefined);
    await stop(server);
    feed.server.close();
    if (db) await db.drop();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, async () => {
      await cleanup();
      process.exit(130);
    });
  }

  let code = 1;
  try {
    await waitForHealth(baseUrl, server);
    console.log('e2e: server healthy; running journeys');
    const journeysDir = join(root, 'e2e', 'journeys');
    const files = readdirSync(journeysDir)
      .filter((f) => f.endsWith('.test.js'))
      // E2E_ONLY=look or E2E_ONLY=look,no-white-pages: the files whose names contain one of the parts.
      .filter((f) => !process.env.E2E_ONLY || process.env.E2E_ONLY.split(',').some((part) => f.includes(part.trim())));
    // One Chromium for the whole run: each journey connects to it (lib.js launch) instead of starting its own.
    browserServer = await startBrowserServer();
    const journeyEnv = {
      ...process.env,
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      E2E_SUPER_ADMIN_EMAIL: superAdmin.email,
      E2E_SUPER_ADMIN_PASSWORD: superAdmin.password,
      E2E_METRICS_TOKEN: env.METRICS_TOKEN,
      E2E_BROWSER_WS: browserServer.wsEndpoint(),
      // Journeys that play a server-side event (a session running out) reach the run's database; without one they
      // find the embedded PostgreSQL under DATA_DIR (lib.js withServerDatabase).
      ...(db ? { E2E_DATABASE_URL: db.url } : {}),
    };
    const results = await runJourneys(
      files.map((f) => join(journeysDir, f)),
      journeyEnv,
      testChildren,
    );
    printTimes(results);
    code = results.every((r) => r.code === 0) ? 0 : 1;
  } catch (error) {
    console.error(`e2e: ${error.message}`);
    console.error('--- server log (tail) ---\n' + serverLog.join('').split('\n').slice(-80).join('\n'));
    code = 1;
  } finally {
    if (code !== 0 && !cleaning) {
      console.error('--- server log (tail) ---\n' + serverLog.join('').split('\n').slice(-40).join('\n'));
    }
    await cleanup();
  }
  console.log(`e2e: finished in ${((performance.now() - runStarted) / 1000).toFixed(1)} s`);
  process.exit(code);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
