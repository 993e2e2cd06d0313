import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiSecurity, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ApiKeyGuard } from '../modules/keys/api-key.guard.js';

export const PUBLIC_API_KEY = 'public-api';

/**
 * Marks a route of the sold API: it needs an API key (X-API-Key or Authorization: Bearer), counts against the
 * account's plan and becomes a usage record. Documents the same in Swagger.
 */
export function PublicApi() {
  return applyDecorators(
    SetMetadata(PUBLIC_API_KEY, 'metered'),
    UseGuards(ApiKeyGuard),
    ApiSecurity('api-key'),
    ApiHeader({ name: 'X-API-Key', required: false, description: 'Your API key (or send Authorization: Bearer <key>)' }),
    ApiUnauthorizedResponse({ description: 'Missing, malformed or unknown API key (problem+json)' }),
    ApiForbiddenResponse({ description: 'Inactive key, blocked account, or IP/domain restriction not met (problem+json)' }),
    ApiTooManyRequestsResponse({ description: 'Plan limit reached (problem+json, code `rate_limited`, Retry-After header)' }),
  );
}

/** A public route that needs no key and is not metered (health, the zone directory of the site). */
export function PublicUnmetered() {
  return SetMetadata(PUBLIC_API_KEY, 'unmetered');
}
