// The request log bench's data (request-log.js): its settings, the endpoint mix and the SQL that generates the usage
// rows, and the measuring helpers the clients' loop uses.
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

/** Route patterns with method, relative weight, typical latency (ms) and the kind of query string a GET sends (the last CASE of SEED_SQL). */
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

/**
 * One row per g, in time order. h0..h4 are independent hashes of g (the OFFSET 0 keeps each computed once); s picks the
 * status: 0.1 % 500, 0.05 % 503, 0.2 % 403, 1 % 429, 0.5 % 404, 2 % 400, the rest 200.
 */
export const SEED_SQL = `
insert into usage_records (id, row_id, "timestamp", user_id, key_id, endpoint, method, status_code, response_ms, ip_address, request_id,
                           request_id_indexed, problem_code, query)
select g, g, ts,
       ($4::uuid[])[c], ($5::uuid[])[c], ($8::text[])[e], ($9::text[])[e], st,
       round((case when st >= 500 then 30 + (h3 % 500000) / 100.0
                   when st >= 400 then 0.2 + (h3 % 80) / 100.0
                   else ($10::float8[])[e] * (0.5 + (h3 % 1000) / 1000.0)
                        + case when h4 % 1000 < 5 then (h4 % 30000) / 100.0 else 0 end end)::numeric, 2)::real,
       '203.0.' || ($6::int[])[c] || '.' || (1 + h0 % 3),
       substr(t, 1, 8) || '-' || substr(t, 9, 4) || '-7' || substr(m, 1, 3) || '-' || (array['8', '9', 'a', 'b'])[1 + h3 % 4] || substr(m, 4, 3)
         || '-' || substr(m, 7, 12),
       false,
       case st when 400 then (array['invalid_timezone', 'validation_failed', 'invalid_datetime', 'invalid_coordinates'])[1 + h4 % 4]
               when 403 then 'forbidden' when 404 then 'not_found' when 429 then 'rate_limited'
               when 500 then 'internal_error' when 503 then 'service_unavailable' end,
       case ($11::int[])[e]
         when 1 then 'timezone=' || ($12::text[])[1 + h4 % 8]
         when 2 then format('latitude=%s&longitude=%s', round(((h4 % 17000) / 100.0 - 85)::numeric, 4), round(((h3 % 36000) / 100.0 - 180)::numeric, 4))
         when 3 then 'city=' || left(($13::text[])[1 + h4 % 8], (3 + h3 % 4)::int)
         when 4 then 'location=' || ($13::text[])[1 + h4 % 8]
         when 5 then format('timezone=%s&from=%s-01-01&to=%s-01-01', ($12::text[])[1 + h4 % 8], 2020 + h3 % 6, 2021 + h3 % 6)
         when 6 then 'date=' || (date '2024-01-01' + (h3 % 730)::int)
       end
from (select g, c, ($7::int[])[1 + h2 % 128] as e, h0, h3, h4, ts, md5(g::text) as m,
             lpad(to_hex(floor(extract(epoch from ts) * 1000)::int8), 12, '0') as t,
             case when s < 10 then 500 when s < 15 then 503 when s < 35 then 403 when s < 135 then 429
                  when s < 185 then 404 when s < 385 then 400 else 200 end::smallint as st
      from (select g, to_timestamp($2::float8 + (g - 1 + ((hashint8extended(g, 0) & 2147483647) % 1000) / 1000.0) * $3::float8) as ts,
                   hashint8extended(g, 0) & 2147483647 as h0, 1 + (hashint8extended(g, 1) & 2147483647) % ${SLOTS} as c,
                   hashint8extended(g, 2) & 2147483647 as h2, hashint8extended(g, 3) & 2147483647 as h3,
                   hashint8extended(g, 4) & 2147483647 as h4, (hashint8extended(g, 5) & 2147483647) % 10000 as s
            from generate_series(1::int8, $1::int8) as g offset 0) h
      offset 0) r`;

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
