// Webhooks, the gateway's limits and formats, and health.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['webhooks', 'gateway', 'health'])) await import(file);
