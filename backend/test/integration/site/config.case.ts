import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../src/config/config.js';
import { createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** GET /api/config: the figures the landing, About and Comparison pages show agree with the docs and the directory. */
describe('site config figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the endpoints the docs page lists: operations under the public OpenAPI document’s tags', async () => {
    const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../openapi/openapi.json', import.meta.url)), 'utf8'));
    const tags = new Set(doc.tags.map((x: { name: string }) => x.name));
    let documented = 0;
    for (const ops of Object.values(doc.paths) as Record<string, { tags?: string[] }>[]) {
      for (const [method, op] of Object.entries(ops)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method) && tags.has(op.tags?.[0])) documented++;
    }
    const res = await t.client().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body.endpointCount).toBe(documented);
    expect(documented).toBeGreaterThan(10);
  });

  it('counts zones and countries from the zone directory’s own list', async () => {
    const [config, directory] = await Promise.all([t.client().get('/api/config'), t.client().get('/api/public/timezones')]);
    const zones = directory.body.timezones as { country: string | null }[];
    expect(config.body.zoneCount).toBe(zones.length);
    expect(config.body.countryCount).toBe(new Set(zones.map((z) => z.country).filter(Boolean)).size);
  });

  it("the console's time zone data page counts the zones the site and the directory count (not the release's legacy names)", async () => {
    const admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
    const [config, status] = await Promise.all([t.client().get('/api/config'), admin.get('/api/admin/tzdb')]);
    expect(status.status).toBe(200);
    expect(status.body.zones).toBe(config.body.zoneCount);
    const active = (status.body.history as { active: boolean; zones: number }[]).find((r) => r.active);
    expect(active?.zones).toBe(config.body.zoneCount);
  });

  it('the endpoint count is the number of REST operations in the served public document (/openapi/openapi.json)', async () => {
    const [config, served] = await Promise.all([t.client().get('/api/config'), t.client().get('/openapi/openapi.json')]);
    const doc = JSON.parse(served.text) as { paths: Record<string, Record<string, { tags?: string[] }>>; tags: { name: string }[] };
    // The REST resources: operations under the document's tags (the MCP endpoint is listed, but as one server-to-server endpoint, not a REST one).
    const tags = new Set(doc.tags.map((tag) => tag.name));
    const operations = Object.values(doc.paths).flatMap((ops) =>
      Object.entries(ops).filter(([m, op]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m) && op.tags?.some((tag) => tags.has(tag))),
    );
    expect(Object.keys(doc.paths)).toContain('/mcp');
    expect(config.body.endpointCount).toBe(operations.length);
  });

  it('the plans table lists IP and domain restrictions for Free too: free keys can be restricted, and are', async () => {
    const plans = (await t.client().get('/api/config')).body.plans as { id: string; features: string[] }[];
    expect(plans.find((p) => p.id === 'free')!.features).toContain('IP and domain restrictions');
  });

  it('names the contact address customers see: SUPPORT_EMAIL, by default support@ the host of APP_URL', async () => {
    const config = (await t.client().get('/api/config')).body;
    expect(config.supportEmail).toBe(t.config.SUPPORT_EMAIL);
    expect(loadConfig({ APP_URL: 'https://time.example.org', APP_SECRET: 'x'.repeat(40) }).SUPPORT_EMAIL).toBe('support@time.example.org');
    expect(loadConfig({ APP_URL: 'https://time.example.org', APP_SECRET: 'x'.repeat(40), SUPPORT_EMAIL: 'help@example.net' }).SUPPORT_EMAIL).toBe(
      'help@example.net',
    );
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:3000', APP_SECRET: 'x'.repeat(40) }).SUPPORT_EMAIL).toBe('support@localhost');
  });
});
