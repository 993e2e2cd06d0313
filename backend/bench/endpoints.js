// Every sold endpoint against a bare node:http server sending that endpoint's answer bytes, in the same run (issue 28).
// For each endpoint: req/s at CONNECTIONS connections, as the median of alternating rounds of short runs, API and bare
// (the machine is shared, so a round's runs are seconds apart and the ratio is taken per round), p99 and errors; then the
// API's CPU time per answer at a fixed offered load (RATE req/s), read from the server process itself (steadier than
// req/s when other work shares the cores). MCP: tools/call get_current_time over Streamable HTTP at 20 connections.
// Afterwards: usage rows equal to the answers sent, and a free key's quota exact under 500 parallel calls.
// A second yardstick runs in the same rounds: the bare server sending the API's whole answer, its header set included
// (RateLimit fields, request id, CORS, cache and security headers, as the API sent them for that endpoint). The targets
// are against the first; the second says how much of the gap is the header bytes, which every client also pays.
// Targets: time/current >= 0.45 of bare with p99 < 10 ms; every other sold endpoint >= 0.30; MCP >= 0.15; 0 errors.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { answerHeaders } from './answer-headers.js';
import { ask, letGo, median, start } from './children.js';
import { stepShares, topFrames } from './profile-top.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 2);
const CPU_WINDOWS = Number(process.env.BENCH_CPU_WINDOWS ?? 3);
const ONLY = process.env.BENCH_ONLY;
/** A directory: each endpoint's API process is also profiled over one saturated run, and its top frames printed. */
const PROFILE_DIR = process.env.BENCH_PROFILE;

/** A server of bench/ as deployed: JSON access log lines on stdout, here a pipe this process drains (as a log collector would). */
const serve = (script) => start(script, { BENCH_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }, ['inherit', 'pipe', 'inherit', 'ipc']);

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, total: r.requests.total, non2xx: r.non2xx });
    });
  });
}

/**
 * CPU µs the server spends per answer at a fixed offered load (user + system, the whole process, usage writer
 * included): the median of CPU_WINDOWS windows. Before them the API writes out the usage rows of the saturated runs
 * (`settle`) and every server runs 1 s at that load unmeasured, so a batch insert or a collection left over from the
 * runs before falls into one window at most, not into the figure.
 */
async function cpuPerAnswer(server, options) {
  if (server === app) await ask(server, 'settle');
  const fixed = { ...options, connections: 10, overallRate: RATE };
  const warm = await load({ ...fixed, duration: 1 });
  const windows = [];
  let total = warm.total;
  let errors = warm.errors;
  for (let i = 0; i < CPU_WINDOWS; i++) {
    const before = (await ask(server, 'cpu')).cpu;
    const r = await load({ ...fixed, duration: RATE_SECONDS });
    const after = (await ask(server, 'cpu')).cpu;
    windows.push((after.user - before.user + (after.system - before.system)) / Math.max(1, r.total));
    total += r.total;
    errors += r.errors;
  }
  return { micros: median(windows), total, errors };
}

/** Every process's pid, parent and CPU time so far (utime + stime, in ticks of 1/100 s), from /proc. */
function processTable() {
  const table = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      table.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The machine's CPU ticks: busy (user, nice, system, irq, softirq) and steal. */
function machineTicks() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return { busy: user + nice + system + irq + softirq, steal };
}

/** Where the cores went during `run`: the API process, its PostgreSQL (the embedded one, a child of it), this load generator, the rest. */
async function coresDuring(apiPid, run) {
  const sample = () => {
    const table = processTable();
    const below = new Set([apiPid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of table) if (!below.has(p.pid) && below.has(p.ppid)) (below.add(p.pid), (grew = true));
    }
    const sum = (pred) => table.filter(pred).reduce((n, p) => n + p.ticks, 0);
    return {
      api: sum((p) => p.pid === apiPid),
      db: sum((p) => p.pid !== apiPid && below.has(p.pid)),
      load: sum((p) => p.pid === process.pid),
      machine: machineTicks(),
      at: performance.now(),
    };
  };
  const before = sample();
  const result = await run();
  const after = sample();
  const ticks = ((after.at - before.at) / 1000) * 100;
  const busy = after.machine.busy - before.machine.busy;
  const share = (n) => n / ticks;
  const api = share(after.api - before.api);
  const db = share(after.db - before.db);
  const load = share(after.load - before.load);
  return { result, cores: { api, db, load, other: Math.max(0, share(busy) - api - db - load), steal: share(after.machine.steal - before.machine.steal) } };
}

