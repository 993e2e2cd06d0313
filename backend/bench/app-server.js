// The built API (backend/dist) in its own process, with a user and an API key made for the bench.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from '../dist/app.factory.js';
import { PLANS } from '../dist/config/plans.js';
import { runMigrations } from '../dist/database/migrate.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { User } from '../dist/modules/accounts/user.entity.js';

// The bench measures the API's own cost: keep the key check and metering, lift the fair-use ceiling it would trip
// (BENCH_PLAN_LIMITS=true keeps the plans' own: the heavy-neighbour scenario measures the ceiling itself).
if (process.env.BENCH_PLAN_LIMITS !== 'true') PLANS.enterprise.burstPerSecond = 1_000_000;

const { config, dataDir, ownDir } = benchConfig('api');
const db = await benchDatabase(config, `tzapi_bench_api_${process.pid}`);
let app;
let stopping = false;
// The bench disconnects and may also send SIGTERM: the server stops once.
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // As main.ts does: a shutdown still waiting after 15 s (seen after the free-quota check's 400 refusals) does not keep
  // the bench's process, and the pipe it writes to, alive.
  setTimeout(() => process.exit(0), 15_000).unref();
  await app?.close().catch(() => undefined);
  await db.stop().catch(() => undefined);
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  await runMigrations(db.url);
  app = await createApp(config, db.url, { logger: ['fatal', 'error'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The server warms its zone caches in the background after start; the bench measures the warmed server.
  const { TimeEngine } = await import('../dist/modules/timezone/engine/time-engine.js');
  await app.get(TimeEngine).warmUp(Date.now(), Number.MAX_SAFE_INTEGER);
  const em = app.get(MikroORM).em.fork();
  const { KeysService } = await import('../dist/modules/keys/keys.service.js');
  /** An account of `plan` and a key of its own: its id, and the key ('' when it could not be made: calls go without one). */
  const account = async (label, lastName, plan, keyName) => {
    const owner = em.create(User, {
      email: `bench${label}-${randomBytes(4).toString('hex')}@example.com`,
      firstName: 'Bench',
      lastName,
      passwordHash: '!',
      plan,
      role: 'user',
      emailVerified: true,
      isBlocked: false,
    });
    await em.flush();
    try {
      return { id: owner.id, key: (await app.get(KeysService).create(owner.id, { name: keyName, ipRestrictions: [], urlRestrictions: [] })).key };
    } catch (err) {
      console.error(`No API key "${keyName}" for the bench (${err instanceof Error ? err.message : String(err)}); calling without one.`);
      return { id: owner.id, key: '' };
    }
  };
  const { id: benchUserId, key } = await account('', 'Runner', 'enterprise', 'bench');
  // A free account too: the bench checks its hourly quota is exact under parallel load (500 calls, 100 answered).
  const { key: freeKey } = await account('-free', 'Free', 'free', 'bench free');
  // A second paying customer (its own account), for the benches that measure one customer beside another.
  const { key: lightKey } = await account('-light', 'Light', 'enterprise', 'bench light');
  const { UsageRecorder } = await import('../dist/modules/usage/usage.recorder.js');
  // Asked by the bench: this process's CPU time so far, and the usage rows written for the bench account (after a flush).
  let profiler = null;
  let loopDelay = null;
  const post = (method, params) => new Promise((resolve, reject) => profiler.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  process.on('message', async (msg) => {
    // A CPU profile of this process between two messages (the per-endpoint bench's BENCH_PROFILE): the warmed server only.
    if (msg?.cmd === 'profile-start') {
      const inspector = await import('node:inspector');
      profiler = new inspector.Session();
      profiler.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
      process.send?.({ reply: 'profile-start' });
    }
    if (msg?.cmd === 'profile-stop') {
      const { profile } = await post('Profiler.stop');
      await post('Profiler.disable');
      profiler.disconnect();
      profiler = null;
      process.send?.({ reply: 'profile-stop', profile: JSON.stringify(profile) });
    }
    if (msg?.cmd === 'cpu') process.send?.({ reply: 'cpu', cpu: process.cpuUsage() });
    // How late this process's event loop ran its timers since the last 'loop-start' (the heavy-neighbour bench), in ms.
    if (msg?.cmd === 'loop-start') {
      loopDelay ??= (await import('node:perf_hooks')).monitorEventLoopDelay({ resolution: 5 });
      loopDelay.disable();
      loopDelay.reset();
      loopDelay.enable();
      process.send?.({ reply: 'loop-start' });
    }
    if (msg?.cmd === 'loop') {
      loopDelay?.disable();
      // The histogram holds the whole interval between two ticks of its 5 ms timer: the delay is what exceeds it.
      const late = (ns) => Math.max(0, ns / 1e6 - 5);
      process.send?.({
        reply: 'loop',
        p50: late(loopDelay?.percentile(50) ?? NaN),
        p99: late(loopDelay?.percentile(99) ?? NaN),
        max: late(loopDelay?.max ?? NaN),
      });
    }
    // Before the CPU windows: the usage rows of the saturated runs written out, so their insert is not billed to them.
    if (msg?.cmd === 'settle') {
      await app.get(UsageRecorder).flush();
      process.send?.({ reply: 'settle' });
    }
    if (msg?.cmd === 'rows') {
      const recorder = app.get(UsageRecorder);
      await recorder.flush();
      const [{ n }] = await app.get(MikroORM).em.fork().getConnection().execute(
        // Usage events: inside the batches the recorder writes, and any rows written before batches.
        `select ((select coalesce(sum(events), 0) from usage_batches where user_id = ?) + (select count(*) from usage_records where user_id = ?))::int as n`,
        [benchUserId, benchUserId],
      );
      // Answers as the server counted them (its request metric, set at each answer's onResponse): a run's last
      // requests may still be in flight when the load generator stops counting, but the server answers them.
      const { MetricsService } = await import('../dist/modules/metrics/metrics.service.js');
      const metric = await app.get(MetricsService).registry.getSingleMetric('tzapi_http_requests_total').get();
      const answered = metric.values.reduce((sum, v) => sum + v.value, 0);
      process.send?.({ reply: 'rows', rows: n, answered });
    }
  });
  process.send?.({ port: app.getHttpServer().address().port, key, freeKey, lightKey });
} catch (err) {
  console.error(err);
  await db.stop().catch(() => undefined);
  process.exit(1);
}
