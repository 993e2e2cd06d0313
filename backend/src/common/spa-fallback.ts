import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Serves the built single-page app's index.html for browser navigations that no server route answers. */
export class SpaFallback {
  private readonly indexHtml: string | null;

  constructor(staticDir: string) {
    const file = join(staticDir, 'index.html');
    this.indexHtml = existsSync(file) ? readFileSync(file, 'utf8') : null;
  }

  handles(request: FastifyRequest): boolean {
    if (!this.indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/openapi/')) return false;
    // A request for a missing asset file is a real 404, not a page.
    return !/\.[a-z0-9]{1,8}$/i.test(path) || path.endsWith('.html');
  }

  send(reply: FastifyReply): void {
    reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(this.indexHtml);
  }
}
