import { applyDecorators } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiQuery, ApiResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { problemType } from '../../common/problems/problem.js';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { MergeRouteConfig, routeConfigOf } from '../../common/http/route-config.js';
import { ApiAnonymous, ApiKeySecurity } from '../../common/openapi/swagger.js';
import { TZDB_VERSION } from '../tzdb/bundled-release.js';

/** The controller method the lane calls for a route (set by @PublicApi()). */
export interface LaneTarget {
  controller: Type<object>;
  method: string;
}

/** Which CORS answer a sold route gives: the REST API's, or MCP's (its transport headers and DELETE). */
export type SoldRouteCors = 'api' | 'mcp';

/** The fixed CSV columns of a response model (formats.ts's csvColumns reads them off the model). */
export interface CsvColumns {
  /** Paths read from each row item. */
  row: string[];
  /** Paths read from the answer itself and repeated on every row. */
  shared: string[];
}

/** The answer formats of a route (@FormattedRoute()): JSON, XML or CSV, with the CSV columns of its response model. */
export interface RouteFormats {
  csvRows?: string;
  columns: CsvColumns;
}

/**
 * The one description of a sold route, set by its decorators and read by every hook of the gateway through
 * `request.routeOptions.config` (and by the OpenAPI and site readers through the handler's metadata). A route without
 * it is not part of the sold API: session cookies, CSRF rules and the site's security headers apply instead.
 */
export interface SoldRoute {
  /** The controller method the lane answers with; null: Nest's own pipeline (unmetered routes, MCP). */
  lane: LaneTarget | null;
  /** Needs an API key, counts against the plan and becomes a usage row. */
  metered: boolean;
  /** JSON, XML or CSV by ?format= or Accept; null: the route answers as it answers. */
  formats: RouteFormats | null;
  /** Called cross-origin from customers' pages and servers: CORS preflight answered, the short API header set. */
  cors: SoldRouteCors;
  /** How many requests one call counts against the quota (batch routes: one per 100 items); unset: 1. */
  weight?: (request: FastifyRequest) => number;
  /** What `weight` counts, for the 429 that refuses a heavy call; unset: BATCH_WEIGHT_UNIT. */
  weightUnit?: WeightUnit;
  /** Also takes a text/csv body (parsed by csv-body.ts), besides JSON. */
  csvBody?: boolean;
}

/** Fastify route config key holding the route's SoldRoute. */
export const SOLD_ROUTE = 'tzapiSoldRoute';

const UNSET: SoldRoute = { lane: null, metered: false, formats: null, cors: 'api' };

/** Adds fields to the route's SoldRoute (each decorator sets its own, in any order). */
export function SoldRouteConfig(fields: Partial<SoldRoute>): MethodDecorator {
  return (target, key, descriptor) => {
    const current = (routeConfigOf(descriptor.value as object)?.[SOLD_ROUTE] as SoldRoute | undefined) ?? UNSET;
    return MergeRouteConfig({ [SOLD_ROUTE]: { ...current, ...fields } satisfies SoldRoute })(target, key, descriptor);
  };
}

/** The sold route a request reached, or undefined for every other route (and for no route at all). */
export function soldRouteOf(request: FastifyRequest): SoldRoute | undefined {
  return (request.routeOptions?.config as unknown as Record<string, SoldRoute | undefined> | undefined)?.[SOLD_ROUTE];
}

/** The sold route a controller method declares (for readers of the route table: OpenAPI checks, the site's counts). */
export function soldRouteOfHandler(handler: object): SoldRoute | undefined {
  return routeConfigOf(handler)?.[SOLD_ROUTE] as SoldRoute | undefined;
}

/** Marks the route metered and names its controller method for the lane. */
const laneTarget: MethodDecorator = (target, key, descriptor) =>
  SoldRouteConfig({ metered: true, lane: { controller: target.constructor as LaneTarget['controller'], method: String(key) } })(target, key, descriptor);

/** The key's problem answers, as examples in the OpenAPI document. */
const KEY_PROBLEMS = {
  401: { type: problemType('missing_api_key'), title: 'Unauthorized', status: 401, code: 'missing_api_key', detail: 'Send your key in the X-API-Key header.' },
  403: { type: problemType('inactive_api_key'), title: 'Forbidden', status: 403, code: 'inactive_api_key', detail: 'This API key is inactive.' },
  404: {
    type: problemType('unknown_release'),
    title: 'Unknown release',
    status: 404,
    code: 'unknown_release',
    detail: 'This server has no tz release "2019z". Stored releases: 2026f, 2026b.',
    version: '2019z',
    storedVersions: ['2026f', '2026b'],
  },
  429: {
    type: problemType('rate_limited'),
    title: 'Too Many Requests',
    status: 429,
    code: 'rate_limited',
    detail: 'Plan limit of 100 requests per hour reached.',
  },
};

const problemContent = (example: Record<string, unknown>) => ({
  'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example },
});

/**
 * Marks a route of the sold API: it needs an API key (X-API-Key or Authorization: Bearer), counts against the
 * account's plan and becomes a usage record (the lane runs ApiKeyGuard: key, owner, restrictions, plan limit; metering.ts: the row).
 * It runs in the lane (lane.ts), so it may carry no other guard, interceptor, pipe, filter or header decorator: the
 * lane refuses to start otherwise. Documents the same in Swagger.
 */
