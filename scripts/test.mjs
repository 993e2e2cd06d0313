// `npm test`: the checks (types, lint, formatting, the OpenAPI document) run side by side, as many at a time as the
// machine has cores, each one's output printed whole when it ends; then each workspace's tests run whatever another's
// result (a backend failure used to hide the frontend's tests), then one line per step and a failing exit code if any
// failed. The checks were four commands in a row, each using one core of two.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const npm = process.env.npm_execpath;
const npmArgs = (args) => (npm ? [process.execPath, [npm, ...args]] : ['npm', args]);

const CHECKS = [
  ['typecheck backend', ['run', 'typecheck', '-w', 'backend']],
  ['formatting', ['run', 'format:check']],
  ['typecheck frontend', ['run', 'typecheck', '-w', 'frontend']],
  ['eslint', ['exec', '--', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']],
  ['typecheck client', ['run', 'typecheck', '-w', '@tzapi/client']],
  ['typecheck shared', ['run', 'typecheck', '-w', '@tzapi/shared']],
  ['lint openapi', ['run', 'lint:openapi']],
  [
    'boundaries, import loops, size budget, doc links',
    ['exec', '--', 'node', '--test', 'eslint/boundaries.test.js', 'eslint/import-cycles.test.js', 'eslint/size-budget.test.js', 'scripts/docs-links.test.mjs'],
  ],
];

function runBuffered(name, args) {
  const started = Date.now();
  const [command, argv] = npmArgs(args);
  return new Promise((resolve) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

async function runChecks() {
  const queue = [...CHECKS];
  const results = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await runBuffered(...next));
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), 4)) }, lane));
  return results;
}

const checks = await runChecks();
const results = [...checks];
if (checks.every((r) => r.ok)) {
  for (const workspace of ['frontend', 'backend', '@tzapi/client']) {
    const started = Date.now();
    const run = spawnSync(...npmArgs(['test', '-w', workspace]), { stdio: 'inherit' });
    results.push({ name: `${workspace} tests`, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  }
}
for (const { name, ok, seconds } of results) console.log(`${ok ? 'passed' : 'FAILED'}: ${name} (${seconds} s)`);
process.exit(results.every((r) => r.ok) && checks.every((r) => r.ok) ? 0 : 1);
