import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey, createUser } from '../factories/index.js';
import { buildBackend, freshDatabase, queryOne, startServer, waitFor } from '../support/processes.js';
import type { ServerProcess } from '../support/processes.js';
import { createTestApp } from '../support/test-app.js';

const SECRET = 'mcp-abuse-test-secret-0123456789abcdef0123456789';
const METRICS_TOKEN = 'mcp-abuse-metrics-token-0123456789';
/** How long the abuse runs: bounded, as the probe was (it ran 5 s). */
const ABUSE_MS = 5000;
/**
 * The bounds. The probe saw /api/health at 924 ms p95 with two clients sending heavy batches (82 ms under plain REST
 * traffic), and RSS grow by 650 MB in 5 s. These only break on a real stall or a real leak: health's p95 during the
 * batches stays under 400 ms, or under 3 times its p95 under plain REST traffic on as many connections measured just
 * before each pattern, whichever is more (a loaded 2-core machine slows every answer, not only those behind a batch).
 */
const HEALTH_P95_MS = 400;
const HEALTH_VS_REST = 3;
const RSS_GROWTH_CEILING_MB = 200;
const RSS_BACK_WITHIN = 1.3;

type Json = Record<string, any>;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** The accounts, made through the real services on the server's database (which also migrates it). */
async function customers(databaseUrl: string) {
  const t = await createTestApp({ DATABASE_URL: databaseUrl, APP_SECRET: SECRET });
  try {
    const free = await createUser(t, { plan: 'free' });
    const enterprise = await createUser(t, { plan: 'enterprise' });
    return { free: { userId: free.id, key: (await createApiKey(t, free)).key }, enterprise: { userId: enterprise.id, key: (await createApiKey(t, enterprise)).key } };
  } finally {
    await t.close();
  }
}

