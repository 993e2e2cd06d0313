import { applyDecorators, INestApplication } from '@nestjs/common';
import { ApiExtension, ApiSecurity, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { DEFAULT_SITE_URL } from '../problems/problem.js';
import { ProblemDocumentSchema } from '../problems/problem.schema.js';
import { APP_VERSION } from '../core/app-version.js';

/** Security scheme names, declared once at the root and referenced by every operation. */
export const SECURITY = { apiKey: 'ApiKeyAuth', bearer: 'BearerAuth', session: 'SessionCookie' } as const;

/** Where the committed document says the API runs (the product's host; problem types live there too). Served copies name the running server. */
export const DEFAULT_SERVER_URL = DEFAULT_SITE_URL;

const ANONYMOUS = 'x-anonymous';

/** The route needs no credentials: documented as `security: []` (and not a route someone forgot to guard). */
export function ApiAnonymous() {
  return ApiExtension(ANONYMOUS, true);
}

/** The sold API's credentials: the key in X-API-Key, or the same key as a Bearer token. */
export function ApiKeySecurity() {
  return applyDecorators(ApiSecurity(SECURITY.apiKey), ApiSecurity(SECURITY.bearer));
}

const HEADERS = {
  'X-Tzdb-Version': { description: 'The tz database release the answer comes from.', schema: { type: 'string', example: '2026f' } },
  'X-Tzdb-Build': {
    description:
      'The build of the release the answer comes from (history=): `backzone` (each zone\'s own history before 1970, the default) or `main` (IANA\'s default build, as browsers and ICU answer).',
    schema: { type: 'string', example: 'backzone' },
  },
  'RateLimit-Policy': {
    description: 'IETF draft policy, e.g. `"hour";q=100;w=3600` (free) or `"burst";q=50;w=1` (paid fair use).',
    schema: { type: 'string', example: '"hour";q=100;w=3600' },
  },
  RateLimit: { description: 'IETF draft state, e.g. `"hour";r=42;t=1800`.', schema: { type: 'string', example: '"hour";r=42;t=1800' } },
  'RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer', example: 100 } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer', example: 42 } },
  'RateLimit-Reset': { description: 'Seconds until the oldest counted request leaves the window.', schema: { type: 'integer', example: 1800 } },
  'Retry-After': { description: 'Seconds until a request fits in the window again.', schema: { type: 'integer', example: 1800 } },
} as const;
const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

type Schema = {
  $ref?: string;
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  allOf?: Schema[];
  anyOf?: Schema[];
  [k: string]: unknown;
};
interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> }>;
  [k: string]: unknown;
}

function operations(document: OpenAPIObject): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method))
      .map(([method, op]) => [path, method, op] as [string, string, Operation]),
  );
}

/**
 * What @nestjs/swagger cannot say by decorators: anonymous routes as `security: []`, response headers of the metered
 * answers, and `additionalProperties: false` on every response model (answers carry exactly the documented fields).
 */
function finish(document: OpenAPIObject): OpenAPIObject {
  nameWildcards(document);
  const components = (document.components ??= {});
  components.headers = Object.fromEntries(Object.entries(HEADERS).map(([name, h]) => [name, h]));
  const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
  const responseModels = new Set<string>();
  for (const [, , op] of operations(document)) {
    if (op[ANONYMOUS]) {
      op.security = [];
      delete op[ANONYMOUS];
    }
    const metered = op.security?.some((s) => SECURITY.apiKey in s) ?? false;
    for (const [status, response] of Object.entries(op.responses)) {
      if (!response.content && status !== '204' && !status.startsWith('3')) continue;
      response.headers = { ...response.headers, 'X-Tzdb-Version': headerRef('X-Tzdb-Version') };
      if (metered) {
        response.headers['X-Tzdb-Build'] = headerRef('X-Tzdb-Build');
        for (const name of RATE_LIMIT_HEADERS) response.headers[name] = headerRef(name);
        if (status === '429') response.headers['Retry-After'] = headerRef('Retry-After');
      }
      for (const media of Object.values(response.content ?? {})) collectRefs(media.schema, responseModels);
    }
  }
  // Models reached from models.
  const schemas = (components.schemas ?? {}) as Record<string, Schema>;
  const queue = [...responseModels];
  while (queue.length > 0) {
    const name = queue.pop()!;
    const found = new Set<string>();
    collectRefs(schemas[name], found);
    for (const n of found) {
      if (responseModels.has(n)) continue;
      responseModels.add(n);
      queue.push(n);
    }
  }
  for (const name of responseModels) {
    const schema = schemas[name];
    if (schema?.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  }
  toJsonSchemaNulls(document.paths);
  toJsonSchemaNulls(components);
  return document;
}

/**
 * OpenAPI 3.1 schemas are JSON Schema 2020-12, which has no `nullable`: what @nestjs/swagger writes as
 * `{ type, nullable: true }` becomes `type: [type, 'null']`, and a nullable `$ref` an `anyOf` with `{ type: 'null' }`.
 */
function toJsonSchemaNulls(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach(toJsonSchemaNulls);
  const node = value as Schema;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || !child || typeof child !== 'object') continue;
    toJsonSchemaNulls(child);
    const schema = child as Schema;
    if (schema.nullable !== true) continue;
    delete schema.nullable;
    if (schema.$ref) {
      const { $ref, description } = schema;
      (node as Record<string, unknown>)[key] = { anyOf: [{ $ref }, { type: 'null' }], ...(description ? { description } : {}) };
    } else if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'] as unknown as string;
      if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
    }
  }
}

