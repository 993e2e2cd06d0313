import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ApiKeyGuard } from '../modules/keys/api-key.guard.js';
import { METERED_ROUTE } from '../modules/usage/usage-record.js';
import { MergeRouteConfig } from './route-config.js';
import { ApiAnonymous, ApiKeySecurity } from './swagger.js';
import { PUBLIC_API_LANE } from './public-api-lane.js';
import type { LaneTarget } from './public-api-lane.js';

export const PUBLIC_API_KEY = 'public-api';

/** Marks the route metered and names its controller method for the public API lane (common/public-api-lane.ts). */
const laneTarget: MethodDecorator = (target, key, descriptor) =>
  MergeRouteConfig({ [METERED_ROUTE]: true, [PUBLIC_API_LANE]: { controller: target.constructor as LaneTarget['controller'], method: String(key) } satisfies LaneTarget })(
    target,
    key,
    descriptor,
  );

/**
 * Marks a route of the sold API: it needs an API key (X-API-Key or Authorization: Bearer), counts against the
 * account's plan and becomes a usage record (ApiKeyGuard in modules/keys: key, owner, restrictions, plan limit, metering).
 * Documents the same in Swagger.
 */
export function PublicApi() {
  return applyDecorators(
    SetMetadata(PUBLIC_API_KEY, 'metered'),
    laneTarget,
    UseGuards(ApiKeyGuard),
    ApiKeySecurity(),
    ApiUnauthorizedResponse({ description: 'Missing, malformed or unknown API key (problem+json)' }),
    ApiForbiddenResponse({ description: 'Inactive key, blocked account, or IP/domain restriction not met (problem+json)' }),
    ApiTooManyRequestsResponse({
      description:
        'Plan limit reached (problem+json, code `rate_limited`). Every metered answer carries RateLimit-Policy, RateLimit, RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 also Retry-After.',
      headers: {
        'Retry-After': { description: 'Seconds until a request fits in the window again', schema: { type: 'integer', example: 1800 } },
        'RateLimit-Policy': { description: 'IETF draft policy, e.g. "hour";q=100;w=3600 (free) or "burst";q=50;w=1 (paid fair use)', schema: { type: 'string' } },
        RateLimit: { description: 'IETF draft state, e.g. "hour";r=0;t=1800', schema: { type: 'string' } },
        'RateLimit-Limit': { description: 'Requests allowed in the window', schema: { type: 'integer', example: 100 } },
        'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer', example: 0 } },
        'RateLimit-Reset': { description: 'Seconds until the oldest counted request leaves the window', schema: { type: 'integer', example: 1800 } },
      },
    }),
  );
}

/** A public route that needs no key and is not metered (health, the zone directory of the site). */
export function PublicUnmetered() {
  return applyDecorators(SetMetadata(PUBLIC_API_KEY, 'unmetered'), ApiAnonymous());
}
