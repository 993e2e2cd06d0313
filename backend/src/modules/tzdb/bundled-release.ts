import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { compareTzVersions, compileRelease } from './compile-release.js';
import type { TzRelease } from './tz-release.js';

/** backend/data/tzdb: one folder per release that ships with the product. */
export const BUNDLED_RELEASES_DIR = fileURLToPath(new URL('../../../data/tzdb/', import.meta.url));

/** The versions shipped under backend/data/tzdb, newest first. */
export function bundledVersions(): string[] {
  if (!existsSync(BUNDLED_RELEASES_DIR)) return [];
  return readdirSync(BUNDLED_RELEASES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{4}[a-z]+$/.test(d.name))
    .map((d) => d.name)
    .sort((a, b) => compareTzVersions(b, a));
}

/** Where a process leaves the bundled release's compiled zones for the next one (tzdb/compiled-zones-cache.ts). */
const COMPILED_ZONES_DIR = fileURLToPath(new URL('../../../../node_modules/.cache/tzapi-compiled-zones/', import.meta.url));

let bundled: TzRelease | null = null;

/** The newest release shipped with the product, compiled once per process (releases are immutable). */
export function bundledRelease(): TzRelease {
  if (!bundled) {
    const [newest] = bundledVersions();
    if (!newest) throw new Error(`No tz release under ${BUNDLED_RELEASES_DIR}`);
    bundled = compileRelease({ kind: 'folder', path: join(BUNDLED_RELEASES_DIR, newest) }, null, { cacheDir: COMPILED_ZONES_DIR });
  }
  return bundled;
}

/** The IANA tz database release the API answers from, e.g. "2026f" (our own compiled copy, not the runtime's ICU). */
export const TZDB_VERSION: string = bundledRelease().version;
