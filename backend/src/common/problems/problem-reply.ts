import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProblemException } from './problem.js';

/**
 * Answers a problem from a Fastify hook or route that runs outside Nest's filters (the app's onRequest rules,
 * /metrics): the same document and headers the global ProblemFilter would write.
 */
export function replyWithProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemException, siteUrl: string): FastifyReply {
  if (problem.problem.headers) reply.headers(problem.problem.headers);
  return reply
    .code(problem.getStatus())
    .type('application/problem+json')
    .send(JSON.stringify(problem.toDocument(request.url.split('?')[0], siteUrl)));
}
