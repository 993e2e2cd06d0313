import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppLogger } from '../common/logging/logging.js';
import { replyWithProblem } from '../common/problems/problem-reply.js';
import type { OrmRequestContext } from '../database/unit-of-work.js';
import type { MeteringHook } from '../modules/gateway/metering.js';
import type { SoldRouteEdge } from '../modules/gateway/request-hooks.js';
import { soldRouteOf } from '../modules/gateway/sold-route.js';
import type { AnswerLog } from './answer-log.js';
import type { RequestRules } from './cookies-csrf.plugin.js';
import { routePath } from './request-path.js';
import type { SiteHeaders } from './security-headers.js';

export interface RequestHooksOptions {
  siteUrl: string;
  sold: SoldRouteEdge;
  rules: RequestRules;
  siteHeaders: SiteHeaders;
  metering: MeteringHook;
  answers: AnswerLog;
  logger: AppLogger;
  /** A route that is not sold runs in its own ORM context. */
  ormContext: OrmRequestContext;
}

type SendDone = (err: null, payload: unknown) => void;

/**
 * Every request hook of the app, in the one place that states their order (Fastify runs hooks of a kind in the order
 * they are added). Each is a callback hook: no promise per request on the sold API's hot path. The gateway's steps
 * are numbered as in modules/gateway/README.md.
 *
 * onRequest, one hook:
 *   a sold route (its route config says so): the gateway's step 2, CORS preflight, body and CSRF rules and the answer
 *   format (406 before any work); every other route: the body and CSRF rules (RequestRules), then its own ORM
 *   context (sold routes use explicit forks and skip it).
 * onSend, three hooks, in this order:
 *   1. the answer's bookkeeping: `X-Request-Id`, and its access line if the client hangs up before it is written;
 *   2. the headers: the gateway's API set and CORS for a sold route (step 7), the site's security headers otherwise;
 *   3. metering (step 8, MeteringHook): the usage row, into the write-ahead file before the answer is written, so a
 *      client that saw an answer finds its row even if the process is killed the next instant. Last, so the row
 *      sees the final status and headers.
 * onResponse: the access line and the request metrics (AnswerLog), once per answer.
 */
export const requestHooksPlugin = fp<RequestHooksOptions>(
  async (fastify: FastifyInstance, { siteUrl, sold, rules, siteHeaders, metering, answers, logger, ormContext }) => {
    fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const path = routePath(request);
      const route = soldRouteOf(request);
      if (route) {
        const outcome = sold.onRequest(route, request, reply, () => rules.refusal(request, path));
        if (outcome === 'answered') return;
        if (outcome) replyWithProblem(request, reply, outcome, siteUrl);
        else done();
        return;
      }
      rules.cookiesOf(request);
      const problem = rules.refusal(request, path);
      if (problem) {
        replyWithProblem(request, reply, problem, siteUrl);
        return;
      }
      logger.inRequest(request.id, () => ormContext(done));
    });

    fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: SendDone) => {
      answers.watchHangUp(request, reply);
      reply.header('x-request-id', request.id);
      done(null, payload);
    });
    fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: SendDone) => {
      if (soldRouteOf(request)) sold.onSend(reply);
      else siteHeaders.apply(request, reply);
      done(null, payload);
    });
    fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: SendDone) => {
      metering.onAnswer(request, reply, () => done(null, payload), payload);
    });

    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      answers.log(request, reply, false);
      done();
    });
    fastify.addHook('onClose', (_instance, done) => {
      answers.close();
      done();
    });
  },
  { name: 'tzapi-request-hooks' },
);
