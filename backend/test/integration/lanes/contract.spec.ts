// The API contract: the OpenAPI document, newman, the typed client and the docs' request examples.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['contract'])) await import(file);
