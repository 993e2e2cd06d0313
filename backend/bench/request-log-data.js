// The request log bench's data (request-log.js): its settings, the endpoint mix and the generator of the usage
// events, and the measuring helpers the clients' loop uses.
import { readFileSync } from 'node:fs';

export const num = (name, fallback) => Number(String(process.env[name] ?? fallback).replace(/_/g, ''));
export const ROWS = num('BENCH_ROWS', 1_000_000);
export const SECONDS = num('BENCH_SECONDS', 20);
export const CLIENTS = num('BENCH_CLIENTS', 8);
export const ACCOUNTS = Math.max(1, num('BENCH_ACCOUNTS', 12));
export const SHARE = ACCOUNTS === 1 ? 1 : num('BENCH_SHARE', 0.4);
export const P95_TARGET_MS = 100;
/** The write side: BENCH_WRITE_BATCHES (20) batches of 8,000 rows written as the recorder writes them, into the loaded table. */
export const WRITE_BATCHES = num('BENCH_WRITE_BATCHES', 20);
export const WRITE_BATCH_ROWS = 8000;
/** The zone a viewer's browser sends with the stats (its own hours and days). */
export const VIEWER_ZONE = 'America/New_York';
/** The measured account's keys and their share of its traffic: one busy production key, one rarely used. */
export const MEASURED_KEYS = [55, 25, 12, 6, 2];
/** Caller slots: each row picks one by hash; an account's key gets slots in proportion to its share of all rows. */
export const SLOTS = 4096;

/** Route patterns with method, relative weight, typical latency (ms) and the kind of query string a GET sends (queryOf). */
export const ENDPOINTS = [
  ['/api/time/current', 'GET', 30, 0.8, 1],
  ['/api/time/utc', 'GET', 8, 0.3, 0],
  ['/api/time/current/coordinate', 'GET', 6, 1.5, 2],
  ['/api/conversion/timezone', 'POST', 14, 1.0, 0],
  ['/api/conversion/multi', 'POST', 4, 3.0, 0],
  ['/api/timezone/list', 'GET', 5, 2.5, 0],
  ['/api/timezone/search', 'GET', 6, 1.2, 3],
  ['/api/timezone/info', 'GET', 7, 0.9, 1],
  ['/api/timezone/coordinate', 'GET', 6, 1.4, 2],
  ['/api/timezone/lookup', 'GET', 5, 1.8, 4],
  ['/api/timezone/transitions', 'GET', 2, 2.0, 5],
  ['/api/calculation/add', 'POST', 3, 0.9, 0],
  ['/api/calculation/difference', 'POST', 2, 0.9, 0],
  ['/api/calculation/dayofweek', 'GET', 2, 0.3, 6],
];
export const ZONES = ['America/New_York', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC'];
export const CITIES = ['Paris', 'Tokyo', 'New York', 'London', 'Sydney', 'Berlin', 'Mumbai', 'San Francisco'];

const PROBLEM_CODES = {
  400: ['invalid_timezone', 'validation_failed', 'invalid_datetime', 'invalid_coordinates'],
  403: ['forbidden'],
  404: ['not_found'],
  429: ['rate_limited'],
  500: ['internal_error'],
  503: ['service_unavailable'],
};

/** A small deterministic generator (mulberry32): the same events every run. */
export function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Usage events `first`..`last` (1-based) of `total` spread evenly from `start` (epoch ms) over `span` ms, in time order,
 * as the recorder hands them to the writer (UsageRow): each picks a caller slot and an endpoint slot; the status is
 * 0.1 % 500, 0.05 % 503, 0.2 % 403, 1 % 429, 0.5 % 404, 2 % 400, the rest 200, with its problem code; latencies per
 * endpoint with a slow tail; a UUIDv7 X-Request-Id of the event's time (as the API makes them); an IP and the query
 * string a GET sends.
 */
export function seedRows({ first, last, total, start, span, slots, endpointSlots, rnd }) {
  const rows = [];
  const step = span / total;
  for (let g = first; g <= last; g++) {
    const timestamp = Math.floor(start + (g - 1 + rnd()) * step);
    const caller = slots[Math.floor(rnd() * slots.length)];
    const e = endpointSlots[Math.floor(rnd() * endpointSlots.length)] - 1;
    const [endpoint, method, , latency, queryKind] = ENDPOINTS[e];
    const s = Math.floor(rnd() * 10000);
    const status = s < 10 ? 500 : s < 15 ? 503 : s < 35 ? 403 : s < 135 ? 429 : s < 185 ? 404 : s < 385 ? 400 : 200;
    const h = Math.floor(rnd() * 2 ** 31);
    const ms =
      status >= 500
        ? 30 + (h % 500000) / 100
        : status >= 400
          ? 0.2 + (h % 80) / 100
          : latency * (0.5 + (h % 1000) / 1000) + (h % 1000 < 5 ? (h % 30000) / 100 : 0);
    const hex = timestamp.toString(16).padStart(12, '0');
    const tail = Math.floor(rnd() * 2 ** 48)
      .toString(16)
      .padStart(12, '0');
    rows.push({
      timestamp,
      userId: caller.userId,
      keyId: caller.keyId,
      endpoint,
      method,
      statusCode: status,
      responseMs: Math.round(ms * 100) / 100,
      ipAddress: `203.0.${caller.account}.${1 + (h % 3)}`,
      requestId: `${hex.slice(0, 8)}-${hex.slice(8)}-7${(h % 4096).toString(16).padStart(3, '0')}-${'89ab'[h % 4]}${(g % 4096).toString(16).padStart(3, '0')}-${tail}`,
      problemCode: PROBLEM_CODES[status]?.[h % PROBLEM_CODES[status].length] ?? null,
      query: queryOf(queryKind, h),
      rowId: g,
    });
  }
  return rows;
}

function queryOf(kind, h) {
  const zone = ZONES[h % 8];
  const city = CITIES[(h >> 3) % 8];
  switch (kind) {
    case 1:
      return `timezone=${zone}`;
    case 2:
      return `latitude=${((h % 17000) / 100 - 85).toFixed(4)}&longitude=${(((h >> 4) % 36000) / 100 - 180).toFixed(4)}`;
    case 3:
      return `city=${city.slice(0, 3 + (h % 4))}`;
    case 4:
      return `location=${city}`;
    case 5:
      return `timezone=${zone}&from=${2020 + (h % 6)}-01-01&to=${2021 + (h % 6)}-01-01`;
    case 6:
      return `date=${new Date(Date.UTC(2024, 0, 1 + (h % 730))).toISOString().slice(0, 10)}`;
    default:
      return null;
  }
}

/**
 * CPU seconds so far of this process and of the PostgreSQL backends serving the bench database (read from /proc: the
 * server is on this machine), so a run on a shared machine can say where the time of an answer went.
 */
export async function cpuSeconds(pool) {
  const { rows } = await pool.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  let postgres = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      postgres += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // Gone, or not on this machine.
    }
  }
  const own = process.cpuUsage();
  return { node: (own.user + own.system) / 1e6, postgres, pids: new Set(rows.map((r) => r.pid)) };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Slot counts proportional to the weights (largest remainder), at least one each. */
export function apportion(weights, total) {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map((x) => Math.max(1, Math.floor(x)));
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0]);
  for (let left = total - counts.reduce((a, b) => a + b, 0), j = 0; left > 0; left--, j++) counts[order[j % order.length][1]]++;
  // The minimum of one can overshoot: the largest give the extra back.
  for (let over = counts.reduce((a, b) => a + b, 0) - total; over > 0; over--) counts[counts.indexOf(Math.max(...counts))]--;
  return counts;
}
