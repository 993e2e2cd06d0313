import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built single-page app's index.html for browser navigations that no server route answers:
 * 200 for the app's routes (spa-routes.json, written by the frontend build from the router's paths), 404 for
 * any other path (the app then shows its "Page Not Found" screen). Without the list every path answers 200.
 */
export class SpaFallback {
  private readonly indexHtml: string | null;
  private readonly exact = new Set<string>();
  private readonly prefixes: string[] = [];
  private readonly hasRoutes: boolean;

  constructor(staticDir: string) {
    const file = join(staticDir, 'index.html');
    this.indexHtml = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const routesFile = join(staticDir, 'spa-routes.json');
    this.hasRoutes = existsSync(routesFile);
    if (this.hasRoutes) {
      for (const pattern of JSON.parse(readFileSync(routesFile, 'utf8')) as string[]) {
        if (pattern.endsWith('/*')) this.prefixes.push(pattern.slice(0, -1));
        else this.exact.add(pattern);
      }
    }
  }

  handles(request: FastifyRequest): boolean {
    if (!this.indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/openapi/')) return false;
    // A request for a missing asset file is a real 404, not a page.
    return !/\.[a-z0-9]{1,8}$/i.test(path) || path.endsWith('.html');
  }

  /** Whether the app has a screen at this path (a trailing slash is ignored). */
  isAppRoute(url: string): boolean {
    if (!this.hasRoutes) return true;
    let path = url.split(/[?#]/)[0];
    if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
    return this.exact.has(path) || this.prefixes.some((p) => path.startsWith(p));
  }

  send(reply: FastifyReply, request?: FastifyRequest): void {
    const status = request && !this.isAppRoute(request.url) ? 404 : 200;
    reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(this.indexHtml);
  }
}
