import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../../common/problems/problem.js';
import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import type { RecurrenceRequest } from './dto/recurrence.dto.js';
import { slotCells } from './meeting-slots.service.js';
import { recurrenceAnswer } from './recurrence-answer.js';

/** One request per 100 occurrences or participant-slots, as the matrix counts cells (decisions §9). */
export const PER_REQUEST = 100;
const per100 = (n: number) => Math.max(1, Math.ceil(n / PER_REQUEST));

/** Occurrences a recurrence body answers (counted by expanding it; a body the route refuses counts one). */
export function recurrenceWeight(body: unknown): number {
  const b = (body ?? {}) as Partial<RecurrenceRequest>;
  if (typeof b.rule !== 'string' || b.rule.length > 20_000) return 1;
  try {
    return per100(recurrenceAnswer(sharedTimeEngine(), { rule: b.rule, from: str(b.from), to: str(b.to), timeZone: str(b.timeZone) }).total);
  } catch (err) {
    if (err instanceof ProblemException) return 1;
    throw err;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Candidate slots × participants, per 100. */
export function meetingSlotsWeight(body: unknown): number {
  return per100(slotCells((body ?? {}) as Record<string, unknown>));
}

export const recurrenceRequestWeight = (request: FastifyRequest) => recurrenceWeight(request.body);
export const meetingSlotsRequestWeight = (request: FastifyRequest) => meetingSlotsWeight(request.body);
