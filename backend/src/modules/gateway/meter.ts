import type { FastifyRequest } from 'fastify';
import type { PlanId } from '../../config/plans.js';
import type { LimitDecision } from './plan-limits.js';

/**
 * The request's meter: whose request it is (filled in by the key guard) and the controller's answer (noted by the
 * lane). A file of its own, below the guard, the lane and the metering hook, which all read or write it.
 */
const METER = Symbol('tzapi.usage-meter');
const ANSWER = Symbol('tzapi.answer');

/** The lane keeps the controller's answer on the request, so metering can count the zones it named. */
export function noteAnswer(request: FastifyRequest, answer: unknown): void {
  (request as FastifyRequest & { [ANSWER]?: unknown })[ANSWER] = answer;
}

/** Whose request it is: filled in by the key guard as soon as it has resolved the key. */
export interface Meter {
  keyId: string | null;
  userId: string | null;
  plan: PlanId | null;
  /** The route writes its own usage rows (the MCP endpoint: one per tool call), so its answer adds none. */
  ownRows?: boolean;
  /** What the key guard counted against the plan: taken back if the answer is a 5xx (see MeteringHook). */
  counted?: LimitDecision;
}

/** The request's meter, created empty on first use (the key guard fills it; the metering hook reads it). */
export function meter(request: FastifyRequest): Meter {
  const holder = request as FastifyRequest & { [METER]?: Meter };
  return (holder[METER] ??= { keyId: null, userId: null, plan: null });
}

/** The meter the key guard filled for this request, if any (the access log and the metrics read it). */
export function meterOf(request: FastifyRequest): Meter | undefined {
  return (request as FastifyRequest & { [METER]?: Meter })[METER];
}

/** The answer the lane noted for this request (metering counts the zones it named). */
export function answerOf(request: FastifyRequest): unknown {
  return (request as FastifyRequest & { [ANSWER]?: unknown })[ANSWER];
}
