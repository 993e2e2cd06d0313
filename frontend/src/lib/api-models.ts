import type { components } from './api-schema';

/**
 * The backend's request and response models, generated from openapi/openapi-full.json by openapi-typescript
 * (`npm run openapi` regenerates api-schema.d.ts). Features alias these instead of copying them, so a change on the
 * backend that the frontend does not follow is a type error.
 */
export type Models = components['schemas'];
