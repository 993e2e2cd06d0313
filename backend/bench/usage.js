// Usage bench (`npm run bench`, or `node backend/bench/usage.js --rows 10000000` after a build):
//  1. metering (--requests, default 10,000): usage rows written vs requests answered (must be equal), under load, incl. 429s of a free account;
//  2. with `--rows` usage rows seeded (default 1,000,000; the target is measured at 10,000,000), p50/p95 of
//     GET /api/dashboard/stats and GET /api/usage/summary over 90 days (target p95 < 50 ms).
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { createApp } from '../dist/app.factory.js';
import { seedUsage } from '../dist/bin/seed-usage.js';
import { PLANS } from '../dist/config/plans.js';
import { runMigrations } from '../dist/database/migrate.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { KeysService } from '../dist/modules/keys/keys.service.js';
import { UsageRecorder } from '../dist/modules/usage/usage.recorder.js';

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = inline ? inline.split('=')[1] : i >= 0 ? process.argv[i + 1] : undefined;
  return raw === undefined ? fallback : Number(String(raw).replace(/_/g, ''));
}

const ROWS = flag('rows', 1_000_000);
const SAMPLES = flag('samples', 300);
const REQUESTS = flag('requests', 10_000);
const P95_TARGET_MS = 50;

// Measure the metering itself, not the enterprise fair-use ceiling.
PLANS.enterprise.burstPerSecond = 1_000_000;

const { config, dataDir, ownDir } = benchConfig('usage');

const benchDb = await benchDatabase(config, `tzapi_bench_usage_${process.pid}`);
const databaseUrl = benchDb.url;
const cleanupDb = () => benchDb.stop();

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeRequests(url, headers, samples, concurrency) {
  const times = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < samples) {
        next++;
        const started = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (res.status !== 200) failures++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], failures };
}

function cannon(options) {
  return new Promise((resolve, reject) => autocannon(options, (err, result) => (err ? reject(err) : resolve(result))));
}

