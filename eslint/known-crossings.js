/**
 * Imports that still cross a boundary: the known exceptions, file by file, regenerated from the real imports. A new
 * crossing is an error: do not add to this list without a reason in review; delete a pair when its import goes.
 * What a module may import of another on purpose is not listed here: it is PUBLISHED (a module's contracts),
 * PUBLISHED_TO (contracts for named features) or GATEWAY_READS (what the gateway reads of keys and usage), all in
 * eslint/boundaries.js with their reasons.
 */
export const KNOWN_CROSSINGS = {};
