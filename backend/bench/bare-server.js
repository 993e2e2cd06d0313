// The yardstick: a bare node:http server answering a fixed JSON body, as fast as Node can.
import http from 'node:http';

const body = process.env.BENCH_BODY ?? '{}';
const length = Buffer.byteLength(body);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  res.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
