import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemException } from '../common/problems/problem.js';
import type { AppConfig } from '../config/config.js';
import { csvBodyParser } from '../modules/gateway/csv-body.js';
import { soldRouteOf } from '../modules/gateway/sold-route.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes whose callers are servers, not browsers: they carry no session cookie and sign their bodies. */
const CSRF_EXEMPT = ['/api/billing/webhook'];

function isSameOrigin(request: FastifyRequest, config: AppConfig): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      const host = new URL(origin).host;
      return host === request.headers.host || host === new URL(config.appUrl).host;
    } catch {
      return false;
    }
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * What a browser may send: cookies read only where a route needs them, JSON bodies only (text/csv for the sold batch
 * routes), and no cross-site unsafe request carrying a session. The rules run in the app's one onRequest hook
 * (request-hooks.plugin.ts); the parsers and the cookie plugin are registered by `cookiesAndCsrfPlugin`.
 */
export class RequestRules {
  private parseCookie: (header: string) => Record<string, string | undefined> = () => ({});

  constructor(private readonly config: AppConfig) {}

  /** Called by the plugin once @fastify/cookie is registered. */
  useParser(parse: (header: string) => Record<string, string | undefined>): void {
    this.parseCookie = parse;
  }

  /** The request's cookies, parsed once on first use. */
  cookiesOf(request: FastifyRequest): Record<string, string | undefined> {
    if (!request.cookies) {
      const header = request.headers.cookie;
      request.cookies = header ? this.parseCookie(header) : {};
    }
    return request.cookies;
  }

  /** 415 for a body that is not JSON, 403 for a cross-site unsafe request carrying a session; null when fine. */
  refusal(request: FastifyRequest, path: string): ProblemException | null {
    if (SAFE_METHODS.has(request.method) || !path.startsWith('/api/')) return null;
    if (CSRF_EXEMPT.some((p) => path.startsWith(p))) return null;
    const length = Number(request.headers['content-length'] ?? 0);
    const hasBody = length > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    // Batch routes of the sold API also take text/csv (AcceptsCsvBody); anything else but JSON is 415.
    if (hasBody && !type.startsWith('application/json') && !(type.startsWith('text/csv') && soldRouteOf(request)?.csvBody)) {
      return new ProblemException({
        status: 415,
        code: 'unsupported_media_type',
        title: 'Unsupported Media Type',
        detail: 'Send the body as application/json.',
      });
    }
    if (this.cookiesOf(request)[this.config.sessionCookieName] && !isSameOrigin(request, this.config)) {
      return new ProblemException({
        status: 403,
        code: 'csrf_rejected',
        title: 'Forbidden',
        detail: 'Cross-site request refused: send a same-origin Origin header.',
      });
    }
    return null;
  }
}

/**
 * Cookies, CSRF and content type. Cookies are parsed by the app's onRequest hook for the routes that read them
 * (sessions, trusted devices, OIDC), not by the plugin's own hook on every request: a sold route is key-authenticated
 * and never reads one, and that hook was about a tenth of a sold answer's CPU. Setting cookies on a reply works as
 * before. Only JSON bodies (the JSON parser is Nest's, set in createApp) and text/csv for the sold batch routes: a form
 * or text/plain post (the classic CSRF vehicles) gets 415.
 */
export const cookiesAndCsrfPlugin = fp<{ rules: RequestRules }>(
  async (fastify: FastifyInstance, { rules }) => {
    await fastify.register(fastifyCookie, { hook: false });
    rules.useParser((header) => fastify.parseCookie(header));
    fastify.removeContentTypeParser(['text/plain']);
    fastify.addContentTypeParser('text/csv', csvBodyParser);
  },
  { name: 'tzapi-cookies-csrf' },
);
