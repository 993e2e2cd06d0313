import type { OpenAPIObject } from '@nestjs/swagger';
import { PROBLEM_TYPES } from '../problems/problem-catalog.js';
import { DEFAULT_SERVER_URL } from './swagger.js';

/** The tags of the sold API; the Postman collection and the site's docs explorer show only these. */
export const PUBLIC_API_TAGS = ['Time', 'TimeZone', 'Conversion', 'Calculation', 'Business time', 'Astronomy', 'Planning', 'System', 'WorldTimeAPI'];
/** Sold, key-authenticated endpoints that are not REST resources (the MCP server): in the public document, not in its tag list or the collection. */
export const SERVER_TO_SERVER_TAGS = ['MCP'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Names of the component schemas a value refers to (`#/components/schemas/<name>`), examples skipped. */
function schemaRefs(value: unknown, into: Set<string>): void {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((v) => schemaRefs(v, into));
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) into.add(v.slice('#/components/schemas/'.length));
    else if (k !== 'example' && k !== 'examples') schemaRefs(v, into);
  }
}

/**
 * The sold API only (what /openapi/openapi.json and the Postman collection describe): the public tags' operations,
 * and only the models and security schemes those reach, so account, billing and admin shapes stay out.
 */
export function publicApiDocument(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .map(([path, item]) => {
        const operations = Object.fromEntries(
          Object.entries(item).filter(([, op]) => (op as { tags?: string[] }).tags?.some((t) => PUBLIC_API_TAGS.includes(t) || SERVER_TO_SERVER_TAGS.includes(t))),
        );
        return [path, operations] as const;
      })
      .filter(([, ops]) => Object.keys(ops).length > 0),
  );
  const components = { ...(document.components ?? {}) };
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const webhooks = document.webhooks;
  schemaRefs(paths, used);
  schemaRefs(webhooks, used);
  schemaRefs(components.headers, used);
  for (const queue = [...used]; queue.length > 0; ) {
    const found = new Set<string>();
    schemaRefs(schemas[queue.pop()!], found);
    for (const name of found) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) as typeof components.schemas;
  const schemes = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => ((op as { security?: Record<string, string[]>[] }).security ?? []).flatMap((s) => Object.keys(s)))));
  components.securitySchemes = Object.fromEntries(Object.entries(components.securitySchemes ?? {}).filter(([name]) => schemes.has(name)));
  const webhookTags = new Set(Object.values(webhooks ?? {}).flatMap((item) => Object.values(item as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? [])));
  return { ...document, paths, components, tags: (document.tags ?? []).filter((t) => PUBLIC_API_TAGS.includes(t.name) || webhookTags.has(t.name)) };
}


interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown; enum?: unknown[] };
}
interface DocOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** The value a request sends: the documented example; a required parameter without one is a documentation bug. */
function exampleOf(param: Parameter, where: string): unknown {
  const value = param.example ?? param.schema?.example;
  if (value === undefined && param.required) throw new Error(`${where}: required parameter "${param.name}" has no example`);
  return value;
}

/** Checks a Postman test script runs on every request: the documented success status and its Content-Type. */
function testScript(status: number, contentType: string): string[] {
  return [
    `pm.test('status is ${status}', function () { pm.response.to.have.status(${status}); });`,
    `pm.test('Content-Type is ${contentType}', function () { pm.expect(pm.response.headers.get('Content-Type') || '').to.include('${contentType}'); });`,
  ];
}

/**
 * A Postman v2.1 collection of the public API that runs as it is: `{{baseUrl}}` and `{{apiKey}}` variables, the
 * documented example values (no placeholders; `format` only where an example sets it), and a test script per request.
 */
