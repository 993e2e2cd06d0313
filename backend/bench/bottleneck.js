// What a server that sets the rate pays per answer beyond its own work (issue 53's time/current target, argued).
// The bare node:http yardstick answers time/current's 395 bytes at 50 connections, as bench/endpoints.js runs it, once
// as it is and then spinning BENCH_SPIN_US of pure computation per answer before it answers: its req/s against the
// plain one in the same rounds, its CPU per answer, and that CPU less the spin. Once the server is the process that
// sets the rate (a core of its own full, the load generator waiting on it), Node's and the kernel's own cost per answer
// grows (socket wake-ups, smaller bursts), so x bare falls faster than the spin alone explains. The last line says how
// many µs of work per answer a server may add to a bare one and still reach 0.45 of it, on this machine.
import autocannon from 'autocannon';
import { ask, letGo, median, start } from './children.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SPINS = (process.env.BENCH_SPINS ?? '4,8,10,12,16').split(',').map(Number);
const TARGET = 0.45;
// time/current's answer, as long as the API's (395 bytes).
const BODY = JSON.stringify({ timezone: 'America/New_York', current_time: '2026-11-30T00:26:34.742-05:00', pad: 'x'.repeat(308) });

// The header set the API owes every time/current answer (as it sent them on 2026-11-30; Node adds date, connection,
// keep-alive and content-length to both servers): rate-limit fields, request id, CORS, security, cache and release headers.
const API_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Tzdb-Version, X-Tzdb-Build, X-Request-Id',
  'content-language': 'en',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'content-type': 'application/json; charset=utf-8',
  ratelimit: '"burst";r=999999;t=1',
  'ratelimit-limit': '1000000',
  'ratelimit-policy': '"burst";q=1000000;w=1',
  'ratelimit-remaining': '999999',
  'ratelimit-reset': '1',
  'referrer-policy': 'no-referrer',
  vary: 'Accept, Accept-Language',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-request-id': '01a22aeb-51f1-7c75-b47c-eb27ce777137',
  'x-tzdb-build': 'backzone',
  'x-tzdb-version': '2026f',
};

/** The bare yardstick spinning `spinUs` per answer, sending `headers` too when given. */
async function bareServer(spinUs, headers) {
  const env = { BENCH_BODY: BODY, BENCH_SPIN_US: String(spinUs), ...(headers && { BENCH_HEADERS: JSON.stringify(headers) }) };
  return { ...(await start('./bare-server.js', env)), spinUs, label: headers ? 'headers' : spinUs };
}

async function saturate(server, duration = SECONDS) {
  const before = (await ask(server, 'cpu')).cpu;
  const r = await new Promise((resolve, reject) =>
    autocannon({ url: `http://127.0.0.1:${server.port}/`, connections: CONNECTIONS, duration }, (err, out) => (err ? reject(err) : resolve(out))),
  );
  const after = (await ask(server, 'cpu')).cpu;
  const total = Math.max(1, r.requests.total);
  return { rps: r.requests.average, micros: (after.user - before.user + after.system - before.system) / total, errors: r.errors + r.non2xx };
}

const servers = [await bareServer(0), await bareServer(0, API_HEADERS), ...(await Promise.all(SPINS.map((spin) => bareServer(spin))))];
const rows = new Map(servers.map((s) => [s.label, { spin: s.spinUs, ratios: [], rps: [], micros: [], errors: 0 }]));
try {
  for (const s of servers) await saturate(s, 1);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    const got = new Map();
    for (const s of order) got.set(s.label, await saturate(s));
    for (const [spin, r] of got) {
      const row = rows.get(spin);
      row.ratios.push(r.rps / got.get(0).rps);
      row.rps.push(r.rps);
      row.micros.push(r.micros);
      row.errors += r.errors;
    }
  }
} finally {
  await Promise.all(servers.map((s) => letGo(s.child)));
}

console.log(
  `\nA bare node:http server answering ${Buffer.byteLength(BODY)} bytes at ${CONNECTIONS} connections, spinning N µs per answer first: medians of ${ROUNDS} alternating rounds of ${SECONDS} s`,
);
console.log('spin µs    req/s  x bare  CPU µs  CPU less spin  errors');
const points = [];
const bareMicros = median(rows.get(0).micros);
for (const [label, row] of rows) {
  const [spin, ratio, micros] = [row.spin, median(row.ratios), median(row.micros)];
  if (label === 'headers') {
    console.log(
      `the API's header set, no spin: ${Math.round(median(row.rps))} req/s, ${ratio.toFixed(2)} of bare, ${micros.toFixed(1)} µs (+${(micros - bareMicros).toFixed(1)} µs of Node's own per answer)`,
    );
    continue;
  }
  points.push({ spin, ratio });
  console.log(
    `${String(spin).padStart(7)} ${String(Math.round(median(row.rps))).padStart(8)} ${ratio.toFixed(2).padStart(7)} ${micros.toFixed(1).padStart(7)} ${(micros - spin).toFixed(1).padStart(14)} ${String(row.errors).padStart(7)}`,
  );
}
// Where x bare crosses the target, between the two spins around it (linear).
let budget = null;
for (let i = 1; i < points.length; i++) {
  const [a, b] = [points[i - 1], points[i]];
  if (a.ratio >= TARGET && b.ratio < TARGET) budget = a.spin + ((a.ratio - TARGET) / (a.ratio - b.ratio)) * (b.spin - a.spin);
}
console.log(
  budget === null
    ? `x bare does not cross ${TARGET} between ${SPINS[0]} and ${SPINS.at(-1)} µs of spin`
    : `At ${TARGET} of bare a server may spend about ${budget.toFixed(1)} µs per answer beyond what the bare one spends (the API: its headers, key check, limits, usage row, access line, routing and answer)`,
);
const errors = [...rows.values()].reduce((n, r) => n + r.errors, 0);
if (errors) {
  console.log(`FAIL ${errors} errors`);
  process.exit(1);
}
