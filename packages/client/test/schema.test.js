import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { clientTypes, paths } from '../scripts/generate.js';

test('the client types match openapi/openapi.json (run `npm run openapi` after changing the backend)', async () => {
  assert.equal(readFileSync(paths.target, 'utf8'), await clientTypes());
});
