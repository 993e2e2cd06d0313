// `npm start`: builds backend and frontend, then serves the product in this very process.
// npm runs a script through `sh -c`, and sh does not pass a SIGTERM on to its child: a supervisor's SIGTERM to npm
// ended npm and sh and left the server (and its embedded PostgreSQL) running. The script is `exec node …`, so npm's
// child is this process: a signal during the build ends the build's process group, and once the server is loaded
// its own shutdown (main.ts) handles SIGTERM and SIGINT.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const skipBuild = process.argv.includes('--no-build');

function build() {
  return new Promise((resolve, reject) => {
    const npm = process.env.npm_execpath;
    const [command, args] = npm ? [process.execPath, [npm, 'run', 'build']] : ['npm', ['run', 'build']];
    // Its own process group: a signal ends the whole build (npm, sh, tsc, vite), not just its first process.
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true });
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(signal ? `build ended by ${signal}` : `build failed (exit ${code})`), { exitCode: signal ? 1 : code }));
    });
  });
}

try {
  if (!skipBuild) await build();
} catch (err) {
  console.error(`npm start: ${err.message}`);
  process.exit(err.exitCode ?? 1);
}
await import(pathToFileURL(join(root, 'backend/dist/main.js')).href);
