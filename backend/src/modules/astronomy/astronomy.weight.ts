import type { FastifyRequest } from 'fastify';
import { daysAsked } from './local-days.js';

/** A week of days costs one request: each day is about twenty ephemeris searches (decisions §9 weighs batches the same way). */
export const DAYS_PER_REQUEST = 7;

/** One request per 7 local dates asked, at least one; a query the route refuses counts one. */
export function astronomyWeight(request: FastifyRequest): number {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const days = daysAsked({ from: text(query.from), to: text(query.to) });
  return days !== null && days >= 1 && days <= 31 ? Math.ceil(days / DAYS_PER_REQUEST) : 1;
}
