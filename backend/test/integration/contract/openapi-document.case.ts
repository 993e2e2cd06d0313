import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Collection } from 'postman-collection';
import { buildApiDocument as buildOpenApiDocument, REPO_ROOT } from '../../../src/app.factory.js';
import { openApiFiles, OPENAPI_FILES, PUBLIC_API_TAGS, SERVER_TO_SERVER_TAGS } from '../../../src/common/openapi/openapi-files.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const committed = (file: string) => readFileSync(join(REPO_ROOT, 'openapi', file), 'utf8');

type Doc = {
  paths: Record<string, Record<string, { tags?: string[] }>>;
  servers?: { url: string }[];
  components: { schemas: Record<string, unknown> };
  tags: { name: string }[];
};
const operations = (doc: Doc) => Object.values(doc.paths).flatMap((item) => Object.values(item));

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('matches the committed openapi/ files (run `npm run openapi` after changing routes)', async () => {
    const files = await openApiFiles(buildOpenApiDocument(t.app));
    expect(Object.keys(files).sort()).toEqual(Object.values(OPENAPI_FILES).sort());
    for (const [name, text] of Object.entries(files)) expect({ name, text: committed(name) }).toEqual({ name, text });
  });

  it('the public document holds the sold API only: no account, billing or admin paths or models', () => {
    const pub = JSON.parse(committed(OPENAPI_FILES.public)) as Doc;
    const full = JSON.parse(committed(OPENAPI_FILES.full)) as Doc;
    const sold = (op: { tags?: string[] }) => op.tags?.some((tag) => PUBLIC_API_TAGS.includes(tag) || SERVER_TO_SERVER_TAGS.includes(tag));
    expect(operations(pub).every(sold)).toBe(true);
    expect(operations(pub).length).toBe(operations(full).filter(sold).length);
    // The MCP endpoint is in the public document as a server-to-server endpoint, outside its REST tags.
    expect(Object.keys(pub.paths)).toContain('/mcp');
    expect(pub.tags.map((tag) => tag.name)).not.toContain('MCP');
    expect(operations(full).length).toBeGreaterThan(operations(pub).length);
    for (const path of Object.keys(pub.paths)) expect(path).not.toMatch(/^\/api\/(admin|billing|auth|api-keys|usage|profile)/);
    expect(Object.keys(full.paths)).toContain('/api/admin/users');
    expect(pub.components.schemas).not.toHaveProperty('AdminStatsView');
    expect(pub.components.schemas).not.toHaveProperty('BillingResultView');
  });

  it('the committed Postman collection imports and holds one request per public operation', () => {
    const collection = new Collection(JSON.parse(committed(OPENAPI_FILES.postman)));
    const requests: string[] = [];
    collection.forEachItem((item) => requests.push(`${item.request.method} ${item.request.url.getPath()}`));
    expect(requests).toContain('GET /api/health');
    // One request per REST operation: the MCP endpoint speaks JSON-RPC and is not in the collection.
    const rest = operations(JSON.parse(committed(OPENAPI_FILES.public)) as Doc).filter((op) => op.tags?.some((tag) => PUBLIC_API_TAGS.includes(tag)));
    expect(requests).toHaveLength(rest.length);
    expect(requests).not.toContain('POST /mcp');
  });

  it('serves the public document and the collection naming the server that serves them (APP_URL), the full one under its own name', async () => {
    const client = t.client();
    expect((await client.get('/api/docs')).status).toBe(200);
    const spec = await client.get('/openapi/openapi.json');
    expect(spec.status).toBe(200);
    const served = JSON.parse(spec.text) as Doc & { openapi: string };
    expect(served.openapi).toMatch(/^3\./);
    expect(served.servers).toEqual([{ url: t.config.appUrl }]);
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys((JSON.parse(committed(OPENAPI_FILES.public)) as Doc).paths).sort());

    const postman = await client.get('/openapi/postman_collection.json');
    expect(postman.status).toBe(200);
    const collection = new Collection(JSON.parse(postman.text));
    const variables = (collection.toJSON() as { variable?: { key: string; value: unknown }[] }).variable ?? [];
    expect(variables.find((v) => v.key === 'baseUrl')?.value).toBe(t.config.appUrl);

    for (const url of ['/openapi/openapi-full.json', '/api/docs/openapi-full.json']) {
      const full = await client.get(url);
      expect(full.status).toBe(200);
      const doc = JSON.parse(full.text) as Doc;
      expect(Object.keys(doc.paths)).toContain('/api/admin/users');
      expect(doc.servers).toEqual([{ url: t.config.appUrl }]);
    }
  });

  it("a problem answer's type is its section of this site's errors page (APP_URL/docs/errors#code)", async () => {
    const missingKey = await t.client().get('/api/time/current?timezone=Europe/Paris');
    expect(missingKey.status).toBe(401);
    expect(missingKey.body).toMatchObject({ code: 'missing_api_key', type: `${t.config.appUrl}/docs/errors#missing_api_key` });
    const noRoute = await t.client().get('/api/no-such-route');
    expect(noRoute.body).toMatchObject({ code: 'not_found', type: `${t.config.appUrl}/docs/errors#not_found` });
    const badJson = await t
      .client()
      .request('POST', '/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json', origin: t.config.appUrl } });
    expect(badJson.body).toMatchObject({ code: 'invalid_json', type: `${t.config.appUrl}/docs/errors#invalid_json` });
  });
});
