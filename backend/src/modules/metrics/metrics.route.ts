import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemException } from '../../common/problems/problem.js';
import { replyWithProblem } from '../../common/problems/problem-reply.js';
import type { AppConfig } from '../../config/config.js';
import type { MetricsService } from './metrics.service.js';

/**
 * `GET /metrics`: Prometheus text format for a scraper holding METRICS_TOKEN (401 without it); without the token
 * configured there is no such page (404). Outside the /api prefix and the OpenAPI documents: it is for operators.
 */
export const metricsPlugin = fp<{ metrics: MetricsService; config: AppConfig }>(
  async (fastify: FastifyInstance, { metrics, config }) => {
    fastify.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!config.METRICS_TOKEN) {
        return replyWithProblem(
          request,
          reply,
          new ProblemException({ status: 404, code: 'not_found', detail: 'Metrics are not served: METRICS_TOKEN is not set.' }),
          config.appUrl,
        );
      }
      if (!metrics.authorized(request)) {
        return replyWithProblem(
          request,
          reply,
          new ProblemException({
            status: 401,
            code: 'metrics_token_required',
            detail: 'Send Authorization: Bearer <METRICS_TOKEN>.',
            headers: { 'WWW-Authenticate': 'Bearer' },
          }),
          config.appUrl,
        );
      }
      return reply
        .header('Cache-Control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    });
  },
  { name: 'tzapi-metrics' },
);
