// The coordinate look-up on its own: µs per point and the memory the loaded boundary data takes, for the boundary
// product used before (geo-tz's default: timezone-boundary-builder's "same since 1970" merge, cache never emptied)
// and the one used now (the full product through our bounded cell cache), each in a fresh process, same points.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RANDOM_POINTS = Number(process.env.BENCH_BOUNDARY_POINTS ?? 20_000);
const mb = (n) => `${(n / 1048576).toFixed(0)} MB`;

/** The same seeded points in every process: uniform over the sphere, so most are at sea and every cell may be hit. */
function points(n, seed) {
  let s = seed;
  const r = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, () => [Math.round(((Math.asin(2 * r() - 1) * 180) / Math.PI) * 1e4) / 1e4, Math.round((360 * r() - 180) * 1e4) / 1e4]);
}

/** Cities people ask about: the same 50 points over and over (a warm cache). */
const CITIES = [
  [48.8566, 2.3522],
  [40.7128, -74.006],
  [35.6762, 139.6503],
  [51.5074, -0.1278],
  [-33.8688, 151.2093],
  [19.4326, -99.1332],
  [-23.5505, -46.6333],
  [28.6139, 77.209],
  [39.9042, 116.4074],
  [55.7558, 37.6173],
  [-1.2864, 36.8172],
  [30.0444, 31.2357],
  [6.5244, 3.3792],
  [-26.2041, 28.0473],
  [41.0082, 28.9784],
  [25.2048, 55.2708],
  [1.3521, 103.8198],
  [13.7563, 100.5018],
  [37.5665, 126.978],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [43.6532, -79.3832],
  [-34.6037, -58.3816],
  [4.711, -74.0721],
  [-12.0464, -77.0428],
  [52.52, 13.405],
  [40.4168, -3.7038],
  [41.9028, 12.4964],
  [59.3293, 18.0686],
  [60.1699, 24.9384],
  [50.4501, 30.5234],
  [35.6892, 51.389],
  [24.8607, 67.0011],
  [23.8103, 90.4125],
  [-6.2088, 106.8456],
  [14.5995, 120.9842],
  [-36.8485, 174.7633],
  [21.3069, -157.8583],
  [61.2181, -149.9003],
  [64.1466, -21.9426],
  [-15.4167, 28.2833],
  [-16.4957, -68.1336],
  [17.9757, 102.6331],
  [-2.5337, 140.7181],
  [45.4642, 9.19],
  [33.8938, 35.5018],
  [31.7683, 35.2137],
  [9.03, 38.74],
  [-18.8792, 47.5079],
  [43.8, 87.6],
];

async function measure(label) {
  const child = fork(fileURLToPath(import.meta.url), ['--child', label], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], execArgv: ['--expose-gc'] });
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => (code ? reject(new Error(`${label} exited with ${code}`)) : undefined));
  });
}

async function child(label) {
  const memory = () => {
    global.gc();
    return process.memoryUsage();
  };
  const bare = memory();
  let find;
  let cells = null;
  if (label === 'before') ({ find } = await import('geo-tz'));
  else {
    // Our resolver module: geo-tz/all with the bounded cell cache, and country-coder's borders (for zones that span
    // several countries).
    const places = await import('../dist/modules/timezone/engine/places.js');
    find = (lat, lon) => places.zonesAtPoint(lat, lon, () => undefined).zones;
    cells = places.boundaryCells;
  }
  const start = memory();
  const time = (list, rounds) => {
    const t = process.hrtime.bigint();
    let sink = 0;
    for (let k = 0; k < rounds; k++) for (const [lat, lon] of list) sink += find(lat, lon).length;
    return { us: Number(process.hrtime.bigint() - t) / 1000 / (rounds * list.length), sink };
  };
  time(CITIES, 1);
  const hot = time(CITIES, 2000);
  const afterHot = memory();
  const spread = points(RANDOM_POINTS, 20261125);
  const cold = time(spread, 1);
  const warm = time(spread, 1);
  const afterSpread = memory();
  process.send({
    label,
    loadRss: start.rss - bare.rss,
    loadHeap: start.heapUsed - bare.heapUsed,
    hotUs: hot.us,
    coldUs: cold.us,
    warmUs: warm.us,
    hotRss: afterHot.rss - start.rss,
    hotHeap: afterHot.heapUsed - start.heapUsed,
    rss: afterSpread.rss - start.rss,
    heap: afterSpread.heapUsed - start.heapUsed,
    totalRss: afterSpread.rss,
    cells: cells?.size ?? null,
  });
  process.disconnect();
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else {
  const rows = [];
  for (const label of ['before', 'after']) rows.push(await measure(label));
  const names = { before: 'before: geo-tz 1970 product, cache unbounded', after: 'now: full product (geo-tz/all), 2,000 cells kept' };
  console.log(`Coordinate look-up, in-process (${CITIES.length} city points x 2000; ${RANDOM_POINTS} random points over the globe, first and second pass)`);
  console.log(
    `${'boundary data'.padEnd(48)} ${'cities µs'.padStart(9)} ${'random µs'.padStart(9)} ${'again µs'.padStart(9)} ${'RSS load'.padStart(9)} ${'heap load'.padStart(10)} ${'RSS cities'.padStart(11)} ${'RSS random'.padStart(11)} ${'heap random'.padStart(12)} ${'RSS total'.padStart(10)}`,
  );
  for (const r of rows) {
    console.log(
      `${names[r.label].padEnd(48)} ${r.hotUs.toFixed(2).padStart(9)} ${r.coldUs.toFixed(2).padStart(9)} ${r.warmUs.toFixed(2).padStart(9)} ${('+' + mb(r.loadRss)).padStart(9)} ${('+' + mb(r.loadHeap)).padStart(10)} ${('+' + mb(r.hotRss)).padStart(11)} ${('+' + mb(r.rss)).padStart(11)} ${('+' + mb(r.heap)).padStart(12)} ${mb(r.totalRss).padStart(10)}`,
    );
  }
  const after = rows[1];
  if (after.cells !== null)
    console.log(`boundary cells kept after the random points: ${after.cells} (limit 2,000; the whole full product decoded would be about 1.5 GB of heap)`);
  console.log('load: importing the look-up (index and module); cities/random: added by the look-ups after it; RSS total: the process at the end');
}
