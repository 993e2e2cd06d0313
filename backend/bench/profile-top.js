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

/**
 * The steps of a sold answer, each sample given to the deepest step on its stack (so a step's share is its own work,
 * not what it calls into another step). First match from the leaf up wins; node's own frames count for the step that
 * called them.
 */
const STEPS = [
  ['socket writes (answers, PostgreSQL)', (f) => f.functionName === 'writeUtf8String' || f.functionName === 'writev' || f.functionName === 'writeBuffer'],
  ['access log line', (f) => f.url.endsWith('/common/logging/logging.js')],
  ['request metrics', (f) => f.url.includes('/modules/metrics/')],
  ['usage: write-ahead file and buffer', (f) => f.url.includes('/usage/usage-wal.js') || f.url.includes('/usage/usage.recorder.js')],
  ['usage: PostgreSQL insert (client side)', (f) => f.url.includes('/usage/usage.repository.js') || /node_modules\/pg(-[a-z]+)?\//.test(f.url)],
  ['usage: zone counts', (f) => f.url.includes('/usage/zone-usage.js')],
  ['metering hook', (f) => f.url.includes('/gateway/metering.js') || f.url.includes('/gateway/logged-query.js')],
  ['JSON serialisation', (f) => f.functionName === 'serialize' && f.url.includes('fastify/lib/reply.js')],
  ['key, limits', (f) => /\/gateway\/(api-key\.guard|plan-limits|burst-limiter|read-api-key)\.js|\/keys\//.test(f.url)],
  ['JSON body parsing', (f) => f.url.includes('/common/http/json-body.js') || f.url.includes('secure-json-parse')],
  ['input checks', (f) => f.url.includes('/gateway/checked-input.js') || f.url.includes('class-validator')],
  [
    'the answer itself (controller, engine, names)',
    (f) => /\/modules\/(timezone|tzdb)\//.test(f.url) || (f.functionName === 'respond' && f.url.includes('/gateway/lane.js')),
  ],
  ['app hooks (edge, headers, release pin)', (f) => /\/dist\/app\.factory\.js|\/gateway\/(request-hooks|formats|release-pin|lane|sold-route)\.js/.test(f.url)],
  ['Fastify and Nest', (f) => /node_modules\/(fastify|find-my-way|@fastify|@nestjs|middie|fast-querystring|toad-cache)\//.test(f.url)],
  ['node: reading the request', (f) => f.functionName === 'parserOnHeadersComplete' || f.functionName === 'parserOnIncoming'],
];

/** Share of the busy time (idle, "(program)" and the profiler's own work left out) by step of a sold answer, largest first. */
export function stepShares(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sums = new Map();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    const chain = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) chain.push(byId.get(id).callFrame);
    const leaf = chain[0];
    if (
      leaf.functionName === '(idle)' ||
      leaf.functionName === '(program)' ||
      chain.some((f) => f.url === 'node:inspector' || f.url.endsWith('/bench/app-server.js'))
    )
      continue;
    busy += dt;
    let step = leaf.functionName === '(garbage collector)' ? 'garbage collection' : null;
    for (let j = 0; step === null && j < chain.length; j++) step = STEPS.find(([, test]) => test(chain[j]))?.[0] ?? null;
    step ??= chain.some((f) => f.url.startsWith('node:')) ? 'node: other (streams, timers, events)' : 'other';
    sums.set(step, (sums.get(step) ?? 0) + dt);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).map(([step, t]) => ({ step, share: t / busy }));
}
