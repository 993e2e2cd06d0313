// Usage compaction (`node backend/bench/usage-compaction.js` after a build; part of `npm run bench`): many quiet
// accounts, each writing a batch of a few events per flush over a closed hour, as the recorder leaves them; then
// UsageCompaction (the five-minute upkeep job's second half) merges them. Prints how long finding the hours and merging
// took, PostgreSQL's CPU per merged batch, the batches and events before and after (events must be equal), and the
// request log of one quiet account over a day, first pages and a rare filter, before and after its hours are merged.
// Busy accounts' large batches share the partitions: the look for candidates is timed with the small batches' index
// and without it (dropped and made again in the bench's own database).
// Options: --accounts (1,000), --flushes per account (20), --events per flush (2), --reads per kind (40), --busy large
// batches of 1,000 events (100,000, copies of one written batch).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runMigrations } from '../dist/database/migrate.js';
import { openUsagePool } from '../dist/database/usage-pool.js';
import { KeyActivity } from '../dist/modules/keys/key-activity.js';
import { KeyActivityRepository } from '../dist/modules/keys/key-activity.repository.js';
import { UsageBatchRepository } from '../dist/modules/usage/usage-batch.repository.js';
import { UsageCompaction } from '../dist/modules/usage/usage-compaction.repository.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { median } from './children.js';
import { cpuSeconds, percentile } from './request-log-data.js';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    flushes: { type: 'string', default: '20' },
    events: { type: 'string', default: '2' },
    reads: { type: 'string', default: '40' },
    busy: { type: 'string', default: '100000' },
  },
});
const ACCOUNTS = Number(values.accounts);
const FLUSHES = Number(values.flushes);
const EVENTS = Number(values.events);
const READS = Number(values.reads);
const BUSY = Number(values.busy);
const HOUR = 3_600_000;

const { config } = benchConfig('compaction');
const db = await benchDatabase(config, `tzapi_bench_compaction_${process.pid}`);
await runMigrations(db.url);
const pool = openUsagePool(db.url);
const probe = openUsagePool(db.url);
const batches = new UsageBatchRepository(pool, new KeyActivity(new KeyActivityRepository()));
const compaction = new UsageCompaction(pool, batches);

const thisHour = Math.floor(Date.now() / HOUR) * HOUR;
let rowId = 2 ** 41;
const event = (userId, keyId, timestamp, i) => ({
  timestamp,
  userId,
  keyId,
  endpoint: i % 3 ? '/api/time/current' : '/api/timezone/info',
  method: 'GET',
  statusCode: i % 211 === 0 ? 500 : i % 17 === 0 ? 404 : 200,
  responseMs: 0.3 + (i % 11) / 10,
  ipAddress: '203.0.113.7',
  requestId: randomUUID(),
  problemCode: i % 17 === 0 ? 'not-found' : null,
  query: 'timezone=Europe/Oslo',
  rowId: ++rowId,
});

