import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { INestApplication, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module.js';
import { AppLogger, createAccessLog, createRootLogger, requestIdGenerator } from './common/logging/logging.js';
import { ProblemException, problemType } from './common/problems/problem.js';
import { ProblemFilter } from './common/problems/problem.filter.js';
import { guardedJsonParser } from './common/http/json-body.js';
import { staticSecurityHeaders } from './common/http/security-headers.js';
import { SpaFallback } from './common/http/spa-fallback.js';
import { answeredRoute, installRouteBodyLimits } from './common/http/route-config.js';
import { openApiFiles } from './common/openapi/openapi-files.js';
import { buildOpenApiDocument, mountSwaggerUi } from './common/openapi/swagger.js';
import { WEBHOOK_EVENT_MODELS, WEBHOOK_EVENTS_TAG, webhooksSection } from './modules/webhooks/dto/webhook-events.schemas.js';
import { TZDB_VERSION } from './modules/tzdb/bundled-release.js';
import { createValidationPipe } from './common/http/validation.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { PublicApiLane } from './modules/gateway/lane.js';
import { meterOf } from './modules/gateway/meter.js';
import { SoldRouteEdge } from './modules/gateway/request-hooks.js';
import { soldRouteOf } from './modules/gateway/sold-route.js';
import { csvBodyParser } from './modules/gateway/csv-body.js';
import type { AppConfig } from './config/config.js';
import { TzdbService } from './modules/tzdb/tzdb.service.js';
import { McpToolbox } from './modules/mcp/mcp-toolbox.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BODY_LIMIT = 100 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes whose callers are servers, not browsers: they carry no session cookie and sign their bodies. */
const CSRF_EXEMPT = ['/api/billing/webhook'];

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
  /** false: build the routes only (OpenAPI generation), without lifecycle hooks or database work. */
  init?: boolean;
  /** Modules added beside the product's own (tests: a route the gateway must refuse at boot). */
  modules?: Type[];
}

const ROUTE_PATH = Symbol('tzapi.route-path');
/** Set on a request once its metrics and access line are written. */
const ANSWER_LOGGED = Symbol('tzapi.answer-logged');

/** Percent-decodes until nothing changes (`/%2561pi` → `/%61pi` → `/api`); undecodable input stays as it is. */
function decodeFully(path: string): string {
  for (let i = 0; i < 5 && path.includes('%'); i++) {
    try {
      const decoded = decodeURIComponent(path);
      if (decoded === path) break;
      path = decoded;
    } catch {
      break;
    }
  }
  return path;
}

/**
 * The path every rule (CSRF, media type, lane, headers) is decided on: the pattern of the route the router matched, so
 * `/%61pi/...` is judged as the `/api/...` route it reaches; for no route, the raw path fully decoded.
 */
export function routePath(request: FastifyRequest): string {
  const memo = request as FastifyRequest & { [ROUTE_PATH]?: string };
  if (memo[ROUTE_PATH] !== undefined) return memo[ROUTE_PATH];
  const matched = request.routeOptions?.url;
  const path = matched && matched !== '*' && !matched.endsWith('*') ? matched : decodeFully(request.url.split('?')[0]);
  memo[ROUTE_PATH] = path;
  return path;
}

function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemException, siteUrl: string): FastifyReply {
  return reply
    .code(problem.getStatus())
    .type('application/problem+json')
    .send(JSON.stringify(problem.toDocument(request.url.split('?')[0], siteUrl)));
}

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

