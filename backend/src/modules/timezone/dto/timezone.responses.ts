/**
 * The answers of the time zone API as OpenAPI models: one class per answer shape, every field documented, nullable
 * where the engine can answer null. The CSV and XML shapes and the generated clients are derived from these.
 */

export * from './current.responses.js';
export * from './zones.responses.js';
export * from './info.responses.js';
export * from './conversion.responses.js';
export * from './calculation.responses.js';
