import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

/**
 * Adds keys to a route's Fastify config (what hooks read as request.routeOptions.config). Unlike RouteConfig(), which
 * replaces the whole object, several decorators can each add their own key to one route.
 */
export function MergeRouteConfig(config: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined) ?? {};
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...config }, handler);
    return descriptor;
  };
}
