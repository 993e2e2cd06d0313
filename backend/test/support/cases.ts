import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The case files (`*.case.ts`) of the folders of whole-app specs a lane runs, folder by folder in the order given, each
 * folder's in name order, as import paths relative to the lane's file (`test/integration/lanes/*.spec.ts`).
 *
 * Jest loads the app's modules anew for every test file, about 3.5 s of CPU each time (measured on 2 cores: five small
 * folders took 24.5 s as five files and 10.3 s as one), so the cases are grouped by module in folders and several
 * folders run as one Jest file, a lane. TEST_CASES (comma-separated prefixes of `folder/file`, as `mcp/abuse` or
 * `gateway/`) keeps only the cases it names; a lane left with none says so in one skipped test.
 */
export function laneCases(laneUrl: string, folders: string[]): string[] {
  const integration = dirname(dirname(fileURLToPath(laneUrl)));
  const wanted = process.env.TEST_CASES?.split(',').filter(Boolean);
  const files = folders.flatMap((folder) => {
    const names = readdirSync(join(integration, folder)).filter((name) => name.endsWith('.case.ts'));
    if (names.length === 0) throw new Error(`no *.case.ts in test/integration/${folder}`);
    return names
      .filter((name) => !wanted || wanted.some((pattern) => `${folder}/${name}`.startsWith(pattern)))
      .sort()
      .map((name) => `../${folder}/${name.replace(/\.ts$/, '.js')}`);
  });
  if (files.length === 0) test.skip(`no case of ${folders.join(', ')} is in TEST_CASES`, () => undefined);
  return files;
}
