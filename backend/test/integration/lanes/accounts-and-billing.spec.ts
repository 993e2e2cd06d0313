// Accounts, sign-in, billing and the console.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['accounts', 'auth', 'billing', 'admin'])) await import(file);
