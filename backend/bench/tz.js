// The tz engine on its own: compiling a whole release, and the two look-ups every answer makes, in ns per call,
// against a baseline measured in the same run (the runtime's Intl answering the same question with a cached formatter).
import { compileRelease } from '../dist/modules/tzdb/compile-release.js';
import { BUNDLED_RELEASES_DIR, bundledVersions } from '../dist/modules/tzdb/bundled-release.js';
import { possibleInstants } from '../dist/modules/timezone/engine/local-time.js';
import { join } from 'node:path';

const [version] = bundledVersions();
const folder = join(BUNDLED_RELEASES_DIR, version);

const compileRuns = [];
let release;
for (let i = 0; i < 5; i++) {
  release = compileRelease({ kind: 'folder', path: folder });
  compileRuns.push(release.compileMs);
}
compileRuns.sort((a, b) => a - b);
console.log(
  `compile ${version}: ${release.zones.size} zones, ${release.links.size} links; first ${compileRuns.at(-1)} ms, median ${compileRuns[2]} ms (target < 1000 ms)`,
);

// First use of a stored release (ReleaseCache, issue 30): its stored bytes (a gzipped tarball) gunzipped and compiled,
// and the heap the compiled release keeps while cached (every zone looked up once, as answers would).
{
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  const { gunzipSync, gzipSync } = await import('node:zlib');
  const { packFolder, compileBytes } = await import('../dist/modules/tzdb/release-source.js');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const stored = gzipSync(packFolder(folder));
  compileBytes(gunzipSync(stored)); // the bundled release, which compileBytes lends its country tables to, compiled once
  const kept = [];
  const times = [];
  const heap = [];
  for (let i = 0; i < 3; i++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const cached = compileBytes(gunzipSync(stored));
    times.push(performance.now() - started);
    for (const zone of cached.zones.values()) zone.periodAt(Date.now());
    kept.push(cached);
    gc();
    heap.push((process.memoryUsage().heapUsed - before) / 1024 / 1024);
  }
  console.log(
    `first use of a stored release (ReleaseCache): gunzip + compile ${times.map((t) => t.toFixed(0)).join(' / ')} ms, ` +
      `heap kept per cached release ${heap.map((m) => m.toFixed(1)).join(' / ')} MB (TZDB_RELEASE_CACHE_SIZE bounds how many)`,
  );
}

const zones = [
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/Vancouver',
  'Africa/Casablanca',
  'Asia/Tokyo',
  'America/Sao_Paulo',
];
const compiled = zones.map((z) => release.zone(z));
const N = 2_000_000;
const instants = Array.from(
  { length: 4096 },
  (_, i) => Date.UTC(1970, 0, 1) + Math.floor((((i * 2654435761) % 4096) / 4096) * (Date.UTC(2100, 0, 1) - Date.UTC(1970, 0, 1))),
);

function time(label, fn, n = N) {
  fn(1000);
  const t = process.hrtime.bigint();
  const sink = fn(n);
  const ns = Number(process.hrtime.bigint() - t) / n;
  return { label, ns, sink };
}

const intl = zones.map(
  (zone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);
const rows = [];
for (let round = 0; round < 3; round++) {
  rows.push(
    time('offset look-up, random instant 1970-2100 (engine)', (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += compiled[i & 7].offsetAt(instants[i & 4095]);
      return s;
    }),
  );
  rows.push(
    time('offset look-up, the same instant again ("now", engine)', (n) => {
      let s = 0;
      const now = Date.now();
      for (let i = 0; i < n; i++) s += compiled[i & 7].offsetAt(now);
      return s;
    }),
  );
  rows.push(
    time(
      'local-time resolution, wall clock to instant(s) (engine)',
      (n) => {
        let s = 0;
        for (let i = 0; i < n; i++) s += possibleInstants(compiled[i & 7], instants[i & 4095]).length;
        return s;
      },
      N / 4,
    ),
  );
  rows.push(
    time(
      'baseline: Intl.DateTimeFormat.format, cached formatter (runtime ICU)',
      (n) => {
        let s = 0;
        for (let i = 0; i < n; i++) s += intl[i & 7].format(instants[i & 4095]).length;
        return s;
      },
      N / 20,
    ),
  );
}
const best = new Map();
for (const r of rows) best.set(r.label, Math.min(best.get(r.label) ?? Infinity, r.ns));
const baseline = best.get('baseline: Intl.DateTimeFormat.format, cached formatter (runtime ICU)');
for (const [label, ns] of best) console.log(`${label.padEnd(72)} ${ns.toFixed(1).padStart(9)} ns/call  ×${(ns / baseline).toFixed(3)} of the Intl baseline`);

// luxon carries calendar arithmetic (decisions §1); what it costs per calculation, next to an exact-only one.
const { TimeEngine } = await import('../dist/modules/timezone/engine/time-engine.js');
const engine = new TimeEngine(release);
const calendar = { ns: Infinity };
const exact = { ns: Infinity };
for (let round = 0; round < 3; round++) {
  calendar.ns = Math.min(
    calendar.ns,
    time(
      '',
      (n) => {
        let s = 0;
        for (let i = 0; i < n; i++) s += engine.add('2024-01-31T10:00:00', 'P1M2D', 'America/New_York').resultDateTime.length;
        return s;
      },
      100_000,
    ).ns,
  );
  exact.ns = Math.min(
    exact.ns,
    time(
      '',
      (n) => {
        let s = 0;
        for (let i = 0; i < n; i++) s += engine.add('2024-01-31T10:00:00', 'PT1H', 'America/New_York').resultDateTime.length;
        return s;
      },
      100_000,
    ).ns,
  );
}
console.log(
  `calculation/add in the engine: calendar units (luxon) ${(calendar.ns / 1000).toFixed(2)} µs, exact units only ${(exact.ns / 1000).toFixed(2)} µs; luxon's share ${((calendar.ns - exact.ns) / 1000).toFixed(2)} µs per call`,
);
