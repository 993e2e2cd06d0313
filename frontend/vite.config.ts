/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { spaRoutePatterns } from './src/app/paths';

const root = fileURLToPath(new URL('.', import.meta.url));

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

export default defineConfig({
  root,
  plugins: [react(), spaRoutes()],
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
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 30_000,
  },
});