let app;
let pool;
let failed = false;
try {
  await runMigrations(databaseUrl);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The database is dropped at the end: an idle connection it ends must not take the process down before its report.
  pool.on('error', () => undefined);

  console.log(`Seeding ${ROWS.toLocaleString('en-US')} usage rows over 90 days...`);
  const seedStarted = Date.now();
  const seeded = await seedUsage(databaseUrl, { rows: ROWS, users: 3, days: 90, secret: config.secret, log: (l) => console.log(l) });
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  app = await createApp(config, databaseUrl, { logger: ['fatal', 'error'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const recorder = app.get(UsageRecorder);
  const keys = app.get(KeysService);

  // 1. Metering under load: every answered request is a row.
  const makeUser = async (plan) => {
    const { rows } = await pool.query(`insert into users (id, email, plan, email_verified) values (gen_random_uuid(), $1, $2, true) returning id`, [
      `bench-${randomBytes(4).toString('hex')}@example.com`,
      plan,
    ]);
    const { key } = await keys.create(rows[0].id, { name: 'bench', ipRestrictions: [], urlRestrictions: [] });
    return { id: rows[0].id, key };
  };
  const paid = await makeUser('enterprise');
  const loaded = await cannon({ url: `${base}/api/time/utc`, headers: { 'x-api-key': paid.key }, connections: 50, amount: REQUESTS });
  const free = await makeUser('free');
  const freeRun = await cannon({ url: `${base}/api/time/utc`, headers: { 'x-api-key': free.key }, connections: 20, amount: 300 });
  await recorder.flush();
  // Usage events: inside the batches the recorder writes, and the rows written before batches (seed-usage writes those).
  const count = async (userId, status = null) =>
    Number(
      (
        await pool.query(
          `select (select count(*) from usage_batches b cross join lateral unnest(b.status_codes) as s where b.user_id = $1 and ($2::int is null or s = $2))
                + (select count(*) from usage_records where user_id = $1 and ($2::int is null or status_code = $2)) as count`,
          [userId, status],
        )
      ).rows[0].count,
    );
  const paidRows = await count(paid.id);
  const freeRows = await count(free.id);
  const freeOk = await count(free.id, 200);
  const rollup = Number(
    (await pool.query(`select coalesce(sum(count), 0) as n from usage_daily where user_id = any($1::uuid[])`, [[paid.id, free.id]])).rows[0].n,
  );
  const paidAnswered = loaded.requests.total;
  const freeAnswered = freeRun.requests.total;

  // 2. Dashboard reads against the seeded volume (the heaviest seeded user holds a third of the rows).
  const user = seeded[0];
  const token = randomBytes(32).toString('base64url');
  await pool.query(`insert into sessions (id, token_hash, user_id, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '1 day')`, [
    createHash('sha256').update(token).digest('hex'),
    user.id,
  ]);
  const cookie = { cookie: `${config.sessionCookieName}=${token}` };
  const end = new Date();
  const start = new Date(end.getTime() - 90 * 86_400_000);
  const summaryUrl = `${base}/api/usage/summary?startDate=${start.toISOString()}&endDate=${end.toISOString()}`;
  const statsUrl = `${base}/api/dashboard/stats`;
  const userRows = await count(user.id);
  await timeRequests(statsUrl, cookie, 30, 1);
  await timeRequests(summaryUrl, cookie, 30, 1);
  const reads = [
    ['GET dashboard/stats (1 client)', await timeRequests(statsUrl, cookie, SAMPLES, 1)],
    ['GET usage/summary 90 d (1 client)', await timeRequests(summaryUrl, cookie, SAMPLES, 1)],
    ['GET dashboard/stats (8 clients)', await timeRequests(statsUrl, cookie, SAMPLES, 8)],
    ['GET usage/summary 90 d (8 clients)', await timeRequests(summaryUrl, cookie, SAMPLES, 8)],
  ];
  // The same reads with the per-account read cache off: what PostgreSQL itself answers under 8 clients.
  const uncached = await createApp({ ...config, USAGE_READ_CACHE_MS: 0 }, databaseUrl, { logger: ['fatal', 'error'] });
  await uncached.listen({ port: 0, host: '127.0.0.1' });
  const uncachedBase = `http://127.0.0.1:${uncached.getHttpServer().address().port}`;
  reads.push(
    ['GET dashboard/stats (8, no cache)', await timeRequests(statsUrl.replace(base, uncachedBase), cookie, SAMPLES, 8)],
    ['GET usage/summary 90 d (8, no cache)', await timeRequests(summaryUrl.replace(base, uncachedBase), cookie, SAMPLES, 8)],
  );
  await uncached.close();
  const summary = await (await fetch(summaryUrl, { headers: cookie })).json();

  console.log(
    `\nUsage bench: ${ROWS.toLocaleString('en-US')} seeded rows (seeded in ${seedSeconds.toFixed(1)} s), ${userRows.toLocaleString('en-US')} of them for the measured user`,
  );
  console.log('\nMetering (rows written vs requests answered):');
  console.log(
    `  enterprise key, 50 connections, ${REQUESTS} requests: answered ${paidAnswered}, rows ${paidRows} ${paidAnswered === paidRows ? 'EQUAL' : 'MISMATCH'} (${Math.round(loaded.requests.average)} req/s)`,
  );
  console.log(
    `  free key, 300 requests: answered ${freeAnswered} (${freeOk} x 200, rest 429), rows ${freeRows} ${freeAnswered === freeRows ? 'EQUAL' : 'MISMATCH'}`,
  );
  console.log(
    `  daily roll-ups of both: ${rollup} ${rollup === paidRows + freeRows ? 'EQUAL' : 'MISMATCH'}; recorder accepted ${recorder.recorded}, written ${recorder.written}, dropped ${recorder.dropped}`,
  );
  console.log(`\nDashboard reads (summary totalRequests ${summary.totalRequests.toLocaleString('en-US')}, ${summary.perDay.length} days):`);
  console.log(`  ${'endpoint'.padEnd(36)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(7)}`);
  for (const [name, r] of reads) {
    console.log(
      `  ${name.padEnd(36)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)} ${String(r.failures).padStart(7)}`,
    );
  }
  const meteringOk = paidAnswered === paidRows && freeAnswered === freeRows && rollup === paidRows + freeRows && Number(freeOk) === 100;
  const readsOk = reads.every(([, r]) => r.failures === 0) && reads.slice(0, 4).every(([, r]) => r.p95 < P95_TARGET_MS);
  console.log(
    `\nmetering equal: ${meteringOk ? 'PASS' : 'FAIL'}; p95 < ${P95_TARGET_MS} ms (1 and 8 clients): ${readsOk ? 'PASS' : 'FAIL'}${ROWS < 10_000_000 ? ' (target is stated at --rows 10000000)' : ''}`,
  );
  failed = !meteringOk || !readsOk;
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await app?.close().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  await cleanupDb().catch(() => undefined);
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