/** Builds the whole product as one Nest application on Fastify: API, Swagger UI and the built SPA. */
export async function createApp(config: AppConfig, databaseUrl: string, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const rootLogger = createRootLogger(config);
  // Fastify's own pino child per request carries the request id; its per-request lines are replaced by one access line.
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // No per-request child logger on the hot path: the access line below names the request id itself.
    logger: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    // A request arriving on a kept-alive connection while the server drains is answered in full (with Connection: close)
    // and metered like any other: Fastify's own 503 would skip the hooks, so the client's answer would have no usage row
    // and no problem document.
    return503OnClosing: false,
  });
  const appLogger = new AppLogger(rootLogger);
  const root = AppModule.register(config, databaseUrl);
  if (options.modules) root.imports = [...(root.imports ?? []), ...options.modules];
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    rawBody: true,
    logger: options.logger === false ? false : appLogger,
  });
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  const fastify = app.getHttpAdapter().getInstance();

  // Cookies are parsed by our onRequest hook for the routes that read them (sessions, trusted devices, OIDC), not by
  // the plugin's own hook on every request: a sold route is key-authenticated and never reads one, and that hook was
  // about a tenth of a sold answer's CPU. Setting cookies on a reply works as before.
  await app.register(fastifyCookie, { hook: false });
  /** The request's cookies, parsed once on first use. */
  const cookiesOf = (request: FastifyRequest): Record<string, string | undefined> => {
    if (!request.cookies) {
      const header = request.headers.cookie;
      request.cookies = header ? fastify.parseCookie(header) : {};
    }
    return request.cookies;
  };
  const securityHeaders = staticSecurityHeaders({
    strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
  });
  securityHeaders['X-Tzdb-Version'] = TZDB_VERSION;
  // The sold routes' own edge (modules/gateway): preflight, answer format, the API header set and CORS.
  const sold = new SoldRouteEdge({ secureCookies: config.secureCookies, tzdbVersion: TZDB_VERSION });
  // The header objects are shared by every answer: a release switch rewrites them in place, nothing per request.
  app.get(TzdbService, { strict: false }).onVersion((version) => {
    securityHeaders['X-Tzdb-Version'] = version;
    sold.setTzdbVersion(version);
  });
  // Only JSON bodies: a form or text/plain post (the classic CSRF vehicles) gets 415.
  fastify.removeContentTypeParser(['text/plain']);

  /** 415 for a body that is not JSON, 403 for a cross-site unsafe request carrying a session; null when fine. */
  const refusal = (request: FastifyRequest, path: string): ProblemException | null => {
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
    if (cookiesOf(request)[config.sessionCookieName] && !isSameOrigin(request, config)) {
      return new ProblemException({
        status: 403,
        code: 'csrf_rejected',
        title: 'Forbidden',
        detail: 'Cross-site request refused: send a same-origin Origin header.',
      });
    }
    return null;
  };

  // One synchronous hook (no promise per request): for a sold route (its route config says so) the gateway's CORS
  // preflight, body and CSRF rules and answer format (406 before any work); for every other route the body and CSRF
  // rules, then the ORM context.
  // Without registerRequestContext, each request that may touch the ORM gets its own identity map here; the sold
  // API's hot routes use explicit forks and skip it.
  const orm = app.get(MikroORM);
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const path = routePath(request);
    const route = soldRouteOf(request);
    if (route) {
      const outcome = sold.onRequest(route, request, reply, () => refusal(request, path));
      if (outcome === 'answered') return;
      if (outcome) sendProblem(request, reply, outcome, config.appUrl);
      else done();
      return;
    }
    cookiesOf(request);
    const problem = refusal(request, path);
    if (problem) {
      sendProblem(request, reply, problem, config.appUrl);
      return;
    }
    appLogger.inRequest(request.id, () => RequestContext.create(orm.em, done));
  });
  // One access line per answer (never the key: its id and the account's), and the request metrics.
  const metrics = app.get(MetricsService);
  const access = createAccessLog(config, rootLogger);
  fastify.addHook('onClose', (_instance, done) => {
    access.close();
    done();
  });
  /** The answer's metrics and access line, once: when it is written (onResponse), or when its client hung up first. */
  const logAnswer = (request: FastifyRequest, reply: FastifyReply, aborted: boolean): void => {
    const holder = request as FastifyRequest & { [ANSWER_LOGGED]?: true };
    if (holder[ANSWER_LOGGED]) return;
    holder[ANSWER_LOGGED] = true;
    metrics.observe(request, reply);
    if (access.enabled) {
      const meter = meterOf(request);
      const user = (request as FastifyRequest & { user?: { id?: string } }).user;
      access.write({
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
  };
  // An answer whose client hung up before it was written (a reset connection, the rest of a pipelined batch) never
  // reaches onResponse, yet it was answered and metered (its usage row is recorded as it is sent): it still gets its
  // access line (marked aborted) and counts in the metrics, so the log, the metrics and the usage rows agree.
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const res = reply.raw;
    const hungUp = () => {
      if (!res.writableFinished) logAnswer(request, reply, true);
    };
    if (res.closed) queueMicrotask(hungUp);
    else res.once('close', hungUp);
    reply.header('x-request-id', request.id);
    if (soldRouteOf(request)) sold.onSend(reply);
    else {
      reply.headers(securityHeaders);
      // Account and admin answers are someone's own data: never kept by a browser or a shared cache.
      const path = routePath(request);
      if (path.startsWith('/api/') && !path.startsWith('/api/docs') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });

  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    logAnswer(request, reply, false);
    done();
  });
  // Prometheus text format, for a scraper holding METRICS_TOKEN; without the token configured there is no such page.
  fastify.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!config.METRICS_TOKEN) {
      return reply
        .code(404)
        .type('application/problem+json')
        .send(
          JSON.stringify({
            type: problemType('not_found', config.appUrl),
            title: 'Not Found',
            status: 404,
            code: 'not_found',
            detail: 'Metrics are not served: METRICS_TOKEN is not set.',
          }),
        );
    }
    if (!metrics.authorized(request)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('application/problem+json')
        .send(
          JSON.stringify({
            type: problemType('metrics_token_required', config.appUrl),
            title: 'Unauthorized',
            status: 401,
            code: 'metrics_token_required',
            detail: 'Send Authorization: Bearer <METRICS_TOKEN>.',
          }),
        );
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });

  const staticDir = config.STATIC_DIR ?? `${REPO_ROOT}frontend/dist`;
  const spa = new SpaFallback(staticDir);
  if (existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz beside each text file (frontend/vite.config.ts); sent by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, guardedJsonParser(fastify));
  fastify.addContentTypeParser('text/csv', csvBodyParser);
  app.useGlobalPipes(createValidationPipe());
  const problemFilter = new ProblemFilter(spa, config.appUrl);
  app.useGlobalFilters(problemFilter);
  problemFilter.watchRoutes(fastify);
  app.get(PublicApiLane).install(app, fastify, problemFilter);
  sold.installPreflightRoutes(fastify);
  installRouteBodyLimits(fastify);
  if (options.init === false) return app;
  // The documents name the server that serves them: APP_URL, the public URL this deployment is configured with (never
  // the request's Host header, which a client or a cache in between can set to anything).
  const document = buildApiDocument(app, config.appUrl);
  mountSwaggerUi(app, document);
  // The MCP tools' schemas are the REST operations' parameters and models, read from the same document.
  app.get(McpToolbox).describe(document);
  for (const [name, text] of Object.entries(await openApiFiles(document))) {
    fastify.get(`/openapi/${name}`, (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(text),
    );
  }
  try {
    await app.init();
  } catch (err) {
    // A route the gateway refuses (or any failed start): release the connections opened so far, then say why.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

/** The whole document: the routes' decorators, and the webhook events we POST (the 3.1 `webhooks` section). */
export function buildApiDocument(app: INestApplication, serverUrl?: string): OpenAPIObject {
  return buildOpenApiDocument(app, serverUrl, { models: WEBHOOK_EVENT_MODELS, webhooks: webhooksSection, tags: [WEBHOOK_EVENTS_TAG] });
}
