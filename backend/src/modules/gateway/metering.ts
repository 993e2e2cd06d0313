import { Injectable, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashApiKey, isWellFormedApiKey } from '../keys/key-codec.js';
import { KeyDirectory } from '../keys/key-directory.js';
import { UsageRecorder } from '../usage/usage.recorder.js';
import { ZoneUsage } from '../usage/zone-usage.js';
import { loggedQuery, problemCodeOf } from './logged-query.js';
import { readApiKey } from './read-api-key.js';
import { answerOf, meterOf } from './meter.js';
import type { Meter } from './meter.js';
import { soldRouteOf } from './sold-route.js';
import { PlanLimits } from './plan-limits.js';
import { answeredRoute } from '../../common/http/route-config.js';

/**
 * The last step of a metered request, as its answer goes out: one usage row for it, answered, refused or limited.
 * Whose it is comes from the guard's meter; an answer given before the guard ran (unparsable body, wrong media type
 * or format) is attributed by the same read of the key (read-api-key.ts) and a directory look-up. Its onSend hook is
 * registered with the app's others, in their stated order, by backend/src/app/request-hooks.plugin.ts: before the
 * answer is written (onSend, not onResponse), so a client that saw an answer finds its row even if the process is
 * killed the next instant (the row is in the write-ahead file by then).
 */
@Injectable()
export class MeteringHook {
  constructor(
    private readonly recorder: UsageRecorder,
    private readonly directory: KeyDirectory,
    @Optional() private readonly zones?: ZoneUsage,
    @Optional() private readonly limits?: PlanLimits,
  ) {}

  /** Meters the answer, then calls `send` (exactly once) when its row is in the write-ahead file, or at once when it has none. */
  onAnswer(request: FastifyRequest, reply: FastifyReply, send: () => void, payload?: unknown): void {
    const known = meterOf(request);
    if (known) return this.record(request, reply, known, send, payload);
    if (!soldRouteOf(request)?.metered) return send();
    const key = readApiKey(request);
    if (!key || !isWellFormedApiKey(key)) return send();
    this.directory
      .resolve(hashApiKey(key))
      .catch(() => null)
      .then((resolved) =>
        resolved ? this.record(request, reply, { keyId: resolved.keyId, userId: resolved.userId, plan: resolved.plan }, send, payload) : send(),
      );
  }

  private record(request: FastifyRequest, reply: FastifyReply, meter: Meter, send: () => void, payload: unknown): void {
    // An answer the server failed to give is not charged: the quota it used is given back (its row stays, for the
    // request log, and never counts: usesQuota).
    if (reply.statusCode >= 500 && meter.counted) this.limits?.refund(meter.counted);
    if (!meter.userId || !meter.keyId || meter.ownRows) return send();
    const timestamp = Date.now();
    if (reply.statusCode < 300) this.zones?.note(meter.userId, timestamp, answerOf(request));
    this.recorder.record(
      {
        timestamp,
        userId: meter.userId,
        keyId: meter.keyId,
        endpoint: (answeredRoute(request) ?? request.url.split('?')[0]).slice(0, 200),
        method: request.method,
        statusCode: reply.statusCode,
        responseMs: Math.round(reply.elapsedTime * 100) / 100,
        ipAddress: request.ip ?? null,
        // For the request log: cheap on the hot path (the query is parsed only when there is one, a body only for an error).
        requestId: request.id,
        problemCode: reply.statusCode >= 400 ? problemCodeOf(reply.getHeader('content-type'), payload) : null,
        query: loggedQuery(request.url),
      },
      send,
    );
  }
}
