/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { spaRoutePatterns } from './src/config/paths';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The test files that mock a module: they need a module graph of their own (see `test` below). */
function mockingTests(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return walk(join(root, 'src'))
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))
    .map((file) => file.slice(root.length));
}

/** dist/spa-routes.json: the router's paths, so the server answers unknown paths with 404 (and the app's 404 page). */
function spaRoutes(): Plugin {
  return {
    name: 'tzapi-spa-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'spa-routes.json', source: `${JSON.stringify(spaRoutePatterns(), null, 2)}\n` });
    },
  };
}

/**
 * Brotli (.br) and gzip (.gz) copies of every text file of the build, beside it, for the server's static handler
 * (@fastify/static preCompressed) to send by the browser's Accept-Encoding without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'tzapi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        // Below ~1 KB a compressed copy saves less than its own headers cost.
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** A preload of the self-hosted Inter font in index.html, so it loads beside the script instead of after the first render. */
function preloadFont(): Plugin {
  return {
    name: 'tzapi-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) => /inter-latin-wght-normal-.*\.woff2$/.test(file));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), spaRoutes(), preloadFont(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/openapi': { target: 'http://localhost:3000', changeOrigin: false },
      '/mcp': { target: 'http://localhost:3000', changeOrigin: false },
    },
    fs: { allow: ['..'] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file (not forty small ones, each with its own headers); the lazy
        // routes keep their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the suite took 52 s with one
    // core idle and takes 28 s with two (the same 43 s of CPU; 2026-11-29).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker evaluates the app's modules once for all its files instead of once per file (58 s of CPU instead of
    // 168 s for the whole suite); the setup file resets the DOM, storage and msw after every test. A file that mocks a
    // module (vi.mock) needs modules evaluated for it alone, so it keeps its own isolated run.
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingTests(), isolate: false } },
      { extends: true, test: { name: 'isolated', include: mockingTests(), isolate: true } },
    ],
  },
});
