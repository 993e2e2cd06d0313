// The API's answers: time zones, business time, planning, sun and moon, the WorldTimeAPI drop-in and the site.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['timezone', 'business-time', 'planning', 'astronomy', 'compat', 'site'])) await import(file);
