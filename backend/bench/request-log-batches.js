// The request log's reads on usage batches (issue 53), through UsageBatchRepository without HTTP:
// `node backend/bench/request-log-batches.js` after a build (BENCH_ROWS events, default 1,000,000; the target is
// measured at 10,000,000). 12 accounts over 12 months, the measured one holding 40 % of the events, written one batch
// per account and hour (as UsageCompaction leaves a quiet account's hours). 8 clients read pages (all, by status class,
// endpoint, key), search a request id over the whole retention, open one event and count 24 hours by hour and 30 days
// by day (without the kept days of request_stats_days) for 20 s; prints p50/p95/p99 per kind and PostgreSQL's CPU.
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { runMigrations } from '../dist/database/migrate.js';
import { openUsagePool } from '../dist/database/usage-pool.js';
import { KeyActivity } from '../dist/modules/keys/key-activity.js';
import { KeyActivityRepository } from '../dist/modules/keys/key-activity.repository.js';
import { UsageBatchRepository } from '../dist/modules/usage/usage-batch.repository.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { cpuSeconds, percentile } from './request-log-data.js';

const EVENTS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = 8;
const HOUR = 3_600_000;
const HOURS = 365 * 24;
const ENDPOINTS = ['/api/time/current', '/api/conversion/timezone', '/api/timezone/info', '/api/calculation/add', '/api/timezone/search'];

const { config, dataDir, ownDir } = benchConfig('request-log-batches');
const db = await benchDatabase(config, `tzapi_bench_rlb_${process.pid}`);
await runMigrations(db.url);
const pool = openUsagePool(db.url);
const probe = openUsagePool(db.url);
const repo = new UsageBatchRepository(pool, new KeyActivity(new KeyActivityRepository()));

const hex = (n, width) => n.toString(16).padStart(width, '0');
const accounts = Array.from({ length: 12 }, (_, i) => ({
  userId: `00000000-0000-4000-8000-${hex(i + 1, 12)}`,
  keys: [1, 2].map((k) => `00000000-0000-4000-9000-${hex(i * 10 + k, 12)}`),
  share: i === 0 ? 0.4 : 0.6 / 11,
}));
const measured = accounts[0];
const end = Math.floor(Date.now() / HOUR) * HOUR;
const start = end - HOURS * HOUR;
await repo.ensurePartitions(13, 2);

console.log(`Writing ${EVENTS.toLocaleString('en-US')} events as batches (12 accounts, one batch per account and hour)...`);
let seq = 0;
let rowId = 2 ** 40;
const ids = [];
const t0 = Date.now();
for (let h = 0; h < HOURS; h++) {
  const rows = [];
  for (const a of accounts) {
    const exact = (EVENTS * a.share) / HOURS;
    const n = Math.floor(exact) + (((h * 7919) % 1000) / 1000 < exact % 1 ? 1 : 0);
    const at = start + h * HOUR;
    for (let i = 0; i < n; i++) {
      const timestamp = at + Math.floor(((i + 0.5) * HOUR) / n);
      const s = ++seq;
      const status = s % 50 === 0 ? 500 : s % 9 === 0 ? 404 : s % 13 === 0 ? 429 : 200;
      const requestId = `${hex(timestamp, 12).slice(0, 8)}-${hex(timestamp, 12).slice(8)}-7${hex(s % 4096, 3)}-8${hex(s % 4096, 3)}-${hex(s, 12)}`;
      if (a === measured && s % 997 === 0) ids.push(requestId);
      rows.push({
        timestamp,
        userId: a.userId,
        keyId: a.keys[s % 2],
        endpoint: ENDPOINTS[s % 5],
        method: 'GET',
        statusCode: status,
        responseMs: 0.3 + (s % 37) / 10,
        ipAddress: '203.0.113.9',
        requestId,
        problemCode: status === 404 ? 'not-found' : null,
        query: null,
        rowId: ++rowId,
      });
    }
  }
  if (rows.length) await repo.write(rows);
}
// Without the usage pool's 5 s statement timeout.
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
await admin.query('vacuum analyze usage_batches');
await admin.end();
const { rows: size } = await pool.query(
  `select count(*)::int8 as batches, sum(events)::int8 as events,
     (select pg_size_pretty(sum(pg_total_relation_size(c.oid))) from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'usage_batches'::regclass) as disk
   from usage_batches where user_id = $1`,
  [measured.userId],
);
console.log(
  `  ${((Date.now() - t0) / 1000).toFixed(0)} s; the measured account: ${Number(size[0].events).toLocaleString('en-US')} events in ${Number(size[0].batches).toLocaleString('en-US')} batches; all batches on disk ${size[0].disk}`,
);

const now = new Date(end);
const day = (n) => new Date(end - n * 24 * HOUR);
const ranges = (count, width) => Array.from({ length: count }, (_, i) => ({ lo: end - (count - i) * width, hi: end - (count - i - 1) * width }));
const base = { userId: measured.userId, to: now, limit: 50 };
let pick = 0;
const kinds = {
  'page 24 h': () => repo.page({ ...base, from: day(1) }),
  'page 30 d, 5xx': () => repo.page({ ...base, from: day(30), statusClass: 5 }),
  'page 30 d, endpoint': () => repo.page({ ...base, from: day(30), endpoint: ENDPOINTS[3] }),
  'page 7 d, key': () => repo.page({ ...base, from: day(7), keyId: measured.keys[1] }),
  'request id, 12 months': () => repo.page({ ...base, from: new Date(start), requestId: ids[pick++ % ids.length] }),
  detail: async () => {
    const [first] = await repo.page({ ...base, from: day(1), limit: 1 });
    return repo.detail(measured.userId, first);
  },
  'stats 24 h': () => repo.latencyCounts(measured.userId, ranges(24, HOUR)),
  'stats 30 d': () => repo.latencyCounts(measured.userId, ranges(30, 24 * HOUR)),
};
// Each kind found what it looks for.
if ((await kinds['request id, 12 months']()).length !== 1) throw new Error('a request id was not found');
const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
const names = Object.keys(kinds);
const cpuBefore = await cpuSeconds(probe);
const until = Date.now() + SECONDS * 1000;
let answers = 0;
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; Date.now() < until; i++) {
      const name = names[i % names.length];
      const t = process.hrtime.bigint();
      await kinds[name]();
      times[name].push(Number(process.hrtime.bigint() - t) / 1e6);
      answers++;
    }
  }),
);
const cpuAfter = await cpuSeconds(probe);
console.log(`${CLIENTS} clients, ${SECONDS} s, ${availableParallelism()} cores: ${(answers / SECONDS).toFixed(0)} reads/s`);
console.log('| kind | reads | p50 ms | p95 ms | p99 ms |');
for (const name of names) {
  const sorted = times[name].sort((a, b) => a - b);
  console.log(
    `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
  );
}
const all = Object.values(times)
  .flat()
  .sort((a, b) => a - b);
console.log(
  `All: p50 ${percentile(all, 50).toFixed(1)} / p95 ${percentile(all, 95).toFixed(1)} ms; PostgreSQL ${(((cpuAfter.postgres - cpuBefore.postgres) * 1000) / answers).toFixed(2)} ms CPU a read`,
);
await pool.end();
await probe.end();
// BENCH_KEEP_DB=1 leaves the database for EXPLAIN (drop it afterwards).
if (!process.env.BENCH_KEEP_DB) await db.stop();
else console.log(`Kept ${db.url}`);
if (ownDir) rmSync(dataDir, { recursive: true, force: true });
