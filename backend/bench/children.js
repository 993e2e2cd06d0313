// The bench's server processes: let go of one and make sure it does not outlive the bench.

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