describe('MCP abuse against the real server process: usage rows per request, /api/health while batches run, and memory', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(() => buildBackend(), 180_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('an exhausted key batching for 5 s, then a heavy caller for 5 s: one row per refused request, health stays quick, RSS stays bounded and comes back', async () => {
    db = await freshDatabase('mcp_abuse');
    const { free, enterprise } = await customers(db.url);
    const dataDir = join(process.env.TEST_DATA_ROOT!, `mcp-abuse-${process.pid}-${Date.now()}`);
    mkdirSync(dataDir, { recursive: true });
    server = await startServer({
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-mcp-abuse:`,
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      SUPER_ADMIN_EMAIL: 'root@example.com',
      SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
    });
    const { url } = server;
    const pid = server.child.pid!;
    const metric = async (name: string) => {
      const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(new RegExp(`^tzapi_${name} (\\S+)`, 'm').exec(text)?.[1]);
    };
    const heapMb = async () => Math.round((await metric('nodejs_heap_size_used_bytes')) / 1024 / 1024);
    const mcp = (key: string, body: unknown) =>
      fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': key },
        body: JSON.stringify(body),
      });
    const calls = (n: number, name: string, args: Json) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: args } }));

    // Warm up what a normal day touches (REST, single MCP calls, a batch), and use up the free hour: 100 REST calls.
    for (let i = 0; i < 10; i++) {
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${url}/api/calculation/dayofweek?date=2024-07-01`, { headers: { 'x-api-key': free.key } }).then((r) => r.arrayBuffer())));
      await Promise.all(Array.from({ length: 10 }, () => mcp(enterprise.key, calls(5, 'list_transitions', { timezone: 'Europe/London' })).then((r) => r.arrayBuffer())));
    }
    expect((await fetch(`${url}/api/calculation/dayofweek?date=2024-07-01`, { headers: { 'x-api-key': free.key } })).status).toBe(429);
    const freeRows = async () => Number((await queryOne<{ n: string }>(db!.url, 'select count(*) as n from usage_records where user_id = $1', [free.userId])).n);
    await waitFor('the warm-up rows to be written', async () => (await freeRows()) === 101);
    const before = { rss: rssMb(pid), heap: await heapMb() };

    // The abuse, in the probe's two patterns, 5 s each, while /api/health is asked in a loop and RSS is sampled:
    // first the exhausted key sending batches (of 100, the probe's, and at the cap of 20) on 8 connections, then a
    // paid key sending heavy list_transitions batches (the probe's 16 MB answer, and batches at the cap) on 3.
    let stop = false;
    let freeRequests = 0;
    const statuses = new Map<number, number>();
    const heavyStatuses = new Map<number, number>();
    const worker = async (key: string, body: unknown, counted: boolean) => {
      while (!stop) {
        const res = await mcp(key, body);
        await res.arrayBuffer();
        const seen = counted ? statuses : heavyStatuses;
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        if (counted) freeRequests++;
      }
    };
    let health: number[] = [];
    const prober = async () => {
      while (!stop) {
        const started = performance.now();
        const res = await fetch(`${url}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - started);
      }
    };
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(rssMb(pid)), 100);
    const phase = async (workers: (() => Promise<void>)[], ms = ABUSE_MS) => {
      stop = false;
      health = [];
      // The longest the server's event loop was held (prom-client's histogram is reset at each scrape).
      await metric('nodejs_eventloop_lag_max_seconds');
      const started = performance.now();
      const running = [...workers.map((w) => w()), prober(), prober()];
      await new Promise((r) => setTimeout(r, ms));
      stop = true;
      await Promise.all(running);
      return { seconds: (performance.now() - started) / 1000, health, loopMaxMs: Math.round((await metric('nodejs_eventloop_lag_max_seconds')) * 1000) };
    };
    let restFree = 0;
    const rest = (key: string, path: string) => async () => {
      while (!stop) {
        const res = await fetch(`${url}${path}`, { headers: { 'x-api-key': key } });
        await res.arrayBuffer();
        if (key === free.key) restFree++;
      }
    };
    // The same clients over REST, one call per request, before each pattern: what health looks like under fair traffic
    // on this machine now.
    const fair = (freeConnections: number, paidConnections: number) =>
      phase(
        [
          ...Array.from({ length: freeConnections }, () => rest(free.key, '/api/calculation/dayofweek?date=2024-07-01')),
          ...Array.from({ length: paidConnections }, () => rest(enterprise.key, '/api/timezone/transitions?timezone=Europe/London&from=1970-01-01&to=2100-12-31')),
        ],
        ABUSE_MS / 2,
      );
    const baseline = await fair(5, 3);
    const freeBefore = 101 + restFree;
    await waitFor('the REST rows to be written', async () => (await freeRows()) === freeBefore);
    const amplify = await phase([
      ...Array.from({ length: 6 }, () => () => worker(free.key, calls(100, 'get_current_time', { timezone: 'UTC' }), true)),
      () => worker(free.key, calls(20, 'get_current_time', { timezone: 'UTC' }), true),
      () => worker(free.key, calls(20, 'day_of_week', { date: '2024-07-01' }), true),
    ]);
    const restFreeEarlier = restFree;
    const baselineHeavy = await fair(0, 3);
    const restFreeLater = restFree - restFreeEarlier;
    const heavy = await phase([
      () => worker(enterprise.key, calls(100, 'list_transitions', { timezone: 'Europe/London', from: '1970-01-01', to: '2100-12-31' }), false),
      () => worker(enterprise.key, calls(20, 'list_transitions', { timezone: 'Europe/London', from: '1970-01-01', to: '2037-01-01' }), false),
      () => worker(enterprise.key, calls(20, 'list_transitions', { timezone: 'America/New_York', from: '1970-01-01', to: '2037-01-01' }), false),
    ]);
    clearInterval(sampler);
    const during = { rssMax: Math.max(...rss), heap: await heapMb() };

    // Every refused HTTP request of the exhausted key is one usage row, however many calls it carried.
    const rows =
      (await waitFor('the rows of the abuse to be written', async () => {
        const n = await freeRows();
        return n >= freeBefore + freeRequests + restFreeLater ? n : false;
      })) -
      freeBefore -
      restFreeLater;

    // RSS back near where it started once the traffic stops (V8 gives memory back on its own when allocation stops).
    const after = await waitFor('RSS to come back', async () => (rssMb(pid) <= before.rss * RSS_BACK_WITHIN ? rssMb(pid) : false), 90_000, 500).catch(() => rssMb(pid));
    const report = {
      freeRequests,
      freeRowsPerSecond: Math.round(rows / amplify.seconds),
      restFreeRowsPerSecond: Math.round(restFreeEarlier / baseline.seconds),
      statuses: Object.fromEntries(statuses),
      heavyStatuses: Object.fromEntries(heavyStatuses),
      // REST before the exhausted key, the exhausted key's batches, REST before the heavy batches, the heavy batches.
      healthProbes: [baseline, amplify, baselineHeavy, heavy].map((p) => p.health.length),
      healthP50: [baseline, amplify, baselineHeavy, heavy].map((p) => Math.round(percentile(p.health, 50))),
      healthP95: [baseline, amplify, baselineHeavy, heavy].map((p) => Math.round(percentile(p.health, 95))),
      eventLoopMaxMs: [baseline, amplify, baselineHeavy, heavy].map((p) => p.loopMaxMs),
      rssBefore: Math.round(before.rss),
      rssMaxDuring: Math.round(during.rssMax),
      rssAfter: Math.round(after),
      heapBefore: before.heap,
      heapAfterAbuse: during.heap,
      heapLater: await heapMb(),
    };
    console.log(`MCP abuse: ${JSON.stringify(report)}`);
    expect(rows).toBe(freeRequests);
    // Health answered all along, quickly, in both patterns.
    expect(Math.min(...report.healthProbes)).toBeGreaterThan(20);
    const [fairBefore, amplified, fairBeforeHeavy, heavied] = report.healthP95;
    expect(amplified).toBeLessThan(Math.max(HEALTH_P95_MS, HEALTH_VS_REST * fairBefore));
    expect(heavied).toBeLessThan(Math.max(HEALTH_P95_MS, HEALTH_VS_REST * fairBeforeHeavy));
    expect(during.rssMax - before.rss).toBeLessThan(RSS_GROWTH_CEILING_MB);
    expect(after).toBeLessThanOrEqual(before.rss * RSS_BACK_WITHIN);
  }, 240_000);
});
