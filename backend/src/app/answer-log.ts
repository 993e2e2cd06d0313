import type { FastifyReply, FastifyRequest } from 'fastify';
import { answeredRoute } from '../common/http/route-config.js';
import type { AccessLog } from '../common/logging/logging.js';
import { meterOf } from '../modules/gateway/meter.js';
import type { MetricsService } from '../modules/metrics/metrics.service.js';

/** Set on a request once its metrics and access line are written. */
const ANSWER_LOGGED = Symbol('tzapi.answer-logged');

/**
 * One access line per answer (never the key: its id and the account's) and the request metrics, written once: when
 * the answer is written (onResponse), or when its client hung up first. An answer whose client hung up before it was
 * written (a reset connection, the rest of a pipelined batch) never reaches onResponse, yet it was answered and
 * metered (its usage row is recorded as it is sent): it still gets its access line (marked aborted) and counts in the
 * metrics, so the log, the metrics and the usage rows agree.
 */
export class AnswerLog {
  constructor(
    private readonly metrics: MetricsService,
    private readonly access: AccessLog,
  ) {}

  /** onSend: log the answer as aborted if its connection closes before it is written. */
  watchHangUp(request: FastifyRequest, reply: FastifyReply): void {
    const res = reply.raw;
    const hungUp = () => {
      if (!res.writableFinished) this.log(request, reply, true);
    };
    if (res.closed) queueMicrotask(hungUp);
    else res.once('close', hungUp);
  }

  log(request: FastifyRequest, reply: FastifyReply, aborted: boolean): void {
    const holder = request as FastifyRequest & { [ANSWER_LOGGED]?: true };
    if (holder[ANSWER_LOGGED]) return;
    holder[ANSWER_LOGGED] = true;
    this.metrics.observe(request, reply);
    if (!this.access.enabled) return;
    const meter = meterOf(request);
    const user = (request as FastifyRequest & { user?: { id?: string } }).user;
    this.access.write({
      requestId: request.id,
      method: request.method,
      route: answeredRoute(request) ?? null,
      path: request.url.split('?')[0].slice(0, 200),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      accountId: meter?.userId ?? user?.id ?? null,
      keyId: meter?.keyId ?? null,
      aborted,
    });
  }

  close(): void {
    this.access.close();
  }
}
