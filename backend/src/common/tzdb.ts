import { readFileSync } from 'node:fs';

/** The IANA tz database release the runtime's ICU carries, e.g. "2025b". */
export const TZDB_VERSION: string = process.versions.tz ?? 'unknown';

/** The product version from backend/package.json. */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
