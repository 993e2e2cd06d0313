// Usage ceiling (`node backend/bench/usage-ceiling.js` after a build; part of `npm run bench`): how many usage events
// per second one PostgreSQL takes, written as rows (usage_records, as the writer before issue 53 wrote them) and as
// batches (usage_batches, UsageBatchRepository.write, the recorder's store since issue 53), flush by flush as the recorder writes them, alternating
// rounds. Prints PostgreSQL's CPU per event (its backends' utime + stime from /proc) and the ceiling that gives on
// this machine's cores, which is the "events/s one PostgreSQL takes" of docs/scaling.md.
// Options: --events per round (240,000), --flush events per flush (8,000, the recorder's BATCH_SIZE), --accounts
// per flush (1: the endpoint bench's one key), --rounds per layout (3).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { runMigrations } from '../dist/database/migrate.js';
import { openUsagePool, usageTransaction } from '../dist/database/usage-pool.js';
import { KeyActivity } from '../dist/modules/keys/key-activity.js';
import { KeyActivityRepository } from '../dist/modules/keys/key-activity.repository.js';
import { UsageBatchRepository } from '../dist/modules/usage/usage-batch.repository.js';
import { BATCH_ROWS, dailyRollups, forgetKeptBuckets, INSERT_COLUMNS, lateRows, rowColumns } from '../dist/modules/usage/usage-batch-sql.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { median } from './children.js';
import { cpuSeconds } from './request-log-data.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '240000' },
    flush: { type: 'string', default: '8000' },
    accounts: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
  },
});
const EVENTS = Number(values.events);
const FLUSH = Number(values.flush);
const ACCOUNTS = Number(values.accounts);
const ROUNDS = Number(values.rounds);
const ENDPOINTS = ['/api/time/current', '/api/conversion/timezone', '/api/timezone/info', '/api/calculation/add'];

const { config, dataDir, ownDir } = benchConfig('ceiling');
const db = await benchDatabase(config, `tzapi_bench_ceiling_${process.pid}`);
await runMigrations(db.url);
const pool = openUsagePool(db.url);
// PostgreSQL's CPU is read through a connection of its own (cpuSeconds counts every backend but the asking one).
const probe = openUsagePool(db.url);
const keys = new KeyActivity(new KeyActivityRepository());
/** A flush as the writer before batches wrote it (UsageRepository.write until issue 53): one row per event, for the comparison. */
const rowsLayout = {
  write: (rows) =>
    usageTransaction(pool, async (client) => {
      const c = rowColumns(rows);
      const late = lateRows(rows);
      if (late) await forgetKeptBuckets(client, late);
      await client.query(`${INSERT_COLUMNS} select id, ts, u, k, e, m, s, r, i, q, qx, pc, qs from (${BATCH_ROWS}) as b order by n`, [
        c.rowIds,
        c.timestamps,
        c.statuses,
        c.responseMs,
        c.callers,
        c.userIds,
        c.keyIds,
        c.endpoints,
        c.methods,
        c.ips,
        c.requestIds,
        c.problemCodes,
        c.queries,
        c.requestIdsIndexed,
      ]);
      const daily = dailyRollups(rows);
      await client.query(
        `insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
         select * from unnest($1::date[], $2::uuid[], $3::uuid[], $4::text[], $5::smallint[], $6::bigint[], $7::float8[])
         on conflict (user_id, day, key_id, endpoint, status_code)
         do update set count = usage_daily.count + excluded.count, total_ms = usage_daily.total_ms + excluded.total_ms`,
        [
          daily.map((d) => d.day),
          daily.map((d) => d.userId),
          daily.map((d) => d.keyId),
          daily.map((d) => d.endpoint),
          daily.map((d) => d.statusCode),
          daily.map((d) => d.count),
          daily.map((d) => d.totalMs),
        ],
      );
      await keys.noteUsed(rows, client);
    }),
};
const layouts = { rows: rowsLayout, batches: new UsageBatchRepository(pool, keys) };

