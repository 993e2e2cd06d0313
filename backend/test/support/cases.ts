import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The case files (`*.case.ts`) of a folder of whole-app specs, in name order. Each folder runs as one Jest file (its
 * `suite.spec.ts` imports them all): Jest loads the app's modules anew for every file, which cost more than most
 * cases' own work (about 5 s of CPU a file), so a folder pays it once. TEST_CASES (comma-separated prefixes of
 * `folder/file`, as `mcp/abuse`) keeps only the cases it names.
 */
export function caseFiles(suiteUrl: string): string[] {
  const folder = dirname(fileURLToPath(suiteUrl));
  const wanted = process.env.TEST_CASES?.split(',').filter(Boolean);
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.case.ts'))
    .filter((name) => !wanted || wanted.some((pattern) => `${basename(folder)}/${name}`.startsWith(pattern)))
    .sort();
  if (names.length === 0) throw new Error(`no *.case.ts beside ${fileURLToPath(suiteUrl)}${wanted ? ` in TEST_CASES` : ''}`);
  return names.map((name) => `./${name.replace(/\.ts$/, '.js')}`);
}
