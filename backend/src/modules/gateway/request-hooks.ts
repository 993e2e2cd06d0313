import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ProblemException } from '../../common/problems/problem.js';
import { applyResponseFormat } from './formats.js';
import { answeredBuild, answeredVersion } from './release-pin.js';
import type { TzBuild } from '../tzdb/tz-release.js';
import { SOLD_ROUTE } from './sold-route.js';
import type { SoldRoute } from './sold-route.js';

const EXPOSED = 'RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Tzdb-Version, X-Tzdb-Build, X-Request-Id';

/**
 * Steps 2 and 7 of a sold request (see README.md): what the app's onRequest and onSend hooks do for a route whose
 * config is a SoldRoute. CORS preflight and format negotiation (406) before any work; the short API header set and
 * CORS on every answer. Customers call the sold API from their own web pages (keys can be restricted to their
 * domains), so it answers any origin; no credentials cross origins.
 */
export class SoldRouteEdge {
  /** JSON answers of the sold API: a short header set (less to write per request) and CORS. */
  readonly answerHeaders: Record<string, string>;
  private readonly preflight: Record<SoldRoute['cors'], Record<string, string>>;

  constructor(options: { secureCookies: boolean; tzdbVersion: string }) {
    // Names in lowercase: Fastify lowercases each name it is given (a new string per header per answer), and writes
    // them lowercase anyway.
    this.answerHeaders = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': EXPOSED,
      'x-tzdb-version': options.tzdbVersion,
      'x-tzdb-build': 'backzone',
      ...(options.secureCookies && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    };
    const api = {
      ...this.answerHeaders,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'X-API-Key, Authorization, Content-Type, Accept, Tzdb-Version',
      'access-control-max-age': '86400',
    };
    // MCP's transport headers too (a browser-based agent or the dashboard's playground calls /mcp with fetch).
    const mcp = {
      ...api,
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': 'X-API-Key, Authorization, Content-Type, Accept, Tzdb-Version, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
    };
    this.preflight = { api, mcp };
  }

  /** A tz release switch: the header objects are shared by every answer and rewritten in place, nothing per request. */
  setTzdbVersion(version: string, build: TzBuild = 'backzone'): void {
    for (const headers of [this.answerHeaders, this.preflight.api, this.preflight.mcp]) {
      headers['x-tzdb-version'] = version;
      headers['x-tzdb-build'] = build;
    }
  }

  /**
   * Registers an OPTIONS twin (same URL, same SoldRoute) of every sold route, so a preflight reaches the route's config
   * and onRequest answers it; register before the routes (i.e. before app.init()).
   */
  installPreflightRoutes(fastify: FastifyInstance): void {
    const seen = new Set<string>();
    fastify.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
      const sold = (route.config as Record<string, SoldRoute | undefined> | undefined)?.[SOLD_ROUTE];
      if (!sold || ([] as string[]).concat(route.method).includes('OPTIONS') || seen.has(route.url)) return;
      seen.add(route.url);
      // Answered by onRequest (the handler is never reached); a preflight is neither in the lane nor metered.
      const preflight: SoldRoute = { ...sold, lane: null, metered: false };
      this.route({ method: 'OPTIONS', url: route.url, config: { [SOLD_ROUTE]: preflight }, handler: (_request, reply) => reply.code(204).send() });
    });
  }

  /**
   * onRequest of a sold route: the preflight is answered here ('answered'); `refusal` (the app's body and CSRF rules,
   * not for MCP) then the answer format may refuse (the problem is returned for the hook to send); null: go on.
   */
  onRequest(sold: SoldRoute, request: FastifyRequest, reply: FastifyReply, refusal: () => ProblemException | null): 'answered' | ProblemException | null {
    if (request.method === 'OPTIONS') {
      reply.code(204).headers(this.preflight[sold.cors]).send();
      return 'answered';
    }
    if (sold.cors === 'mcp') return null;
    return refusal() ?? (sold.formats ? applyResponseFormat(request, reply, sold.formats) : null);
  }

  /** onSend of a sold route: the API header set instead of the site's. */
  onSend(reply: FastifyReply): void {
    reply.headers(this.answerHeaders);
    // A request pinned to another stored release (release-pin.ts) names the one it answered from.
    const pinned = answeredVersion(reply.request);
    if (pinned !== undefined) reply.header('x-tzdb-version', pinned);
    const build = answeredBuild(reply.request);
    if (build !== undefined) reply.header('x-tzdb-build', build);
  }
}
