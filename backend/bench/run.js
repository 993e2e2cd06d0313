// `npm run bench`: the public API bench, then the usage bench when its author has added it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
// BENCH_ONLY=heavy-neighbour,batch runs only the scenarios named (the scripts' names without .js).
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((name) => name.trim().replace(/\.js$/, ''))) : null;
let failed = false;
for (const script of [
  'tz.js',
  'boundaries.js',
  'api.js',
  'endpoints.js',
  'bottleneck.js',
  'usage.js',
  'usage-ceiling.js',
  'usage-compaction.js',
  'batch.js',
  'request-log.js',
  'heavy-neighbour.js',
]) {
  if (only && !only.has(script.replace(/\.js$/, ''))) continue;
  const path = here(script);
  if (!existsSync(path)) continue;
  console.log(`\n=== bench/${script} ===`);
  // A Node that cannot strip types (20) compiles @tzapi/shared's TypeScript source, which dist imports, with SWC.
  const strip = process.features.typescript ? [] : ['--import', here('ts-register.mjs')];
  const result = spawnSync(process.execPath, [...strip, path, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