export function PublicApi() {
  return applyDecorators(
    laneTarget,
    ApiKeySecurity(),
    ApiResponse({
      status: 401,
      description: 'Missing, malformed, unknown or expired API key (`key_expired`: past its expiry, or the old key of a rotation after its overlap).',
      content: problemContent(KEY_PROBLEMS[401]),
    }),
    ApiResponse({
      status: 403,
      description: "Inactive key, blocked account, IP/domain restriction not met, or a route outside the key's scopes (`key_scope`, naming the scope needed).",
      content: problemContent(KEY_PROBLEMS[403]),
    }),
    ApiResponse({ status: 429, description: 'Plan limit reached; see Retry-After.', content: problemContent(KEY_PROBLEMS[429]) }),
    // Every sold route answers from the release a request (or its key's pin) names: release-pin.ts, one place for all.
    ApiQuery({
      name: 'tzdb',
      required: false,
      schema: { type: 'string', pattern: '^(\\d{4}[a-z]{1,3}|latest)$', example: TZDB_VERSION },
      description:
        "Answer from this stored tz database release (GET /api/timezone/releases lists them) instead of the active one; X-Tzdb-Version names the release answered from. Overrides the key's pin; `latest` answers from the active release.",
    }),
    ApiQuery({
      name: 'history',
      required: false,
      schema: { type: 'string', enum: ['backzone', 'main'], default: 'backzone' },
      description:
        "Which build of the release answers before 1970: `backzone` (the default: zones such as Europe/Oslo and Africa/Asmara keep their own history, as Debian and Python's zoneinfo answer) or `main` (IANA's default build: they share Europe/Berlin's and Africa/Nairobi's, as browsers, ICU and Temporal answer). Both agree from 1970 on; X-Tzdb-Build names the build answered from. Anything else is 400 `invalid_history`.",
    }),
    ApiHeader({
      name: 'Tzdb-Version',
      required: false,
      schema: { type: 'string', example: TZDB_VERSION },
      description: 'Same as ?tzdb= (the query parameter wins when both are sent).',
    }),
    ApiResponse({
      status: 404,
      description:
        "tzdb= (or Tzdb-Version, or the key's pin) names a release this server has not stored (`unknown_release`; the problem lists the stored ones), or history= a build the release was not loaded with (`build_unavailable`).",
      content: problemContent(KEY_PROBLEMS[404]),
    }),
    ApiUnauthorizedResponse({ description: 'Missing, malformed, unknown or expired API key (problem+json)' }),
    ApiForbiddenResponse({ description: "Inactive key, blocked account, IP/domain restriction not met, or outside the key's scopes (problem+json)" }),
    ApiTooManyRequestsResponse({
      description:
        'Plan limit reached (problem+json, code `rate_limited`). Every metered answer carries RateLimit-Policy, RateLimit, RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 also Retry-After.',
      headers: {
        'Retry-After': { description: 'Seconds until a request fits in the window again', schema: { type: 'integer', example: 1800 } },
        'RateLimit-Policy': {
          description: 'IETF draft policy, e.g. "hour";q=100;w=3600 (free) or "burst";q=50;w=1 (paid fair use)',
          schema: { type: 'string' },
        },
        RateLimit: { description: 'IETF draft state, e.g. "hour";r=0;t=1800', schema: { type: 'string' } },
        'RateLimit-Limit': { description: 'Requests allowed in the window', schema: { type: 'integer', example: 100 } },
        'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer', example: 0 } },
        'RateLimit-Reset': { description: 'Seconds until the oldest counted request leaves the window', schema: { type: 'integer', example: 1800 } },
      },
    }),
  );
}

/** A public route of the sold API that needs no key and is not metered (health, the zone directory, tz releases). */
export function PublicUnmetered() {
  return applyDecorators(SoldRouteConfig({ metered: false, lane: null }), ApiAnonymous());
}

/**
 * The MCP transport's routes: key-authenticated like the sold API (McpEndpoint asks ApiKeyGuard per request and
 * writes one usage row per tool call itself), CORS with MCP's own headers, no CSRF rule, no session.
 */
export function McpTransport() {
  return SoldRouteConfig({ metered: false, lane: null, cors: 'mcp' });
}

/** What a weighted route counts: one request per `perRequest` of `each` ("items or cells", "days"). */
export interface WeightUnit {
  each: string;
  perRequest: number;
}

/** The batch routes' unit (decisions §9). */
export const BATCH_WEIGHT_UNIT: WeightUnit = { each: 'items or cells', perRequest: 100 };

/**
 * A batch route of the sold API: one call counts `weight(request)` requests against the hourly quota (decisions §9: one
 * per 100 items or cells), all or none, before it runs. `weight` reads the parsed body; anything it cannot count is 1.
 */
export function Weighted(weight: (request: FastifyRequest) => number, unit: WeightUnit = BATCH_WEIGHT_UNIT) {
  return SoldRouteConfig({
    weight: (request) => {
      const n = weight(request);
      return Number.isSafeInteger(n) && n > 1 ? n : 1;
    },
    weightUnit: unit,
  });
}

/** The route also takes its batch as a text/csv body (streamed in by csv-body.ts). */
export function AcceptsCsvBody() {
  return SoldRouteConfig({ csvBody: true });
}
