import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** The SPA shell answers 200 on the app's routes (spa-routes.json from the frontend build) and 404 elsewhere. */
describe('SPA routes', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'spa-routes-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    // The shape the frontend build writes (frontend/src/config/paths.ts spaRoutePatterns()).
    writeFileSync(
      join(staticDir, 'spa-routes.json'),
      JSON.stringify(['/', '/pricing', '/docs', '/dashboard', '/dashboard/billing/portal', '/admin/*', '/admin']),
    );
    t = await createTestApp({ STATIC_DIR: staticDir, APP_URL: 'https://tz.example.org' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each(['/pricing', '/pricing/', '/docs?x=1', '/dashboard', '/dashboard/billing/portal?session=abc', '/admin', '/admin/users/1/show'])(
    '%s: 200 with the app',
    async (path) => {
      const res = await t.client().get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
    },
  );

  it.each(['/no-such-page', '/pricing/extra', '/dashboard/nope', '/administrator'])('%s: 404 with the app (its Page Not Found screen)', async (path) => {
    const res = await t.client().get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<div id="root">');
  });

  it('an unknown API path and a missing asset stay problem/plain 404s', async () => {
    const api = await t.client().get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
    const asset = await t.client().get('/assets/missing-123.js');
    expect(asset.status).toBe(404);
    expect(asset.text).not.toContain('<div id="root">');
  });

  it('GET /api/config names the server’s APP_URL for code samples', async () => {
    const res = await t.client().get('/api/config');
    expect(res.body.appUrl).toBe('https://tz.example.org');
  });
});
