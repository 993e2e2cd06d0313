import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyRequest } from 'fastify';

/**
 * The one file that reaches into Nest's internals (eslint.config.js exempts only this one): route metadata keys not
 * exported from the package entry points, and the execution context the gateway's lane builds per request.
 */
export {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  RENDER_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';

/** The Fastify route config a controller method declares (what hooks read as request.routeOptions.config). */
export function routeConfigOf(handler: object): Record<string, unknown> | undefined {
  return Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined;
}

/**
 * Adds keys to a route's Fastify config (what hooks read as request.routeOptions.config). Unlike RouteConfig(), which
 * replaces the whole object, several decorators can each add their own key to one route.
 */
export function MergeRouteConfig(config: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const current = routeConfigOf(handler) ?? {};
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...config }, handler);
    return descriptor;
  };
}

/** Route config key read by installRouteBodyLimits(): this route's own body limit in bytes. */
const BODY_LIMIT_KEY = 'tzapiBodyLimit';

/** A larger (or smaller) body limit for one route than the server's; needs installRouteBodyLimits() on the Fastify instance. */
export function BodyLimit(bytes: number): MethodDecorator {
  return MergeRouteConfig({ [BODY_LIMIT_KEY]: bytes });
}

/** Applies @BodyLimit() as Fastify's per-route bodyLimit; register before the routes (i.e. before app.init()). */
export function installRouteBodyLimits(fastify: { addHook(name: 'onRoute', hook: (route: { config?: unknown; bodyLimit?: number }) => void): unknown }): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as Record<string, unknown> | undefined)?.[BODY_LIMIT_KEY];
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}

const ANSWERED_ROUTE = Symbol('tzapi.answered-route');

/**
 * The pattern of the route that answered (undefined when none matched), for the onResponse hooks (metrics, access log,
 * metering): read once per answer, since Fastify's routeOptions getter builds a new object on every read.
 */
export function answeredRoute(request: FastifyRequest): string | undefined {
  const memo = request as FastifyRequest & { [ANSWERED_ROUTE]?: string | null };
  let url = memo[ANSWERED_ROUTE];
  if (url === undefined) url = memo[ANSWERED_ROUTE] = request.routeOptions?.url ?? null;
  return url ?? undefined;
}
