import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A JSON file of an installed CLDR package (cldr-core, cldr-dates-full), read from node_modules, never downloaded. */
export function readCldrJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

/** The CLDR release the zone names and Windows IDs come from: cldr-core's version (e.g. "48.2.0"), named in /api/health. */
export const CLDR_VERSION = readCldrJson<{ version: string }>('cldr-core/package.json').version;
