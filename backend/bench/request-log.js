// Request log bench (`npm run bench`, or `node backend/bench/request-log.js` after a build): writes BENCH_ROWS usage
// events (default 1,000,000, what `npm run bench` can afford; the target is stated at BENCH_ROWS=10000000) as batches into
// a fresh database, then BENCH_CLIENTS (8) clients read the request log of the largest account for BENCH_SECONDS (20)
// with a session: GET /api/usage/requests first pages, pages deep by cursor, each filter, request-id search, the detail,
// and GET /api/usage/requests/stats over 24 h, 7 d and 30 d. Prints p50/p95/p99 per kind of query and overall, and
// req/s (target p95 < 100 ms at 10 M events), then what a flush of events costs to write into the loaded tables.
// BENCH_KEEP_DB=1 leaves the database for EXPLAIN (drop it afterwards).
//
// The events look like a live database's: BENCH_ACCOUNTS (12) accounts of very different sizes (the measured one holds
// BENCH_SHARE, 0.4, of the events; the others shrink like 1/rank), each with its own keys (one busy, one rare), the
// sold endpoints in a realistic mix, 3.7 % 4xx and 0.15 % 5xx with their problem codes, latencies per endpoint with a
// slow tail, a UUIDv7 X-Request-Id of the event's time (as the API makes them), an IP and the query string a GET sends;
// spread evenly over the retention window (12 months back to the first of the month, up to now) and written in time
// order, a day at a time, through the app's own batch writer (UsageBatchRepository.write), then VACUUM ANALYZE.
import { createHash, randomBytes, randomUUIDv7 } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { createApp } from '../dist/app.factory.js';
import { runMigrations } from '../dist/database/migrate.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { KeysService } from '../dist/modules/keys/keys.service.js';
import { UsageBatchRepository } from '../dist/modules/usage/usage-batch.repository.js';
import {
  ROWS,
  SECONDS,
  CLIENTS,
  ACCOUNTS,
  SHARE,
  P95_TARGET_MS,
  WRITE_BATCHES,
  WRITE_BATCH_ROWS,
  VIEWER_ZONE,
  MEASURED_KEYS,
  SLOTS,
  ENDPOINTS,
  ZONES,
  cpuSeconds,
  random,
  seedRows,
  percentile,
  apportion,
} from './request-log-data.js';

