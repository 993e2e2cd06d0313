import { readFileSync } from 'node:fs';

import { bundledRelease } from '../modules/tzdb/bundled-release.js';

/** The IANA tz database release the API answers from, e.g. "2026f" (our own compiled copy, not the runtime's ICU). */
export const TZDB_VERSION: string = bundledRelease().version;

/** The product version from backend/package.json. */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
