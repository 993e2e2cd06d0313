import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiDocument, createApp, REPO_ROOT } from '../app.factory.js';
import { openApiFiles } from '../common/openapi/openapi-files.js';
import { contractViolations } from '../common/openapi/swagger.js';
import { loadConfig } from '../config/config.js';

/**
 * Writes openapi/openapi.json (the public API), openapi/openapi-full.json (everything, for Swagger UI and the
 * frontend's types) and openapi/postman_collection.json (the public API) from the controllers' decorators.
 */
async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'openapi-generation-only-0123456789abcdef', DATA_DIR: join(REPO_ROOT, '.tmp', 'openapi') });
  // The document comes from the route metadata; no database connection is opened.
  const app = await createApp(config, 'postgres://unused@127.0.0.1:1/unused', { logger: false, init: false });
  const document = buildApiDocument(app);
  const violations = contractViolations(document);
  if (violations.length > 0) throw new Error(`The OpenAPI document breaks its own rules:\n  ${violations.join('\n  ')}`);
  const dir = join(REPO_ROOT, 'openapi');
  mkdirSync(dir, { recursive: true });
  const files = await openApiFiles(document);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  await app.close();
  console.log(
    `Wrote ${Object.keys(files)
      .map((f) => `openapi/${f}`)
      .join(', ')} (${Object.keys(document.paths).length} paths in the full document)`,
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
