import type { FastifyRequest } from 'fastify';

/** Reads the key from X-API-Key or Authorization: Bearer; never from the query string. */
export function readApiKey(request: FastifyRequest): string | null {
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
