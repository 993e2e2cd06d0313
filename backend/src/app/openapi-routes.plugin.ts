import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** `/openapi/<name>`: the generated documents (public, full, Postman, problem types), built once at start. */
export const openApiRoutesPlugin = fp<{ files: Record<string, string> }>(
  async (fastify: FastifyInstance, { files }) => {
    for (const [name, text] of Object.entries(files)) {
      fastify.get(`/openapi/${name}`, (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(text),
      );
    }
  },
  { name: 'tzapi-openapi-routes' },
);
