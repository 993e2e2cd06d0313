// tz releases: the IANA feed, loading, pinning, review and history.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['tzdb'])) await import(file);
