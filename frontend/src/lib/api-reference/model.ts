/** A reader of the generated OpenAPI document: categories and endpoints for the docs explorer. */

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: { type?: string; example?: unknown; enum?: unknown[]; format?: string; default?: unknown; $ref?: string };
  example?: unknown;
}

interface MediaType {
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
  schema?: unknown;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
  /** Optional parameters the request example fills (an operation whose place is one of several, none required). */
  'x-example-parameters'?: string[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResponseFormat = 'json' | 'xml' | 'csv';

export interface DocParameter {
  name: string;
  location: 'query' | 'path' | 'header';
  type: string;
  required: boolean;
  /** Filled in the request example: a required parameter, or one the operation names for its example. */
  inExample: boolean;
  description: string;
  example: string;
}

export interface DocEndpoint {
  id: string;
  method: HttpMethod;
  path: string;
  category: string;
  title: string;
  description: string;
  parameters: DocParameter[];
  requestExample: unknown;
  responseExample: unknown;
  responseExamples: Partial<Record<ResponseFormat, string>>;
  requiresKey: boolean;
  supportsFormats: boolean;
  /** Name of the 200 answer's model in components.schemas (what generated clients call it). */
  responseModel: string | null;
  /** A file to download (TZif, tzdata.zi): its media type; null for the formatted JSON/XML/CSV answers. */
  download: string | null;
}

export interface DocCategory {
  name: string;
  description: string;
  endpoints: DocEndpoint[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function firstExample(media: MediaType | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  return first?.value;
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function xmlNode(name: string, value: unknown): string {
  if (Array.isArray(value)) return `<${name}>${value.map((v) => xmlNode('item', v)).join('')}</${name}>`;
  if (value && typeof value === 'object')
    return `<${name}>${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => xmlNode(k, v))
      .join('')}</${name}>`;
  if (value === null || value === undefined) return `<${name}/>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** XML from a JSON example, the way the API renders it (a <response> root, arrays as <item>). */
export function jsonToXml(value: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlNode('response', value)}`;
}

function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = Array.isArray(value) ? value.map(stringify).join(';') : value;
  }
  return out;
}

/** CSV from a JSON example: one row per item of the first array field (or the object), nested fields dotted. */
export function jsonToCsv(value: unknown): string {
  let rows: unknown[] = [value];
  if (Array.isArray(value)) rows = value;
  else if (value && typeof value === 'object') {
    const arrayField = Object.values(value as Record<string, unknown>).find((v) => Array.isArray(v) && v.length && typeof v[0] === 'object');
    if (arrayField) rows = arrayField as unknown[];
  }
  const flat = rows.map((r) => flatten(r));
  const columns = [...new Set(flat.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => (typeof v === 'string' ? `"${v.replace(/"/g, '""')}"` : v === undefined || v === null ? '' : String(v));
  return [columns.map((c) => `"${c}"`).join(','), ...flat.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n');
}

/** Pretty-prints the API's one-line XML for reading. */
export function formatXml(xml: string): string {
  const tokens = xml.replace(/>\s*</g, '><').match(/<[^>]+>|[^<]+/g) ?? [];
  const out: string[] = [];
  let depth = 0;
  const pad = () => '  '.repeat(Math.max(0, depth));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.startsWith('<?')) out.push(t);
    else if (t.startsWith('</')) {
      depth -= 1;
      out.push(pad() + t);
    } else if (t.endsWith('/>')) out.push(pad() + t);
    else if (t.startsWith('<')) {
      const next = tokens[i + 1];
      const after = tokens[i + 2];
      if (next !== undefined && !next.startsWith('<') && after?.startsWith('</')) {
        out.push(pad() + t + next + after);
        i += 2;
      } else if (next?.startsWith('</')) {
        out.push(pad() + t + next);
        i += 1;
      } else {
        out.push(pad() + t);
        depth += 1;
      }
    } else if (t.trim()) out.push(pad() + t.trim());
  }
  return out.join('\n');
}

function parameterExample(p: OpenApiParameter): string {
  const value = p.example ?? p.schema?.example ?? (p.schema?.enum ? p.schema.enum[0] : undefined) ?? p.schema?.default;
  return value === undefined ? '' : String(value);
}

export function buildEndpoints(doc: OpenApiDocument): DocEndpoint[] {
  const endpoints: DocEndpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    // Document order, so each category starts with the operation the backend lists first.
    for (const m of Object.keys(ops).filter((k): k is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(k))) {
      const op = ops[m];
      if (!op) continue;
      const params = op.parameters ?? [];
      const requiresKey =
        params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-api-key') || Boolean(op.security?.some((s) => 'ApiKeyAuth' in s || 'api-key' in s));
      const ok = op.responses?.['200'] ?? op.responses?.['201'];
      const json = firstExample(ok?.content?.['application/json']);
      const ref = (ok?.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
      const xml = firstExample(ok?.content?.['application/xml']);
      const csv = firstExample(ok?.content?.['text/csv']);
      const supportsFormats = params.some((p) => p.name === 'format');
      const responseExamples: Partial<Record<ResponseFormat, string>> = {};
      if (json !== undefined) responseExamples.json = JSON.stringify(json, null, 2);
      if (supportsFormats || xml !== undefined) responseExamples.xml = formatXml(typeof xml === 'string' ? xml : jsonToXml(json ?? {}));
      if (supportsFormats || csv !== undefined) responseExamples.csv = typeof csv === 'string' ? csv : jsonToCsv(json ?? {});
      endpoints.push({
        id: op.operationId ?? `${m}-${path}`,
        method: m.toUpperCase() as HttpMethod,
        path,
        category: op.tags?.[0] ?? 'Other',
        title: op.summary ?? path,
        description: op.description ?? '',
        parameters: params
          .filter((p) => !(p.in === 'header' && p.name.toLowerCase() === 'x-api-key') && p.in !== 'cookie')
          .map((p) => ({
            name: p.name,
            location: p.in as DocParameter['location'],
            type: p.schema?.enum ? `enum: ${p.schema.enum.join(' | ')}` : (p.schema?.format ?? p.schema?.type ?? 'string'),
            required: Boolean(p.required),
            inExample: Boolean(p.required) || (op['x-example-parameters'] ?? []).includes(p.name),
            description: p.description ?? '',
            example: parameterExample(p),
          })),
        requestExample: firstExample(op.requestBody?.content?.['application/json']),
        responseExample: json,
        responseExamples,
        requiresKey,
        supportsFormats,
        responseModel: ref ? ref.split('/').pop()! : null,
        // A text answer meant to be read (WorldTimeAPI's .txt twins) is shown like the others, not saved as a file.
        download: ok?.content && !ok.content['application/json'] && !path.endsWith('.txt') ? (Object.keys(ok.content)[0] ?? null) : null,
      });
    }
  }
  return endpoints;
}

/**
 * Categories in the document's tag order, each with its endpoints; empty tags are dropped. The document's
 * top-level tags are the public API: operations tagged otherwise (Account, Keys, Admin...) are left out.
 */
export function buildCategories(doc: OpenApiDocument): DocCategory[] {
  const endpoints = buildEndpoints(doc);
  const order = (doc.tags ?? []).map((t) => t.name);
  if (order.length === 0) for (const e of endpoints) if (!order.includes(e.category)) order.push(e.category);
  return order
    .map((name) => ({
      name,
      description: doc.tags?.find((t) => t.name === name)?.description ?? '',
      endpoints: endpoints.filter((e) => e.category === name),
    }))
    .filter((c) => c.endpoints.length > 0);
}

/** The request example as cURL, with the values typed in (or the examples). */
export function curlExample(endpoint: DocEndpoint, origin: string, values: Record<string, string>, body: string | undefined, apiKey = 'YOUR_API_KEY'): string {
  const url = requestUrl(endpoint, origin, values);
  const lines = [`curl -X ${endpoint.method} "${url}"`];
  if (endpoint.requiresKey) lines.push(`  -H "X-API-Key: ${apiKey}"`);
  if (body !== undefined && body.trim()) {
    lines.push('  -H "Content-Type: application/json"');
    let compact = body;
    try {
      compact = JSON.stringify(JSON.parse(body));
    } catch {
      /* keep what was typed */
    }
    lines.push(`  -d '${compact.replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

export function requestUrl(endpoint: DocEndpoint, origin: string, values: Record<string, string>): string {
  let path = endpoint.path;
  const query = new URLSearchParams();
  for (const p of endpoint.parameters) {
    const value = values[p.name] ?? (p.inExample ? p.example : '');
    if (!value) continue;
    if (p.location === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.location === 'query') query.set(p.name, value);
  }
  const qs = query.toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
}

/** Headers a caller acts on: the rate limit (RateLimit-*, Retry-After) and the time zone data version. */
const KEY_RESPONSE_HEADER = /^(ratelimit|retry-after$|x-tzdb-version$)/i;

/** An answer's headers, the key ones (rate limit, data version) first, then the rest, by name. */
export function orderedHeaders(headers: Record<string, string>): { name: string; value: string; rateLimit: boolean }[] {
  return Object.entries(headers)
    .map(([name, value]) => ({ name, value, rateLimit: KEY_RESPONSE_HEADER.test(name) }))
    .sort((a, b) => Number(b.rateLimit) - Number(a.rateLimit) || a.name.localeCompare(b.name));
}
