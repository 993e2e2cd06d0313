// Each workspace's tests (frontend, backend, the client package) run whatever another's result (a backend failure used to hide the
// frontend's tests), then one line per workspace and a failing exit code if any failed.
import { spawnSync } from 'node:child_process';

const npm = process.env.npm_execpath;
const results = [];
for (const workspace of ['frontend', 'backend', '@tzapi/client']) {
  const started = Date.now();
  const [command, args] = npm ? [process.execPath, [npm, 'test', '-w', workspace]] : ['npm', ['test', '-w', workspace]];
  const run = spawnSync(command, args, { stdio: 'inherit' });
  results.push({ workspace, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
for (const { workspace, ok, seconds } of results) console.log(`${ok ? 'passed' : 'FAILED'}: ${workspace} tests (${seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
