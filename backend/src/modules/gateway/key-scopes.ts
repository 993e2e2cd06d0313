import type { FastifyRequest } from 'fastify';
import type { KeyScope } from '@tzapi/shared/key-options';
import type { ResolvedKey } from '../keys/key-directory.js';
import { KeyProblems } from '../keys/keys.errors.js';
import { soldRouteOf } from './sold-route.js';

/**
 * THE table of key scopes (issue 51): which scope each sold route needs, by the route's URL as declared (Fastify's
 * `routeOptions.url`). The first matching entry wins, so a route of another group under a shared path (the business and
 * planning routes under /api/calculation) is listed before its path's group. The lane refuses to start when a
 * @PublicApi() route matches no entry (`scopeOfRoute` throws, see lane.ts), so a new route cannot slip by unscoped.
 *
 * MCP: every request of the MCP transport (initialize, tools/list, tools/call) needs `mcp`, and only `mcp`: a tool call
 * does not also need the tool's own group. The assistant surface is granted as a whole (a key made for an assistant is
 * scoped by choosing `mcp`), and a key scoped to REST groups cannot reach any tool. Tested in integration/keys.
 */
export const ROUTE_SCOPES: readonly (readonly [url: string | RegExp, scope: KeyScope])[] = [
  [/^\/api\/calculation\/business-/, 'business-time'],
  ['/api/calculation/recurrence', 'planning'],
  [/^\/api\/calculation(\/|$)/, 'calculation'],
  [/^\/api\/holidays(\/|$)/, 'business-time'],
  [/^\/api\/planning(\/|$)/, 'planning'],
  [/^\/api\/conversion(\/|$)/, 'conversion'],
  [/^\/api\/time(\/|$)/, 'time'],
  // The WorldTimeAPI drop-in answers the current time of a zone or an address.
  [/^\/api\/compat\/worldtimeapi(\/|$)/, 'time'],
  [/^\/api\/timezone(\/|$)/, 'timezone'],
  [/^\/api\/astronomy(\/|$)/, 'astronomy'],
];

/** The scope a sold route's URL needs, or null when the table names none (the lane stops the start then). */
export function scopeOfRoute(url: string): KeyScope | null {
  for (const [pattern, scope] of ROUTE_SCOPES) if (typeof pattern === 'string' ? pattern === url : pattern.test(url)) return scope;
  return null;
}

const byUrl = new Map<string, KeyScope | null>();

/** The scope this request's route needs: `mcp` on the MCP transport, the table's for a sold route, else none. */
export function scopeOfRequest(request: FastifyRequest): KeyScope | null {
  const route = soldRouteOf(request);
  if (!route) return null;
  if (route.cors === 'mcp') return 'mcp';
  const url = request.routeOptions?.url;
  if (!url) return null;
  let scope = byUrl.get(url);
  if (scope === undefined) byUrl.set(url, (scope = scopeOfRoute(url)));
  return scope;
}

/** 403 `key_scope` when the key has scopes and the request's route needs another; a key without scopes calls everything. */
export function scopeRefusal(resolved: ResolvedKey, request: FastifyRequest) {
  if (resolved.scopes.length === 0) return null;
  const needed = scopeOfRequest(request);
  if (needed === null || resolved.scopes.includes(needed)) return null;
  return KeyProblems.outOfScope(needed);
}
