import type { FastifyRequest } from 'fastify';
import { ASTRONOMY_MAX_DAYS } from './astronomy.errors.js';
import { daysAsked } from './local-days.js';

/** A week of days costs one request: each day is about twenty ephemeris searches (decisions §9 weighs batches the same way). */
export const DAYS_PER_REQUEST = 7;

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** One request per 7 local dates asked, at least one; a query the route refuses counts one. REST and MCP weigh alike. */
export function weightOfDays(query: Record<string, unknown>): number {
  const days = daysAsked({ from: text(query.from), to: text(query.to) });
  return days !== null && days >= 1 && days <= ASTRONOMY_MAX_DAYS ? Math.ceil(days / DAYS_PER_REQUEST) : 1;
}

export function astronomyWeight(request: FastifyRequest): number {
  return weightOfDays((request.query ?? {}) as Record<string, unknown>);
}
