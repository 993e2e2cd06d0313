// The top frames of a V8 CPU profile (.cpuprofile JSON), as the per-endpoint bench prints them: self time by function,
// as a share of the time the process was busy (idle, GC and "(program)" are reported apart).

const NATIVE = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Where a frame is: the file's name under its package (node_modules/pino/lib/tools.js -> pino/lib/tools.js), and line. */
function where(frame) {
  const url = frame.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  const file = nm >= 0 ? url.slice(nm + 'node_modules/'.length) : url.includes('/dist/') ? url.slice(url.indexOf('/dist/') + 6) : url.split('/').pop();
  return file ? `${file}:${frame.lineNumber + 1}` : '';
}

/** { busyMs, idle, gc, top: [{ share, name, where }] } */
export function topFrames(profile, count = 8) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const frame = byId.get(profile.samples[i]).callFrame;
    const name = frame.functionName || '(anonymous)';
    // The profiler's own work (the Profiler.stop call that hands the profile over) is not the server's.
    if (frame.url === 'node:inspector') continue;
    const key = NATIVE.has(name) ? name : `${name} ${where(frame)}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  }
  const idle = self.get('(idle)') ?? 0;
  const busy = total - idle;
  const top = [...self]
    .filter(([key]) => !NATIVE.has(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, t]) => ({ share: t / busy, frame: key }));
  return { busyMs: busy / 1000, gc: (self.get('(garbage collector)') ?? 0) / busy, top };
}
