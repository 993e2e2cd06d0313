// Every case of this folder in one Jest file, so the app's modules load once for all of them (support/cases.ts).
import { caseFiles } from '../../support/cases.js';

for (const file of caseFiles(import.meta.url)) await import(file);
