// The second yardstick's twin on Fastify: one route answering the API's JSON object with the API's header set
// (BENCH_HEADERS) and a fresh X-Request-Id, with Fastify's own serializer and header handling. What Fastify itself
// costs per request, so the API's own cost (Nest, hooks, key, limits, metering, engine) can be told apart from it.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}');
const { 'x-request-id': _requestId, ...headers } = JSON.parse(process.env.BENCH_HEADERS ?? '{}');
const app = Fastify({ logger: false, genReqId: () => randomUUID() });
app.get('/', (request, reply) => {
  reply.headers(headers).header('X-Request-Id', request.id).send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('disconnect', () => process.exit(0));
