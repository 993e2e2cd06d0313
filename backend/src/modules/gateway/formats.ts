import { Parser } from '@json2csv/plainjs';
import { XMLBuilder } from 'fast-xml-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SAFE_CSV_FORMATTERS } from '../../common/http/csv-cells.js';
import { ProblemException } from '../../common/problems/problem.js';
import { RESPONSE_FORMATS } from '../../common/problems/problem.schema.js';
import { SoldRouteConfig } from './sold-route.js';
import type { CsvColumns } from './sold-route.js';
import type { RouteFormats } from './sold-route.js';

export { RESPONSE_FORMATS };
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

export const CONTENT_TYPES: Record<ResponseFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const MEDIA_TYPES = new Map<string, ResponseFormat>([
  ['application/json', 'json'],
  ['application/problem+json', 'json'],
  ['application/*', 'json'],
  ['*/*', 'json'],
  ['application/xml', 'xml'],
  ['text/xml', 'xml'],
  ['text/csv', 'csv'],
  ['application/csv', 'csv'],
]);

function notAcceptable(detail: string): ProblemException {
  return new ProblemException({
    status: 406,
    code: 'not_acceptable',
    title: 'Not Acceptable',
    detail: `${detail} Supported: json, xml, csv (?format= or Accept: application/json, application/xml, text/csv).`,
    extra: { supported: [...RESPONSE_FORMATS] },
  });
}

/** ?format= wins over Accept; Accept is read with its q-values; nothing stated means JSON. */
export function negotiateFormat(formatParam: unknown, accept: string | undefined): ResponseFormat {
  if (formatParam !== undefined && formatParam !== '') {
    const wanted = String(formatParam).toLowerCase();
    if ((RESPONSE_FORMATS as readonly string[]).includes(wanted)) return wanted as ResponseFormat;
    throw notAcceptable(`Format "${String(formatParam)}" is not offered.`);
  }
  if (!accept || accept === '*/*' || accept.startsWith('application/json')) return 'json';
  let best: { format: ResponseFormat; q: number } | null = null;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const format = MEDIA_TYPES.get(type.trim());
    if (!format) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    // Wildcards lose ties against a named type.
    const rank = q - (type.includes('*') ? 0.0001 : 0);
    if (!best || rank > best.q) best = { format, q: rank };
  }
  if (!best) throw notAcceptable(`None of "${accept}" is offered.`);
  return best.format;
}

type Plain = string | number | boolean | null | undefined | Plain[] | { [key: string]: Plain };

/** Arrays become <field><item>…</item></field> so every element has a name. */
function xmlShape(value: Plain): Plain {
  if (Array.isArray(value)) return { item: value.map(xmlShape) };
  if (value && typeof value === 'object') {
    const out: { [key: string]: Plain } = {};
    for (const [k, v] of Object.entries(value)) out[k] = xmlShape(v);
    return out;
  }
  return value;
}

const xmlBuilder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: true });

