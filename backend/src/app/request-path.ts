import type { FastifyRequest } from 'fastify';

const ROUTE_PATH = Symbol('tzapi.route-path');

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
