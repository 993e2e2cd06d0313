import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The built React app: its files from `staticDir` (skipped when there is no build), brotli or gzip copies by
 * Accept-Encoding, hashed assets cached for a year and the HTML shell revalidated. Browser navigations that no route
 * answers get the app's index.html from the problem filter (common/http/spa-fallback.ts).
 */
export const staticAndSpaPlugin = fp<{ staticDir: string }>(
  async (fastify: FastifyInstance, { staticDir }) => {
    if (!existsSync(staticDir)) return;
    await fastify.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz beside each text file (frontend/vite.config.ts); sent by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  },
  { name: 'tzapi-static-spa' },
);