/**
 * A Fastify wildcard route (`.../tzif/*`, a zone name with its slashes) comes out as `{path}` with a `*` parameter:
 * the path takes the name of the route's documented @ApiParam that is not in it (`{zone}`), and the `*` goes.
 */
function nameWildcards(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.endsWith('/{path}')) continue;
    const ops = Object.values(item as Record<string, Operation>).filter((op) => Array.isArray(op?.parameters));
    const named = ops
      .flatMap((op) => op.parameters as { name: string; in: string }[])
      .find((p) => p.in === 'path' && p.name !== '*' && !path.includes(`{${p.name}}`));
    if (!named) continue;
    for (const op of ops) op.parameters = (op.parameters as { name: string; in: string }[]).filter((p) => !(p.in === 'path' && p.name === '*'));
    const renamed = `${path.slice(0, -'{path}'.length)}{${named.name}}`;
    document.paths = Object.fromEntries(Object.entries(document.paths).map(([k, v]) => [k === path ? renamed : k, v]));
  }
}

function collectRefs(schema: unknown, into: Set<string>): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) return schema.forEach((s) => collectRefs(s, into));
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) into.add(v.slice('#/components/schemas/'.length));
    else if (k !== 'example' && k !== 'examples') collectRefs(v, into);
  }
}

/**
 * The document's own rules, checked where it is generated so a new route without them fails loudly: every operation
 * declares its security, and every JSON answer with a body names a response model.
 */
export function contractViolations(document: OpenAPIObject): string[] {
  const problems: string[] = [];
  for (const [path, method, op] of operations(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!op.security) problems.push(`${where}: no security (use @Authenticated, @PublicApi or @ApiAnonymous)`);
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        if (!type.includes('json')) continue;
        const schema = media.schema;
        // A list of names (WorldTimeAPI's zone list) is its own model: an array of strings.
        const model =
          schema?.$ref ??
          (schema?.type === 'array'
            ? (schema.items?.$ref ?? (schema.items?.type === 'string' ? 'string' : undefined))
            : (schema?.allOf ?? schema?.anyOf)?.[0]?.$ref);
        if (!model) problems.push(`${where} ${status} ${type}: no response model ($ref to a class with @ApiProperty fields)`);
      }
    }
  }
  return problems;
}

/** What the decorators of routes don't reach: the webhook events we POST (models and the 3.1 `webhooks` section). */
export interface OpenApiExtras {
  models?: (new (...args: never[]) => unknown)[];
  webhooks?: () => Record<string, unknown>;
  tags?: { name: string; description: string }[];
}

/** The OpenAPI 3.1 document, generated from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication, serverUrl = DEFAULT_SERVER_URL, extras: OpenApiExtras = {}): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('TimeZone API')
    .setDescription(
      'Current time, conversion, lookup by zone, city, free text or coordinates, search, date calculations, DST and history since 1970. ' +
        'Send your key in the `X-API-Key` header (or `Authorization: Bearer <key>`). Answers are JSON by default; XML or CSV with `?format=` or `Accept`. ' +
        'Errors are RFC 9457 problem documents with a stable `code`.',
    )
    .setOpenAPIVersion('3.1.0')
    .setVersion(APP_VERSION)
    .setLicense('Proprietary', `${serverUrl}/terms`)
    .addServer(serverUrl)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key.' }, SECURITY.apiKey)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The same API key as a Bearer token.' }, SECURITY.bearer)
    .addCookieAuth(
      'tzapi_session',
      { type: 'apiKey', in: 'cookie', description: 'The session cookie set by POST /api/auth/login (`__Host-tzapi_session` over HTTPS).' },
      SECURITY.session,
    )
    .addTag('Time', 'Current time in a zone, at a point, and in UTC')
    .addTag('TimeZone', 'Zone list, search, lookup, info and transitions')
    .addTag('Conversion', 'Convert a date-time between zones')
    .addTag('Calculation', 'Add, subtract, difference and day of week')
    .addTag('Business time', 'Public holidays, business days and working-hours deadlines, in the right zone')
    .addTag('Astronomy', 'Sun and moon at a place: sunrise, sunset, twilight, golden and blue hour, moonrise, moonset and phase')
    .addTag('Planning', 'Meeting slots across zones and recurring events (RFC 5545) that survive DST changes')
    .addTag('System', 'Health of the service')
    .addTag('WorldTimeAPI', "WorldTimeAPI's routes, answers and errors, for clients moving from worldtimeapi.org (guide: Moving from WorldTimeAPI)")
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ProblemDocumentSchema, ...(extras.models ?? [])],
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  if (extras.webhooks) document.webhooks = extras.webhooks() as OpenAPIObject['webhooks'];
  document.tags = [...(document.tags ?? []), ...(extras.tags ?? [])];
  return finish(document);
}

/** Swagger UI at /api/docs with the full document (account, billing and admin too; signed in, the session cookie works there). */
export function mountSwaggerUi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi-full.json', customSiteTitle: 'TimeZone API – Swagger UI' });
}
