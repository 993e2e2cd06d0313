import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Collection } from 'postman-collection';
import { REPO_ROOT } from '../../src/app.factory.js';
import { postmanCollection, PUBLIC_API_TAGS, stableJson } from '../../src/common/openapi-files.js';
import { buildOpenApiDocument } from '../../src/common/swagger.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const committed = (file: string) => readFileSync(join(REPO_ROOT, 'openapi', file), 'utf8');

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('matches the committed openapi/openapi.json (run `npm run openapi` after changing routes)', () => {
    expect(committed('openapi.json')).toBe(stableJson(buildOpenApiDocument(t.app)));
  });

  it('matches the committed Postman collection, and the collection imports', async () => {
    const generated = stableJson(await postmanCollection(buildOpenApiDocument(t.app)));
    expect(committed('postman_collection.json')).toBe(generated);
    const collection = new Collection(JSON.parse(generated));
    const requests: string[] = [];
    collection.forEachItem((item) => requests.push(`${item.request.method} ${item.request.url.getPath()}`));
    expect(requests).toContain('GET /api/health');
    const doc = buildOpenApiDocument(t.app);
    const publicOps = Object.values(doc.paths).flatMap((item) => Object.values(item).filter((op) => (op as { tags?: string[] }).tags?.some((tag) => PUBLIC_API_TAGS.includes(tag))));
    expect(requests).toHaveLength(publicOps.length);
  });

  it('serves Swagger UI and both downloads', async () => {
    const client = t.client();
    expect((await client.get('/api/docs')).status).toBe(200);
    const spec = await client.get('/openapi/openapi.json');
    expect(spec.status).toBe(200);
    expect(JSON.parse(spec.text).openapi).toMatch(/^3\./);
    expect((await client.get('/openapi/postman_collection.json')).status).toBe(200);
  });
});
