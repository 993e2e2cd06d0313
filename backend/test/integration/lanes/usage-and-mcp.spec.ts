// Usage metering and the request log, and the MCP endpoint.
// One Jest file for these folders' cases, so the app's modules load once for all of them (support/cases.ts).
import { laneCases } from '../../support/cases.js';

for (const file of laneCases(import.meta.url, ['usage', 'mcp'])) await import(file);
