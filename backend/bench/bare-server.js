// The yardstick: a bare node:http server answering a fixed JSON body, as fast as Node can. BENCH_HEADERS (JSON) adds
// headers, so a second yardstick can answer byte for byte what the API answers (the per-endpoint bench sends them with
// each endpoint's body instead). BENCH_SPIN_US: the server first spins that many µs of pure computation per answer
// (bench/bottleneck.js: what any work per answer costs a server that sets the rate).
import http from 'node:http';

const spinMs = Number(process.env.BENCH_SPIN_US ?? 0) / 1000;

let body = process.env.BENCH_BODY ?? '{}';
const headers = {
  'content-type': 'application/json; charset=utf-8',
  ...JSON.parse(process.env.BENCH_HEADERS ?? '{}'),
  'content-length': Buffer.byteLength(body),
};
const server = http.createServer((_req, res) => {
  if (spinMs > 0) for (const until = performance.now() + spinMs; performance.now() < until;);
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
process.on('message', (msg) => {
  if (msg?.cmd === 'cpu') process.send?.({ reply: 'cpu', cpu: process.cpuUsage() });
  // The per-endpoint bench sends each endpoint's answer bytes in turn.
  if (msg?.cmd === 'body') {
    body = msg.body;
    if (msg.headers) {
      for (const name of Object.keys(headers)) delete headers[name];
      Object.assign(headers, msg.headers);
    }
    headers['content-length'] = Buffer.byteLength(body);
    process.send?.({ reply: 'body' });
  }
});
