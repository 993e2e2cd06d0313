import type { FastifyRequest } from 'fastify';

const KEY = Symbol('tzapi.api-key');

/**
 * The request's API key, from X-API-Key or Authorization: Bearer (never from the query string); null without one.
 * Read once per request: the guard and the metering hook both ask here, the headers are parsed the first time.
 */
export function readApiKey(request: FastifyRequest): string | null {
  const memo = request as FastifyRequest & { [KEY]?: string | null };
  if (memo[KEY] !== undefined) return memo[KEY];
  return (memo[KEY] = parseApiKey(request));
}

function parseApiKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && value.trim()) return value.trim();
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match) return match[1].trim();
  }
  return null;
}