const uuid = () => {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
/** A UUIDv7 request id made at `ms`, as the API makes them. */
const requestId = (ms) => {
  const h = ms.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-${'89ab'[h.charCodeAt(16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const accounts = Array.from({ length: ACCOUNTS }, () => ({ userId: uuid(), keyId: uuid() }));
let rowId = 2 ** 40;
let clock = Date.now() - 3_600_000;

/** One flush as the recorder buffers it: events a few µs apart, the accounts interleaved, mostly 200s. */
function flush() {
  const rows = new Array(FLUSH);
  for (let i = 0; i < FLUSH; i++) {
    const { userId, keyId } = accounts[i % ACCOUNTS];
    const timestamp = (clock += i % 20 === 0 ? 1 : 0);
    rows[i] = {
      timestamp,
      userId,
      keyId,
      endpoint: ENDPOINTS[i % 7 === 0 ? 1 + (i % 3) : 0],
      method: 'GET',
      statusCode: i % 97 === 0 ? 404 : 200,
      responseMs: 0.2 + (i % 13) / 10,
      ipAddress: '127.0.0.1',
      requestId: requestId(timestamp),
      problemCode: i % 97 === 0 ? 'not-found' : null,
      query: null,
      rowId: ++rowId,
    };
  }
  return rows;
}

const results = { rows: [], batches: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, repo] of Object.entries(layouts)) {
    const flushes = Array.from({ length: Math.ceil(EVENTS / FLUSH) }, flush);
    await pool.query('checkpoint');
    const before = await cpuSeconds(probe);
    const t0 = process.hrtime.bigint();
    for (const rows of flushes) await repo.write(rows);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const after = await cpuSeconds(probe);
    const events = flushes.length * FLUSH;
    results[name].push({ seconds, events, pgMicros: ((after.postgres - before.postgres) * 1e6) / events });
  }
}

const cores = availableParallelism();
console.log(
  `Usage ceiling: ${EVENTS.toLocaleString('en-US')} events a round, ${FLUSH.toLocaleString('en-US')} a flush, ${ACCOUNTS} account(s), ${ROUNDS} rounds, ${cores} cores`,
);
console.log('| layout  | one writer, events/s | PostgreSQL µs per event (rounds) | ceiling on the cores, events/s |');
for (const [name, runs] of Object.entries(results)) {
  const pg = median(runs.map((r) => r.pgMicros));
  const rate = median(runs.map((r) => r.events / r.seconds));
  console.log(
    `| ${name.padEnd(7)} | ${Math.round(rate).toLocaleString('en-US').padStart(20)} | ${pg.toFixed(2)} (${runs.map((r) => r.pgMicros.toFixed(2)).join(', ')}) | ${Math.round((cores * 1e6) / pg).toLocaleString('en-US')} |`,
  );
}
const { rows: counts } = await pool.query(
  `select (select count(*) from usage_records)::int8 as rows, (select coalesce(sum(events), 0) from usage_batches)::int8 as events,
          (select count(*) from usage_batches)::int8 as batches`,
);
const expected = ROUNDS * Math.ceil(EVENTS / FLUSH) * FLUSH;
const equal = Number(counts[0].rows) === expected && Number(counts[0].events) === expected;
console.log(
  `Written: ${Number(counts[0].rows).toLocaleString('en-US')} rows, ${Number(counts[0].events).toLocaleString('en-US')} events in ${Number(counts[0].batches).toLocaleString('en-US')} batches (${equal ? 'both equal to the events sent' : `MISMATCH: ${expected} sent`})`,
);
if (!equal) process.exitCode = 1;
const { rows: sizes } = await pool.query(
  `select (select pg_size_pretty(sum(pg_total_relation_size(c.oid))) from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'usage_records'::regclass) as rows,
          (select pg_size_pretty(sum(pg_total_relation_size(c.oid))) from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'usage_batches'::regclass) as batches`,
);
console.log(`On disk with indexes: rows ${sizes[0].rows}, batches ${sizes[0].batches} (the same events)`);
await pool.end();
await probe.end();
await db.stop();
if (ownDir) rmSync(dataDir, { recursive: true, force: true });