const { config, dataDir, ownDir } = benchConfig('request-log');
const db = await benchDatabase(config, `tzapi_bench_request_log_${process.pid}`);
let app;
let pool;
let failed = false;
try {
  await runMigrations(db.url);
  app = await createApp(config, db.url, { logger: ['fatal', 'error'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  pool = new pg.Pool({ connectionString: db.url, max: 2 });

  // Accounts and their keys: the measured one first (premium: the stats are Advanced analytics), the others smaller.
  const accounts = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const plan = a === 0 ? 'premium' : ['free', 'premium', 'enterprise'][a % 3];
    const { rows } = await pool.query(
      `insert into users (id, email, first_name, last_name, plan, email_verified) values (gen_random_uuid(), $1, 'Bench', $2, $3, true) returning id`,
      [`bench-log-${a}-${randomBytes(4).toString('hex')}@example.com`, `Account ${a}`, plan],
    );
    const keyWeights = a === 0 ? MEASURED_KEYS : plan === 'free' ? [1] : [70, 30].slice(0, 1 + (a % 2));
    const keys = [];
    for (let k = 0; k < keyWeights.length; k++)
      keys.push((await app.get(KeysService).create(rows[0].id, { name: `Key ${k + 1}`, ipRestrictions: [], urlRestrictions: [] })).apiKey.id);
    const share = a === 0 ? SHARE : ((1 - SHARE) * (1 / (a + 1))) / Array.from({ length: ACCOUNTS - 1 }, (_, i) => 1 / (i + 2)).reduce((x, y) => x + y, 0);
    accounts.push({ id: rows[0].id, keys, keyWeights, share });
  }
  const callers = accounts.flatMap((acc, a) =>
    acc.keys.map((key, k) => ({ userId: acc.id, keyId: key, account: a, weight: (acc.share * acc.keyWeights[k]) / acc.keyWeights.reduce((x, y) => x + y, 0) })),
  );
  const slotCounts = apportion(
    callers.map((c) => c.weight),
    SLOTS,
  );
  const slots = callers.flatMap((c, i) => Array(slotCounts[i]).fill(c));
  const endpointSlots = apportion(
    ENDPOINTS.map((e) => e[2]),
    128,
  ).flatMap((n, i) => Array(n).fill(i + 1));

  // Partitions for the retention window (the month 12 months back is still kept) and the events over it, oldest first,
  // written as the app writes them (UsageBatchRepository.write: one batch per account and UTC hour of the rows given,
  // the roll-ups and the keys' lastUsedAt in its transaction). A day of events per write: one batch per account and
  // hour, the layout the recorder's flushes leave once compacted (UsageCompaction, scheduled with the move) for an account that
  // calls less than about once a second; busier accounts' batches are bigger.
  const now = new Date();
  const windowStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - config.USAGE_RETENTION_MONTHS, 1);
  const batches = app.get(UsageBatchRepository);
  await batches.ensurePartitions(config.USAGE_RETENTION_MONTHS, 2);
  const measured = accounts[0];
  console.log(
    `Writing ${ROWS.toLocaleString('en-US')} usage events as batches for ${ACCOUNTS} accounts (the measured one ${(SHARE * 100).toFixed(0)} %, ${MEASURED_KEYS.length} keys) from ${new Date(windowStart).toISOString().slice(0, 10)} to now...`,
  );
  const loadStarted = Date.now();
  const span = now.getTime() - 1000 - windowStart;
  const perWrite = Math.max(1, Math.round((ROWS * 86_400_000) / span));
  const rnd = random(53);
  // Request ids a person would paste: ones the measured account's own requests got.
  const requestIds = [];
  const pasteOne = Math.max(1, Math.floor((ROWS * SHARE) / 4000));
  for (let first = 1; first <= ROWS; first += perWrite) {
    const rows = seedRows({ first, last: Math.min(ROWS, first + perWrite - 1), total: ROWS, start: windowStart, span, slots, endpointSlots, rnd });
    for (const row of rows) if (row.userId === measured.id && row.rowId % pasteOne === 0) requestIds.push(row.requestId);
    await batches.write(rows);
  }
  const insertSeconds = (Date.now() - loadStarted) / 1000;
  console.log(`  events written (${insertSeconds.toFixed(1)} s, ${((ROWS / insertSeconds) | 0).toLocaleString('en-US')} a second)`);
  let started = Date.now();
  await pool.query('vacuum analyze usage_batches');
  const vacuumSeconds = (Date.now() - started) / 1000;
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  const { rows: sizes } = await pool.query(
    `select coalesce(sum(events), 0)::int8 as rows, count(*)::int8 as batches,
            (select pg_size_pretty(sum(pg_total_relation_size(c.oid))) from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'usage_batches'::regclass) as disk
     from usage_batches where user_id = $1`,
    [measured.id],
  );
  console.log(
    `Loaded in ${loadSeconds.toFixed(1)} s (write ${insertSeconds.toFixed(1)} s, vacuum analyze ${vacuumSeconds.toFixed(1)} s): batches on disk ${sizes[0].disk}; the measured account has ${Number(sizes[0].rows).toLocaleString('en-US')} events in ${Number(sizes[0].batches).toLocaleString('en-US')} batches`,
  );

  const token = randomBytes(32).toString('base64url');
  await pool.query(`insert into sessions (id, token_hash, user_id, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '1 day')`, [
    createHash('sha256').update(token).digest('hex'),
    measured.id,
  ]);
  const headers = { cookie: `${config.sessionCookieName}=${token}` };
  const rand = (n) => Math.floor(Math.random() * n);
  const ago = (ms) => new Date(Date.now() - ms).toISOString();
  const DAY = 86_400_000;
  const retentionDays = Math.floor((Date.now() - windowStart) / DAY);
  const day = () => {
    const at = Date.now() - (1 + rand(retentionDays - 1)) * DAY;
    return `from=${new Date(at).toISOString()}&to=${new Date(at + DAY).toISOString()}`;
  };
  const stats = (ms) => () => `/stats?from=${ago(ms)}&to=${ago(0)}&timeZone=${encodeURIComponent(VIEWER_ZONE)}`;
  /**
   * What a person does on the Requests page, as paths under /api/usage/requests (a list kind may be paged on by cursor;
   * the stats are what the page's analytics ask for, in the viewer's zone, for its ranges: 24 h is the default, 30 d "All").
   */
  const kinds = {
    'first page': () => '?',
    'last 24 h': () => `?from=${ago(DAY)}`,
    'one day': () => `?${day()}`,
    key: () => `?keyId=${measured.keys[rand(measured.keys.length)]}`,
    endpoint: () => `?endpoint=${encodeURIComponent(ENDPOINTS[rand(ENDPOINTS.length)][0])}`,
    'status 5xx': () => '?status=5xx',
    'status 2xx': () => '?status=2xx',
    'status 404': () => '?status=404',
    'key + 4xx': () => `?keyId=${measured.keys[rand(measured.keys.length)]}&status=4xx`,
    'request id': () => `?requestId=${requestIds[rand(requestIds.length)]}`,
    'stats 24 h': stats(DAY),
    'stats 7 d': stats(7 * DAY),
    'stats 30 d': stats(30 * DAY),
  };
  const names = Object.keys(kinds);
  const times = [];
  const perKind = Object.fromEntries([...names.slice(0, 10), 'next pages', 'detail', ...names.slice(10)].map((n) => [n, []]));
  let failures = 0;
  const get = async (path, kind) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/usage/requests${path}`, { headers });
    const body = await res.json();
    const ms = performance.now() - started;
    times.push(ms);
    perKind[kind].push(ms);
    if (res.status !== 200) {
      failures++;
      if (failures <= 3) console.error(`${res.status} for ${path}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    return body;
  };
  // Warm-up: each kind once, unmeasured. The first stats of 7 and 30 days count their closed days from the rows and keep
  // them (request_stats_days): what a person pays once a day per range, printed apart.
  const cold = [];
  for (const name of names) {
    const started = performance.now();
    await fetch(`${base}/api/usage/requests${kinds[name]()}`, { headers }).then((r) => r.arrayBuffer());
    if (name.startsWith('stats')) cold.push(`${name} ${(performance.now() - started).toFixed(0)} ms`);
  }

  // BENCH_PROFILE=<dir>: a CPU profile of this process (the server and the clients) over the measured run, its top frames printed.
  let profiler;
  const post = (method) => new Promise((resolve, reject) => profiler.post(method, (err, res) => (err ? reject(err) : resolve(res))));
  if (process.env.BENCH_PROFILE) {
    profiler = new (await import('node:inspector')).Session();
    profiler.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  const cpuBefore = await cpuSeconds(pool);
  const deadline = Date.now() + SECONDS * 1000;
  const measuredStart = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < deadline) {
        const name = names[rand(names.length)];
        const path = kinds[name]();
        if (name.startsWith('stats')) {
          await get(path, name);
          continue;
        }
        let page = await get(`${path}&limit=50`, name);
        // Half the time the person reads on: up to 5 more pages by cursor, then opens one request.
        if (rand(2)) {
          for (let i = 0; i < 5 && page.nextCursor && Date.now() < deadline; i++) {
            page = await get(`${path}&limit=50&cursor=${encodeURIComponent(page.nextCursor)}`, 'next pages');
          }
          const item = page.items?.[rand(page.items.length)];
          if (item) await get(`/${encodeURIComponent(item.id)}`, 'detail');
        }
      }
    }),
  );
  const seconds = (performance.now() - measuredStart) / 1000;
  const cpuAfter = await cpuSeconds(pool);
  if (profiler) {
    const { profile } = await post('Profiler.stop');
    profiler.disconnect();
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { topFrames } = await import('./profile-top.js');
    mkdirSync(process.env.BENCH_PROFILE, { recursive: true });
    writeFileSync(`${process.env.BENCH_PROFILE}/request-log.cpuprofile`, JSON.stringify(profile));
    const { busyMs, gc, top } = topFrames(profile, 25);
    console.log(`Profile (server and clients): ${busyMs.toFixed(0)} ms busy, GC ${(gc * 100).toFixed(1)} %`);
    for (const f of top) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.frame}`);
  }
  const newBackends = [...cpuAfter.pids].filter((pid) => !cpuBefore.pids.has(pid)).length;
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const [load1, load5] = (await import('node:os')).loadavg();

  console.log(
    `\nRequest log bench: ${ROWS.toLocaleString('en-US')} rows, ${ACCOUNTS} accounts (measured: ${Number(sizes[0].rows).toLocaleString('en-US')} rows), loaded in ${loadSeconds.toFixed(1)} s; ${CLIENTS} clients, ${SECONDS} s; load average ${load1.toFixed(2)} / ${load5.toFixed(2)} (1 / 5 min)`,
  );
  console.log(`  ${'what'.padEnd(14)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  const line = (name, list) =>
    console.log(
      `  ${name.padEnd(14)} ${String(list.length).padStart(6)} ${percentile(list, 50).toFixed(1).padStart(8)} ${percentile(list, 95).toFixed(1).padStart(8)} ${percentile(list, 99).toFixed(1).padStart(8)}`,
    );
  const misses = [];
  for (const [name, list] of Object.entries(perKind)) {
    if (!list.length) continue;
    list.sort((a, b) => a - b);
    line(name, list);
    if (percentile(list, 95) >= P95_TARGET_MS) misses.push(name);
  }
  line('all', times);
  console.log(`  first stats of the run, one client, before the days were kept: ${cold.join(', ')}`);
  console.log(
    `  ${(times.length / seconds).toFixed(0)} req/s, ${failures} failed${misses.length ? `; p95 over ${P95_TARGET_MS} ms: ${misses.join(', ')}` : ''}`,
  );
  const perAnswer = (a, b) => (((a - b) * 1000) / times.length).toFixed(2);
  console.log(
    `  CPU per answer: ${perAnswer(cpuAfter.node, cpuBefore.node)} ms in this process (server and clients), ${perAnswer(cpuAfter.postgres, cpuBefore.postgres)} ms in PostgreSQL${newBackends ? ` (${newBackends} backends started during the run, counted whole)` : ''}`,
  );

  // What a flush costs its writer at this size: the current minute's events from the same callers, through
  // UsageBatchRepository.write (batches, roll-ups and lastUsedAt in one transaction), one at a time.
  const store = batches;
  const writes = [];
  for (let b = 0; b < WRITE_BATCHES + 1; b++) {
    const at = Date.now();
    const rows = Array.from({ length: WRITE_BATCH_ROWS }, (_, j) => {
      const caller = slots[rand(SLOTS)];
      const [endpoint, method, , latency] = ENDPOINTS[endpointSlots[rand(endpointSlots.length)] - 1];
      const failed = rand(100) < 4;
      return {
        timestamp: at + Math.floor(j / 10),
        userId: caller.userId,
        keyId: caller.keyId,
        endpoint,
        method,
        statusCode: failed ? 400 : 200,
        responseMs: Math.round(latency * (0.5 + Math.random()) * 100) / 100,
        ipAddress: `203.0.${caller.account}.1`,
        requestId: randomUUIDv7(),
        problemCode: failed ? 'invalid_timezone' : null,
        query: method === 'GET' ? `timezone=${ZONES[rand(ZONES.length)]}` : null,
      };
    });
    const started = performance.now();
    await store.write(rows);
    // The first batch warms the connection and the statement: not counted.
    if (b > 0) writes.push(performance.now() - started);
  }
  writes.sort((a, b) => a - b);
  if (writes.length)
    console.log(
      `  usage writes: ${writes.length} flushes of ${WRITE_BATCH_ROWS.toLocaleString('en-US')} events, p50 ${percentile(writes, 50).toFixed(0)} ms (${((percentile(writes, 50) * 1000) / WRITE_BATCH_ROWS).toFixed(1)} µs a row), min ${writes[0].toFixed(0)} ms, p95 ${percentile(writes, 95).toFixed(0)} ms`,
    );
  const ok = failures === 0 && p95 < P95_TARGET_MS;
  console.log(
    `\np95 < ${P95_TARGET_MS} ms with ${CLIENTS} clients: ${ok ? 'PASS' : 'FAIL'}${ROWS < 10_000_000 ? ' (the target is stated at BENCH_ROWS=10000000)' : ''}`,
  );
  failed = !ok;
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await app?.close().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  if (!process.env.BENCH_KEEP_DB) await db.stop().catch(() => undefined);
  else console.log(`Kept ${db.url} (BENCH_KEEP_DB): drop it when done.`);
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
