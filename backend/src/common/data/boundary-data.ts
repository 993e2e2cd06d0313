import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The time zone boundary data behind coordinate answers: timezone-boundary-builder's full product with oceans, as the
 * geo-tz package ships it (data/timezones.geojson.*, loaded from disk, never downloaded). geo-tz's package.json names
 * its own version but not the boundary release its data was built from; its release notes do ("Update to 2026d
 * data" is 8.1.9), so each geo-tz version we ship is mapped here. A geo-tz bump without its line here answers
 * "unknown" and fails point-zones.spec.ts, rather than naming a wrong release.
 */
const RELEASE_OF_GEO_TZ: Record<string, string> = {
  '8.1.4': '2025b',
  '8.1.5': '2025c',
  '8.1.6': '2026a',
  '8.1.8': '2026c',
  '8.1.9': '2026d',
};

const require = createRequire(import.meta.url);
/** geo-tz's exports hide its package.json; it sits one folder above the entry point. */
const GEO_TZ_PACKAGE = join(dirname(require.resolve('geo-tz/all')), '..', 'package.json');
const GEO_TZ_VERSION = (JSON.parse(readFileSync(GEO_TZ_PACKAGE, 'utf8')) as { version: string }).version;

export const BOUNDARY_DATA = {
  /** The timezone-boundary-builder release (e.g. "2026d"); "unknown" for a geo-tz version not mapped above. */
  release: RELEASE_OF_GEO_TZ[GEO_TZ_VERSION] ?? 'unknown',
  /** The npm package and version carrying it. */
  source: `geo-tz@${GEO_TZ_VERSION}`,
} as const;
