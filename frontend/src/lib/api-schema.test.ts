import { readFileSync } from 'node:fs';
// @ts-expect-error a plain ES module script without type declarations
import { apiTypes, paths } from '../../scripts/api-types.js';

describe('generated API types', () => {
  it('match openapi/openapi.json (run `npm run openapi` after changing the backend)', async () => {
    const { document, target } = paths(process.cwd());
    expect(readFileSync(target, 'utf8')).toBe(await apiTypes(document));
  });
});
