import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { MikroORM } from '@mikro-orm/postgresql';
import { INestApplication, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { AnswerLog } from './app/answer-log.js';
import { cookiesAndCsrfPlugin, RequestRules } from './app/cookies-csrf.plugin.js';
import { openApiRoutesPlugin } from './app/openapi-routes.plugin.js';
import { requestHooksPlugin } from './app/request-hooks.plugin.js';
import { SiteHeaders } from './app/security-headers.js';
import { staticAndSpaPlugin } from './app/static-spa.plugin.js';
import { AppLogger, createAccessLog, createRootLogger, requestIdGenerator } from './common/logging/logging.js';
import { ProblemFilter } from './common/problems/problem.filter.js';
import { ormRequestContext } from './database/unit-of-work.js';
import { guardedJsonParser } from './common/http/json-body.js';
import { SpaFallback } from './common/http/spa-fallback.js';
import { installRouteBodyLimits } from './common/http/route-config.js';
import { openApiFiles } from './common/openapi/openapi-files.js';
import { buildOpenApiDocument, mountSwaggerUi } from './common/openapi/swagger.js';
import { WEBHOOK_EVENT_MODELS, WEBHOOK_EVENTS_TAG, webhooksSection } from './modules/webhooks/dto/webhook-events.schemas.js';
import { TZDB_VERSION } from './modules/tzdb/bundled-release.js';
import { createValidationPipe } from './common/http/validation.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { metricsPlugin } from './modules/metrics/metrics.route.js';
import { PublicApiLane } from './modules/gateway/lane.js';
import { MeteringHook } from './modules/gateway/metering.js';
import { SoldRouteEdge } from './modules/gateway/request-hooks.js';
import type { AppConfig } from './config/config.js';
import { TzdbService } from './modules/tzdb/tzdb.service.js';
import { McpToolbox } from './modules/mcp/mcp-toolbox.js';

export { routePath } from './app/request-path.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BODY_LIMIT = 100 * 1024;

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
  /** false: build the routes only (OpenAPI generation), without lifecycle hooks or database work. */
  init?: boolean;
  /** Modules added beside the product's own (tests: a route the gateway must refuse at boot). */
  modules?: Type[];
}

/**
 * Builds the whole product as one Nest application on Fastify: API, Swagger UI and the built SPA. The HTTP edge is
 * a few named Fastify plugins (backend/src/app), registered in this order: cookies, CSRF and content type; the
 * request hooks (the one place that states their order); /metrics; the static files. The routes registered after
 * the problem filter starts watching (the lane's, the preflights, the docs) are the ones it answers 405 for.
 */
export async function createApp(config: AppConfig, databaseUrl: string, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const rootLogger = createRootLogger(config);
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // No per-request child logger on the hot path: the access line (app/answer-log.ts) names the request id itself.
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

  const rules = new RequestRules(config);
  await fastify.register(cookiesAndCsrfPlugin, { rules });

  // The sold routes' own edge (modules/gateway): preflight, answer format, the API header set and CORS; the site's
  // security headers for every other answer. A tz release switch rewrites both in place.
  const sold = new SoldRouteEdge({ secureCookies: config.secureCookies, tzdbVersion: TZDB_VERSION });
  const siteHeaders = new SiteHeaders(config, TZDB_VERSION);
  const tzdb = app.get(TzdbService, { strict: false });
  tzdb.onVersion((version) => {
    siteHeaders.setTzdbVersion(version);
    sold.setTzdbVersion(version, tzdb.active?.release.build);
  });
  const metrics = app.get(MetricsService);
  await fastify.register(requestHooksPlugin, {
    siteUrl: config.appUrl,
    sold,
    rules,
    siteHeaders,
    metering: app.get<MeteringHook>(MeteringHook),
    answers: new AnswerLog(metrics, createAccessLog(config, rootLogger)),
    logger: appLogger,
    ormContext: ormRequestContext(app.get(MikroORM)),
  });
  await fastify.register(metricsPlugin, { metrics, config });
  const staticDir = config.STATIC_DIR ?? `${REPO_ROOT}frontend/dist`;
  await fastify.register(staticAndSpaPlugin, { staticDir });

  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, guardedJsonParser(fastify));
  app.useGlobalPipes(createValidationPipe());
  const problemFilter = new ProblemFilter(new SpaFallback(staticDir), config.appUrl);
  app.useGlobalFilters(problemFilter);
  problemFilter.watchRoutes(fastify);
  app.get(PublicApiLane).install(app, fastify, problemFilter);
  sold.installPreflightRoutes(fastify);
  installRouteBodyLimits(fastify);
  if (options.init === false) return app;
  // The documents name the server that serves them: APP_URL, the public URL this deployment is configured with (never
  // the request's Host header, which a client or a cache in between can set to anything).
  const { document, files } = await servedDocuments(app, config.appUrl, !options.modules);
  mountSwaggerUi(app, document);
  // The MCP tools' schemas are the REST operations' parameters and models, read from the same document.
  app.get(McpToolbox).describe(document);
  await fastify.register(openApiRoutesPlugin, { files });
  try {
    await app.init();
  } catch (err) {
    // A route the gateway refuses (or any failed start): release the connections opened so far, then say why.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

interface ServedDocuments {
  document: OpenAPIObject;
  files: Record<string, string>;
}

/**
 * The documents by the server URL they name. They follow from the routes' decorators alone (the same modules give the
 * same routes whatever the config), so the apps one process boots (a test file's, about five each) build them once:
 * about 0.3 s of each boot's 0.65 s. Each app gets its own copy of the document; an app with modules of its own
 * builds its own.
 */
const builtDocuments = new Map<string, ServedDocuments>();

async function servedDocuments(app: INestApplication, serverUrl: string, shared: boolean): Promise<ServedDocuments> {
  const built = shared ? builtDocuments.get(serverUrl) : undefined;
  if (built) return { document: structuredClone(built.document), files: built.files };
  const document = buildApiDocument(app, serverUrl);
  const files = await openApiFiles(document);
  if (shared) builtDocuments.set(serverUrl, { document: structuredClone(document), files });
  return { document, files };
}

/** The whole document: the routes' decorators, and the webhook events we POST (the 3.1 `webhooks` section). */
export function buildApiDocument(app: INestApplication, serverUrl?: string): OpenAPIObject {
  return buildOpenApiDocument(app, serverUrl, { models: WEBHOOK_EVENT_MODELS, webhooks: webhooksSection, tags: [WEBHOOK_EVENTS_TAG] });
}
