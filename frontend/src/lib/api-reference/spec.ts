import rawSpec from '../../../../openapi/openapi.json';
import type { OpenApiDocument } from './model';

/** The generated OpenAPI document, bundled at build time so the docs cannot drift from the server. */
export const openapiSpec = rawSpec as unknown as OpenApiDocument;