// The quiet accounts: FLUSHES flushes of EVENTS events each, spread over the hour that closed three hours ago.
const hour = thisHour - 3 * HOUR;
let written = 0;
const t0 = performance.now();
for (let a = 0; a < ACCOUNTS; a++) {
  const userId = randomUUID();
  const keyId = randomUUID();
  for (let f = 0; f < FLUSHES; f++) {
    const at = hour + Math.floor(((f + Math.random()) * HOUR) / FLUSHES);
    written += await batches.write(Array.from({ length: EVENTS }, (_, i) => event(userId, keyId, at + i, written + i)));
  }
}
// One quiet account read through the request log: a day of hours, a flush a minute of one or two events.
const reader = randomUUID();
const readerKey = randomUUID();
for (let h = 24; h >= 2; h--) {
  for (let m = 0; m < 60; m++) {
    const at = thisHour - h * HOUR + m * 60_000 + Math.floor(Math.random() * 50_000);
    written += await batches.write(Array.from({ length: 1 + (m % 2) }, (_, i) => event(reader, readerKey, at + i, written + i)));
  }
}
// The busy accounts: rows of large batches over the last two days' closed hours. Only their summary matters to the look
// for candidates (start, end, account, events), so they are copies of one small written batch that say 1,000 events,
// made in SQL, and deleted once the look is timed.
const busyUser = randomUUID();
if (BUSY > 0) {
  const busyKey = randomUUID();
  await batches.write(Array.from({ length: 2 }, (_, i) => event(busyUser, busyKey, thisHour - 40 * HOUR + i, i)));
  const { rows: columns } = await pool.query(
    `select column_name as name from information_schema.columns where table_name = 'usage_batches' and table_schema = current_schema() order by ordinal_position`,
  );
  const step = Math.floor((36 * HOUR) / BUSY);
  const values = columns.map(({ name }) =>
    name === 'id'
      ? `-(1000000000000 + g)`
      : name === 'starts_at' || name === 'ends_at'
        ? `b.${name} + (g * ${step}) * interval '1 millisecond'`
        : name === 'events'
          ? '1000'
          : `b.${name}`,
  );
  for (let from = 1; from <= BUSY; from += 20_000)
    await pool.query(
      `insert into usage_batches (${columns.map((c) => c.name).join(', ')})
       select ${values.join(', ')} from usage_batches b, generate_series($1::int, $2::int) g where b.user_id = $3 and b.id > 0`,
      [from, Math.min(BUSY, from + 19_999), busyUser],
    );
  await pool.query('analyze usage_batches');
}
console.log(`Written: ${written.toLocaleString('en-US')} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const totals = async () => (await pool.query(`select count(*)::int as batches, coalesce(sum(events), 0)::int8 as events from usage_batches`)).rows[0];
const readLog = async () => {
  const q = { userId: reader, from: new Date(thisHour - 25 * HOUR), to: new Date(thisHour), limit: 50 };
  const kinds = { 'first page': q, 'page 10': null, '5xx': { ...q, statusClass: 5 } };
  const tenth = (await batches.page({ ...q, limit: 500 }))[449];
  kinds['page 10'] = { ...q, before: { at: tenth.at, batch: tenth.batch, batchStart: tenth.batchStart, n: tenth.n } };
  const out = {};
  for (const [name, query] of Object.entries(kinds)) {
    const times = [];
    for (let i = 0; i < READS; i++) {
      const s = performance.now();
      await batches.page(query);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out[name] = `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`;
  }
  return out;
};

/** The look for candidates, as the job makes it (median of 5): with the small batches' index, then without it. */
const look = async () => {
  const times = [];
  let hours = 0;
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    hours = (await compaction.candidates(new Date(thisHour), new Date(thisHour - 48 * HOUR), undefined, 1000)).length;
    times.push(performance.now() - s);
  }
  return { ms: median(times), hours };
};
const withIndex = await look();
const { rows: indexDef } = await pool.query(`select pg_get_indexdef('usage_batches_small_index'::regclass) as def`);
await pool.query('drop index usage_batches_small_index');
const withoutIndex = await look();
await pool.query(indexDef[0].def);
const among = (await totals()).batches;
const busyBatches = (await pool.query(`delete from usage_batches where user_id = $1`, [busyUser])).rowCount;
await pool.query('vacuum analyze usage_batches');
console.log(
  `The look for candidates (${withIndex.hours.toLocaleString('en-US')} hours) among ${among.toLocaleString('en-US')} batches, ${busyBatches.toLocaleString('en-US')} of them large: ` +
    `${withIndex.ms.toFixed(1)} ms with the small batches' index, ` +
    `${withoutIndex.ms.toFixed(1)} ms without it (${(withoutIndex.ms / withIndex.ms).toFixed(1)}x)`,
);
const before = await totals();
const logBefore = await readLog();
const cpuBefore = await cpuSeconds(probe);
const c0 = performance.now();
const found = await compaction.candidates(new Date(thisHour), new Date(thisHour - 48 * HOUR), undefined, 100_000);
const findMs = performance.now() - c0;
let merged = 0;
for (const { userId, hour: h } of found) for (let step; (step = await compaction.compactHour(userId, h));) merged += step;
const mergeSeconds = (performance.now() - c0) / 1000;
const cpuAfter = await cpuSeconds(probe);
const after = await totals();
const logAfter = await readLog();

console.log(`Accounts' hours with small batches: ${found.length.toLocaleString('en-US')}, found in ${findMs.toFixed(0)} ms`);
console.log(
  `Merged ${merged.toLocaleString('en-US')} batches in ${mergeSeconds.toFixed(1)} s (${Math.round(merged / mergeSeconds).toLocaleString('en-US')} a second), ` +
    `PostgreSQL ${(((cpuAfter.postgres - cpuBefore.postgres) * 1e6) / merged).toFixed(0)} µs of CPU per merged batch`,
);
console.log(`Batches ${before.batches.toLocaleString('en-US')} -> ${after.batches.toLocaleString('en-US')}; events ${before.events} -> ${after.events}`);
console.log('| request log of a quiet account (p50 / p95) | before | after |');
for (const name of Object.keys(logBefore)) console.log(`| ${name.padEnd(42)} | ${logBefore[name]} | ${logAfter[name]} |`);
const ok = Number(before.events) === Number(after.events) && Number(after.events) === written;
console.log(`${ok ? 'PASS' : 'FAIL'} events equal before and after merging (${written.toLocaleString('en-US')} written)`);
await probe.end();
await pool.end();
await db.stop?.();
if (!ok) process.exitCode = 1;
