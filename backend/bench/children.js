// The bench's server processes: start one, ask it a question, let go of it and make sure it does not outlive the bench.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Forks a server script of bench/ with `env` added to this process's, and settles once it says it is ready: with the
 * child and the fields of that first message (its port, keys). `stdio` as fork takes it; a piped stdout is drained.
 */
export function start(script, env = {}, stdio = 'inherit') {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], { env: { ...process.env, ...env }, stdio });
    child.stdout?.resume();
    child.once('message', (msg) => resolve({ child, ...msg }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

/** One IPC question to a server started by `start` (app-server.js, bare-server.js), answered by a message carrying `reply: cmd`. */
export function ask(server, cmd, extra = {}) {
  return new Promise((resolve) => {
    const on = (msg) => {
      if (msg?.reply !== cmd) return;
      server.child.off('message', on);
      resolve(msg);
    };
    server.child.on('message', on);
    server.child.send({ cmd, ...extra });
  });
}

/** The median of the rounds' values (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Disconnects `child` (its cue to stop) and settles once it has exited; still running after `graceMs`, it is killed. */
export function letGo(child, graceMs = 20_000) {
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const hung = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => (clearTimeout(hung), resolve()));
  });
  if (child.connected) child.disconnect();
  return exited;
}
