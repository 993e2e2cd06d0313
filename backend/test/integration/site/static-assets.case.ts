import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestApp, TestApp } from '../../support/test-app.js';

/**
 * The built frontend is served with the compressed copies the build wrote beside each file (.br, .gz), chosen by
 * Accept-Encoding, and hashed assets are cached for a year while the HTML shell is revalidated.
 */
describe('static assets', () => {
  let t: TestApp;
  let staticDir: string;
  // Each copy holds different text, so the decoded body tells which file the server sent.
  const plain = `console.log("plain");${' '.repeat(2048)}`;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'static-assets-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(staticDir, 'assets', 'index-AbC123.js'), plain);
    writeFileSync(join(staticDir, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log("brotli");'));
    writeFileSync(join(staticDir, 'assets', 'index-AbC123.js.gz'), gzipSync('console.log("gzip");'));
    t = await createTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('a browser accepting brotli gets the .br copy, immutable for a year', async () => {
    const res = await t.client().get('/assets/index-AbC123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe('console.log("brotli");');
  });

  it('gzip only: the .gz copy; no compression accepted: the file itself', async () => {
    const gz = await t.client().get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.text).toBe('console.log("gzip");');
    const identity = await t.client().get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.text).toBe(plain);
  });

  it('the HTML shell is revalidated on every visit', async () => {
    const res = await t.client().get('/', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).toContain('<div id="root">');
  });
});