export async function postmanCollection(document: OpenAPIObject): Promise<Json> {
  const source = publicApiDocument(structuredClone(document));
  const folders = new Map<string, Json[]>();
  for (const tag of source.tags ?? []) folders.set(tag.name, []);
  for (const [path, pathItem] of Object.entries(source.paths)) {
    for (const [method, raw] of Object.entries(pathItem)) {
      const op = raw as DocOperation;
      if (!op.tags?.some((t) => PUBLIC_API_TAGS.includes(t))) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const query: Json[] = [];
      for (const param of op.parameters ?? []) {
        if (param.in !== 'query') continue;
        const value = exampleOf(param, where);
        if (value === undefined || (param.name === 'format' && !param.required)) continue;
        query.push({ key: param.name, value: String(value) });
      }
      // Path parameters take their documented examples too (a zone name keeps its slashes).
      let url = path;
      for (const param of op.parameters ?? []) {
        if (param.in !== 'path') continue;
        const value = exampleOf(param, where);
        if (value === undefined) throw new Error(`${where}: path parameter ${param.name} has no example`);
        url = url.replace(`{${param.name}}`, String(value));
      }
      const success = Object.keys(op.responses).map(Number).find((code) => code >= 200 && code < 300);
      if (success === undefined) throw new Error(`${where}: no success response`);
      const media = Object.keys(op.responses[String(success)].content ?? {});
      const contentType = media.includes('application/json') ? 'application/json' : (media[0] ?? 'application/json');
      const request: { [key: string]: Json } = {
        method: method.toUpperCase(),
        header: [{ key: 'Accept', value: 'application/json' }],
        url: {
          raw: `{{baseUrl}}${url}${query.length ? '?' + query.map((q) => `${(q as { key: string }).key}=${encodeURIComponent(String((q as { value: string }).value))}`).join('&') : ''}`,
          host: ['{{baseUrl}}'],
          path: url.split('/').filter(Boolean),
          ...(query.length > 0 && { query }),
        },
        ...(op.description && { description: op.description }),
      };
      const body = op.requestBody?.content?.['application/json'];
      if (body) {
        const value = body.example ?? Object.values(body.examples ?? {})[0]?.value;
        if (value === undefined) throw new Error(`${where}: the request body has no example`);
        (request.header as Json[]).push({ key: 'Content-Type', value: 'application/json' });
        request.body = { mode: 'raw', raw: JSON.stringify(value, null, 2), options: { raw: { language: 'json' } } };
      }
      if (op.security && op.security.length === 0) request.auth = { type: 'noauth' };
      const item = {
        name: op.summary ?? where,
        request,
        event: [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(success, contentType) } }],
      };
      const tag = op.tags?.find((t) => folders.has(t)) ?? op.tags?.[0] ?? 'API';
      if (!folders.has(tag)) folders.set(tag, []);
      folders.get(tag)!.push(item);
    }
  }
  const description = (source.tags ?? []).reduce<Record<string, string>>((acc, t) => ({ ...acc, [t.name]: t.description ?? '' }), {});
  return {
    info: {
      name: source.info.title,
      description: source.info.description ?? '',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [...folders].filter(([, items]) => items.length > 0).map(([name, items]) => ({ name, description: description[name] ?? '', item: items })),
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'X-API-Key', type: 'string' },
        { key: 'value', value: '{{apiKey}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      { key: 'baseUrl', value: source.servers?.[0]?.url ?? DEFAULT_SERVER_URL, type: 'string' },
      { key: 'apiKey', value: 'tzk_live_your_key_here', type: 'string' },
    ],
  };
}

/** The committed and served files: the public document, the full one (Swagger UI, account and admin too), the collection, the problem types. */
export const OPENAPI_FILES = { public: 'openapi.json', full: 'openapi-full.json', postman: 'postman_collection.json', problems: 'problem-types.json' } as const;

export async function openApiFiles(full: OpenAPIObject): Promise<Record<string, string>> {
  return {
    [OPENAPI_FILES.public]: stableJson(publicApiDocument(structuredClone(full))),
    [OPENAPI_FILES.full]: stableJson(full),
    [OPENAPI_FILES.postman]: stableJson(await postmanCollection(full)),
    // Every problem code with its status and explanation: the site's /docs/errors page is built from it.
    [OPENAPI_FILES.problems]: stableJson(PROBLEM_TYPES),
  };
}

export function stableJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
