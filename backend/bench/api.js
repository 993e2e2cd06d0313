// Public API bench: requests/s and p50/p99 per endpoint with a real key, beside a bare node:http
// server answering the same JSON in the same run. Targets (issue 3): time/current >= 0.5 of bare,
// p99 < 10 ms at 50 connections, zero errors.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function start(script, env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('message', (msg) => resolve({ child, ...msg }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

function measure(name, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (err, r) => {
      if (err) return reject(err);
      resolve({
        name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        total: r.requests.total,
      });
    });
  });
}

const app = await start('./app-server.js');
const headers = app.key ? { 'x-api-key': app.key } : {};
const base = `http://127.0.0.1:${app.port}`;
const currentPath = '/api/time/current?timezone=America/New_York';
const sample = await fetch(base + currentPath, { headers });
if (sample.status !== 200) {
  console.error(`time/current answered ${sample.status}: ${await sample.text()}`);
  app.child.kill();
  process.exit(1);
}
const body = await sample.text();
const bare = await start('./bare-server.js', { BENCH_BODY: body });

const conversion = JSON.stringify({ fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' });
const runs = [];
try {
  // Warm both servers so JIT and caches are the same for every measured run.
  await measure('warm-up', { url: `http://127.0.0.1:${bare.port}/`, duration: 2 });
  await measure('warm-up', { url: base + currentPath, headers, duration: 2 });
  runs.push(await measure('bare node:http (same JSON)', { url: `http://127.0.0.1:${bare.port}/` }));
  runs.push(await measure('GET time/current', { url: base + currentPath, headers }));
  runs.push(
    await measure('POST conversion/timezone', {
      url: `${base}/api/conversion/timezone`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: conversion,
    }),
  );
  runs.push(await measure('GET timezone/coordinate', { url: `${base}/api/timezone/coordinate?latitude=48.8566&longitude=2.3522`, headers }));
  runs.push(await measure('GET timezone/search', { url: `${base}/api/timezone/search?city=san`, headers }));
} finally {
  bare.child.kill();
  app.child.disconnect();
}

const bareRps = runs[0].rps;
console.log(`\nPublic API bench: ${CONNECTIONS} connections, ${DURATION} s per run, key ${app.key ? 'sent' : 'NOT available'}`);
console.log(`${'endpoint'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'x bare'.padStart(7)}`);
for (const r of runs) {
  console.log(
    `${r.name.padEnd(30)} ${String(r.rps).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${(r.rps / bareRps).toFixed(2).padStart(7)}`,
  );
}
const current = runs[1];
const ratio = current.rps / bareRps;
const checks = [
  [`time/current >= 0.5 of bare (${ratio.toFixed(2)})`, ratio >= 0.5],
  [`time/current p99 < 10 ms (${current.p99} ms)`, current.p99 < 10],
  [`zero errors (${runs.reduce((n, r) => n + r.errors, 0)})`, runs.every((r) => r.errors === 0)],
];
for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'} ${label}`);
process.exit(0);