const app = await serve('./app-server.js');
const bare = await serve('./bare-server.js');
const bareWithHeaders = await serve('./bare-server.js');
const base = `http://127.0.0.1:${app.port}`;
const key = { 'x-api-key': app.key };
const json = { ...key, 'content-type': 'application/json' };
const post = (path, body) => ({ path, method: 'POST', headers: json, body: JSON.stringify(body) });
const get = (path) => ({ path, method: 'GET', headers: key });
const TEN = [
  'Europe/London',
  'Asia/Tokyo',
  'Asia/Kathmandu',
  'Australia/Adelaide',
  'America/Sao_Paulo',
  'Africa/Nairobi',
  'Europe/Berlin',
  'Asia/Kolkata',
  'America/Los_Angeles',
  'Pacific/Auckland',
];
const mcpCall = {
  path: '/mcp',
  method: 'POST',
  headers: { ...key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'America/New_York' } } }),
};
const endpoints = [
  { name: 'GET time/current', target: 0.45, request: get('/api/time/current?timezone=America/New_York') },
  {
    name: 'POST conversion/timezone',
    target: 0.3,
    request: post('/api/conversion/timezone', { fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' }),
  },
  {
    name: 'POST conversion/multi (10)',
    target: 0.3,
    request: post('/api/conversion/multi', { fromTimeZone: 'America/New_York', toTimeZones: TEN, dateTime: '2024-07-01T09:00:00' }),
  },
  {
    name: 'POST calculation/add',
    target: 0.3,
    request: post('/api/calculation/add', { baseDateTime: '2024-01-31T10:00:00', timeSpan: 'P1M2D', timeZone: 'America/New_York' }),
  },
  {
    name: 'POST calculation/difference',
    target: 0.3,
    request: post('/api/calculation/difference', { startDateTime: '2024-03-30T12:00:00', endDateTime: '2024-03-31T12:00:00', timeZone: 'Europe/London' }),
  },
  { name: 'GET calculation/dayofweek', target: 0.3, request: get('/api/calculation/dayofweek?date=2024-07-01') },
  { name: 'GET timezone/info', target: 0.3, request: get('/api/timezone/info?timezone=Europe/Paris') },
  { name: 'GET timezone/transitions', target: 0.3, request: get('/api/timezone/transitions?timezone=Europe/Paris&from=2024-01-01&to=2025-01-01') },
  { name: 'GET timezone/search', target: 0.3, request: get('/api/timezone/search?city=san') },
  { name: 'GET timezone/lookup', target: 0.3, request: get('/api/timezone/lookup?location=Paris') },
  { name: 'GET timezone/coordinate', target: 0.3, request: get('/api/timezone/coordinate?latitude=48.8566&longitude=2.3522') },
  { name: 'MCP tools/call (20 conn)', target: 0.15, request: mcpCall, connections: 20 },
].filter((e) => !ONLY || e.name.includes(ONLY));

let answers = 0;
const results = [];
try {
  for (const e of endpoints) {
    const sample = await fetch(base + e.request.path, { method: e.request.method, headers: e.request.headers, body: e.request.body });
    const body = await sample.text();
    answers++;
    if (sample.status !== 200) throw new Error(`${e.name} answered ${sample.status}: ${body.slice(0, 300)}`);
    await ask(bare, 'body', { body });
    await ask(bareWithHeaders, 'body', { body, headers: answerHeaders(sample) });
    const api = { url: base, requests: [e.request], connections: e.connections ?? CONNECTIONS };
    const yardstick = {
      url: `http://127.0.0.1:${bare.port}${e.request.path}`,
      method: e.request.method,
      body: e.request.body,
      connections: e.connections ?? CONNECTIONS,
    };
    const withHeaders = { ...yardstick, url: `http://127.0.0.1:${bareWithHeaders.port}${e.request.path}` };
    // Warm all three (JIT, caches), then alternating rounds (the API first, then last, then first...).
    answers += (await load({ ...api, duration: 1 })).total;
    await load({ ...yardstick, duration: 1 });
    await load({ ...withHeaders, duration: 1 });
    const ratios = [];
    const headerRatios = [];
    const runs = [];
    const bareRuns = [];
    const cores = [];
    const budgets = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ['bare', 'headers', 'api'] : ['api', 'headers', 'bare'];
      const got = {};
      for (const which of order) {
        if (which === 'bare') ({ result: got.bare, cores: got.bareCores } = await coresDuring(bare.child.pid, () => load(yardstick)));
        else if (which === 'headers') got.headers = await load(withHeaders);
        else ({ result: got.api, cores: got.cores } = await coresDuring(app.child.pid, () => load(api)));
      }
      answers += got.api.total;
      cores.push(got.cores);
      runs.push(got.api);
      bareRuns.push(got.bare);
      ratios.push(got.api.rps / got.bare.rps);
      headerRatios.push(got.api.rps / got.headers.rps);
      // CPU µs per answer while saturated; what the API could spend per answer at the target with no core idle and
      // PostgreSQL and the load generator costing what they did; and the ceiling: x bare at this CPU per answer (the
      // three together) if no core were ever idle, against the bare server of the same round.
      const us = (cores, rps) => (cores / rps) * 1e6;
      const apiUs = us(got.cores.api, got.api.rps);
      const others = us(got.cores.db + got.cores.load, got.api.rps);
      budgets.push({
        api: apiUs,
        db: us(got.cores.db, got.api.rps),
        load: us(got.cores.load, got.api.rps),
        bare: us(got.bareCores.api, got.bare.rps),
        bareLoad: us(got.bareCores.load, got.bare.rps),
        allowed: us(cpus().length, e.target * got.bare.rps) - others,
        ceiling: us(cpus().length, got.bare.rps) / (apiUs + others),
      });
    }
    let profile = null;
    if (PROFILE_DIR) {
      await ask(app, 'profile-start');
      answers += (await load(api)).total;
      const text = (await ask(app, 'profile-stop')).profile;
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(join(PROFILE_DIR, `${e.name.replace(/[^\w]+/g, '-')}.cpuprofile`), text);
      const parsed = JSON.parse(text);
      profile = { ...topFrames(parsed, 8), steps: stepShares(parsed) };
    }
    const apiCpu = await cpuPerAnswer(app, api);
    answers += apiCpu.total;
    const bareCpu = await cpuPerAnswer(bare, yardstick);
    results.push({
      name: e.name,
      target: e.target,
      rps: Math.round(median(runs.map((r) => r.rps))),
      bareRps: Math.round(median(bareRuns.map((r) => r.rps))),
      ratio: median(ratios),
      headerRatio: median(headerRatios),
      budget: Object.fromEntries(Object.keys(budgets[0]).map((k) => [k, median(budgets.map((b) => b[k]))])),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((n, r) => n + r.errors, 0) + apiCpu.errors,
      cpu: apiCpu.micros,
      bareCpu: bareCpu.micros,
      bytes: Buffer.byteLength(body),
      cores: Object.fromEntries(Object.keys(cores[0]).map((k) => [k, median(cores.map((c) => c[k]))])),
      profile,
    });
  }
  var { rows, answered } = await ask(app, 'rows');
  // The free plan's hourly quota (100) under 500 parallel calls: exactly 100 answered, the rest 429.
  if (app.freeKey) {
    const statuses = await Promise.all(
      Array.from({ length: 500 }, () =>
        fetch(`${base}/api/time/current?timezone=UTC`, { headers: { 'x-api-key': app.freeKey } }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    var granted = statuses.filter((s) => s === 200).length;
    var refused = statuses.filter((s) => s === 429).length;
  }
} finally {
  bare.child.kill();
  bareWithHeaders.child.kill();
  // A server that has not stopped 20 s after the bench let it go is killed, so it never outlives the bench.
  var stopped = letGo(app.child);
}

console.log(
  `\nSold endpoints against a bare node:http server sending the same answer bytes: ${CONNECTIONS} connections (MCP 20), medians of ${ROUNDS} alternating rounds of ${SECONDS} s runs; CPU at ${RATE} req/s offered: the median of ${CPU_WINDOWS} windows of ${RATE_SECONDS} s, after 1 s unmeasured`,
);
console.log(
  `${'endpoint'.padEnd(28)} ${'bytes'.padStart(6)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'x bare'.padStart(7)} ${'target'.padStart(6)} ${'p99 ms'.padStart(6)} ${'errors'.padStart(6)} ${'CPU µs'.padStart(7)} ${'bare µs'.padStart(7)} ${'x bare+h'.padStart(8)}`,
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(28)} ${String(r.bytes).padStart(6)} ${String(r.rps).padStart(7)} ${String(r.bareRps).padStart(7)} ${r.ratio.toFixed(2).padStart(7)} ${r.target.toFixed(2).padStart(6)} ${String(r.p99).padStart(6)} ${String(r.errors).padStart(6)} ${r.cpu.toFixed(0).padStart(7)} ${r.bareCpu.toFixed(0).padStart(7)} ${r.headerRatio.toFixed(2).padStart(8)}`,
  );
}
console.log(`(x bare+h: against the bare server sending the API's header set too, in the same rounds; the targets are against bare)`);
console.log(`\nWhere the machine's ${cpus().length} cores went while the API was saturated (cores busy, medians of the runs above):`);
console.log(
  `${'endpoint'.padEnd(28)} ${'API'.padStart(6)} ${'Postgres'.padStart(8)} ${'load gen'.padStart(8)} ${'other'.padStart(6)} ${'steal'.padStart(6)} ${'idle'.padStart(6)} ${'ceiling'.padStart(7)} ${'of ceiling'.padStart(10)}`,
);
for (const r of results) {
  const c = r.cores;
  const idle = Math.max(0, cpus().length - c.api - c.db - c.load - c.other - c.steal);
  console.log(
    `${r.name.padEnd(28)} ${c.api.toFixed(2).padStart(6)} ${c.db.toFixed(2).padStart(8)} ${c.load.toFixed(2).padStart(8)} ${c.other.toFixed(2).padStart(6)} ${c.steal.toFixed(2).padStart(6)} ${idle.toFixed(2).padStart(6)} ${r.budget.ceiling.toFixed(2).padStart(7)} ${(r.ratio / r.budget.ceiling).toFixed(2).padStart(10)}`,
  );
}
console.log(
  `(ceiling: x bare at this CPU per answer of the API, PostgreSQL and the load generator together, were no core ever idle: what any arrangement of these processes on this machine could reach without answering more cheaply; of ceiling: x bare over it, the share of that the API reached)`,
);
console.log(`\nCPU µs per answer while saturated (medians of the rounds above), and what the API may spend at the target:`);
console.log(
  `${'endpoint'.padEnd(28)} ${'API'.padStart(6)} ${'Postgres'.padStart(8)} ${'load gen'.padStart(8)} ${'bare'.padStart(6)} ${'its gen'.padStart(7)} ${'API at target'.padStart(13)}`,
);
for (const r of results) {
  const b = r.budget;
  console.log(
    `${r.name.padEnd(28)} ${b.api.toFixed(1).padStart(6)} ${b.db.toFixed(1).padStart(8)} ${b.load.toFixed(1).padStart(8)} ${b.bare.toFixed(1).padStart(6)} ${b.bareLoad.toFixed(1).padStart(7)} ${b.allowed.toFixed(1).padStart(13)}`,
  );
}
console.log(
  `(API at target: the cores' time per answer at the target's rate, less what PostgreSQL and the load generator spent per API answer; every process busy all the time)`,
);
if (PROFILE_DIR) {
  console.log(`\nTop frames by self time, share of the API process's busy time over one saturated run (profiles in ${PROFILE_DIR}):`);
  for (const r of results) {
    console.log(`${r.name} (GC ${(r.profile.gc * 100).toFixed(1)}%)`);
    for (const f of r.profile.top) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.frame}`);
  }
  console.log(`\nWhere the API process's busy time goes, by step of an answer (each sample to the deepest step on its stack):`);
  for (const r of results) {
    console.log(`${r.name}`);
    console.log(
      r.profile.steps
        .filter((s) => s.share >= 0.01)
        .map((s) => `  ${(s.share * 100).toFixed(1).padStart(5)}%  ${s.step}`)
        .join('\n'),
    );
  }
}
const checks = results.map((r) => [`${r.name} >= ${r.target} of bare (${r.ratio.toFixed(3)})`, r.ratio >= r.target]);
const current = results.find((r) => r.name === 'GET time/current');
if (current) checks.push([`time/current p99 < 10 ms (${current.p99} ms)`, current.p99 < 10]);
checks.push([`zero errors (${results.reduce((n, r) => n + r.errors, 0)})`, results.every((r) => r.errors === 0)]);
checks.push([`usage rows equal answers (${rows} rows, ${answered} answered; the load generator counted ${answers})`, rows === answered]);
if (granted !== undefined)
  checks.push([`free quota exact under 500 parallel calls (${granted} answered, ${refused} refused)`, granted === 100 && refused === 400]);
for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'} ${label}`);
// The server stops before this process does (or is killed after 20 s): it never outlives the bench.
await stopped;
process.exit(0);
