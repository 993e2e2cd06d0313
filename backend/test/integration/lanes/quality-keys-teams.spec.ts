// The fuzzers and probes from outside, API keys, organisations and support.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['quality', 'keys', 'organizations', 'support'])) await import(file);