export function toXml(data: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${xmlBuilder.build({ response: xmlShape(data as Plain) })}`;
}

type ModelClass = new () => object;
interface ModelProperty {
  type?: unknown;
  isArray?: boolean;
  properties?: Record<string, unknown>;
}

const MODEL_PROPERTIES = 'swagger/apiModelPropertiesArray';
const MODEL_PROPERTY = 'swagger/apiModelProperties';

function modelProperties(model: ModelClass): [string, ModelProperty][] {
  const names = (Reflect.getMetadata(MODEL_PROPERTIES, model.prototype) as string[] | undefined) ?? [];
  return names.map((n) => n.slice(1)).map((name) => [name, (Reflect.getMetadata(MODEL_PROPERTY, model.prototype, name) as ModelProperty | undefined) ?? {}]);
}

function isModel(type: unknown): type is ModelClass {
  return typeof type === 'function' && Reflect.getMetadata(MODEL_PROPERTIES, (type as ModelClass).prototype) !== undefined;
}

/** Column paths of a model: nested models and inline objects become dotted paths, in declaration order. */
function modelColumns(model: ModelClass, prefix: string, skip?: string): string[] {
  const out: string[] = [];
  for (const [name, prop] of modelProperties(model)) {
    if (name === skip) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if (isModel(prop.type)) out.push(...modelColumns(prop.type, path));
    else if (prop.properties) out.push(...Object.keys(prop.properties).map((k) => `${path}.${k}`));
    else out.push(path);
  }
  return out;
}

function rowModel(model: ModelClass, rowsField: string): ModelClass {
  const prop = modelProperties(model).find(([name]) => name === rowsField)?.[1];
  if (!prop || !prop.isArray || !isModel(prop.type)) throw new Error(`${model.name}.${rowsField} is not an array of a response model`);
  return prop.type;
}

/**
 * The fixed CSV columns of a response model: one row per item of `rowsField` (with the answer's other fields repeated
 * on each row), or one row for the whole answer. Same columns in the same order for every answer of the endpoint.
 */
export function csvColumns(model: ModelClass, rowsField?: string): CsvColumns {
  if (!rowsField) return { row: [], shared: modelColumns(model, '') };
  const shared = modelColumns(model, '', rowsField);
  const row = modelColumns(rowModel(model, rowsField), '');
  const clash = row.find((c) => shared.includes(c));
  if (clash) throw new Error(`CSV column "${clash}" of ${model.name} is both an answer field and a ${rowsField} field`);
  return { row, shared };
}

type Cell = string | number | boolean | null;

/** The value at a dotted path; through an array (other than the rows) the items' values are joined with "|". */
function cell(value: Plain, path: string[]): Cell {
  let current: Plain = value;
  for (let i = 0; i < path.length; i++) {
    if (Array.isArray(current)) return current.map((item) => String(cell(item, path.slice(i)) ?? '')).join('|');
    if (!current || typeof current !== 'object') return null;
    current = current[path[i]];
  }
  if (Array.isArray(current)) return current.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? ''))).join('|');
  if (current !== null && typeof current === 'object') return JSON.stringify(current);
  return current ?? null;
}

export function toCsv(data: unknown, columns: CsvColumns, rowsField?: string): string {
  const source = data as Plain;
  const record = source && typeof source === 'object' && !Array.isArray(source) ? source : {};
  const items: Plain[] = rowsField ? (Array.isArray(record[rowsField]) ? (record[rowsField] as Plain[]) : []) : [source];
  const sharedCells = columns.shared.map((c) => [c, cell(source, c.split('.'))] as const);
  const rows = items.map((item) => {
    const row: Record<string, Cell> = {};
    for (const [c, v] of sharedCells) row[c] = v;
    for (const c of columns.row) row[c] = cell(item, c.split('.'));
    return row;
  });
  const fields = [...columns.shared, ...columns.row];
  // Text cells a spreadsheet would run as a formula (a caller's own query echoed back, say "=London") get a leading '.
  const parser = new Parser({ fields, formatters: SAFE_CSV_FORMATTERS });
  // The header row even without rows: a consumer's column mapping must not depend on the result count.
  return rows.length > 0 ? parser.parse(rows) : fields.map((f) => JSON.stringify(f)).join(',');
}

export function serialize(data: unknown, format: 'json' | 'xml'): string {
  if (format === 'xml') return toXml(data);
  return JSON.stringify(data);
}

/**
 * The route answers JSON (default), XML or CSV; the CSV columns come from the response model, and `csvRows` names its
 * array that becomes the CSV rows.
 */
export function FormattedRoute(model: ModelClass, csvRows?: string): MethodDecorator {
  return SoldRouteConfig({ formats: { csvRows, columns: csvColumns(model, csvRows) } satisfies RouteFormats });
}

const NOT_JSON = Symbol('tzapi.notJson');

/** Whether the request's answer goes out as JSON (the default), after applyResponseFormat has run. */
export function answersJson(request: FastifyRequest): boolean {
  return !(request as FastifyRequest & { [NOT_JSON]?: true })[NOT_JSON];
}

/**
 * Content negotiation of a sold route, run by the onRequest hook (request-hooks.ts) before anything else of the route:
 * ?format= or Accept picks JSON (default), XML or CSV; an explicit unsupported format is a 406 problem, returned for
 * the hook to send. XML and CSV answers get their own serializer; error answers are sent as problem+json strings and
 * never pass through it. JSON costs nothing beyond the Vary header.
 */
export function applyResponseFormat(request: FastifyRequest, reply: FastifyReply, route: RouteFormats): ProblemException | null {
  let format: ResponseFormat;
  try {
    format = negotiateFormat((request.query as { format?: unknown } | undefined)?.format, request.headers.accept);
  } catch (problem) {
    return problem as ProblemException;
  }
  reply.header('vary', 'Accept');
  if (format !== 'json') {
    (request as FastifyRequest & { [NOT_JSON]?: true })[NOT_JSON] = true;
    // Fastify passes strings through a reply serializer too: problem documents arrive here as JSON text and stay so.
    reply.serializer((data: unknown) => {
      if (typeof data === 'string') return data;
      reply.header('content-type', CONTENT_TYPES[format]);
      return format === 'csv' ? toCsv(data, route.columns, route.csvRows) : toXml(data);
    });
  }
  return null;
}
