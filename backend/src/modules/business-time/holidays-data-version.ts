import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const version = (require('date-holidays/package.json') as { version: string }).version;

/** The holiday data every business-time answer names (`holidaysData`), as X-Tzdb-Version names the tz release; /api/health lists it. */
export const HOLIDAYS_DATA = `date-holidays ${version}`;
