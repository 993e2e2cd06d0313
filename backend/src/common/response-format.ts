import { Parser } from '@json2csv/plainjs';
import { XMLBuilder } from 'fast-xml-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemException } from './problem.js';
import { MergeRouteConfig } from './route-config.js';

export const RESPONSE_FORMATS = ['json', 'xml', 'csv'] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

export const CONTENT_TYPES: Record<ResponseFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const MEDIA_TYPES: Record<string, ResponseFormat> = {
  'application/json': 'json',
  'application/problem+json': 'json',
  'application/*': 'json',
  '*/*': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/csv': 'csv',
  'application/csv': 'csv',
};

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
    const format = MEDIA_TYPES[type.trim()];
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

/** Nested objects become dotted columns; arrays of scalars are joined with "|", arrays of objects get indexed columns. */
function flatten(value: Plain, prefix: string, out: Record<string, string | number | boolean | null>): void {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) {
      out[prefix] = value.map((v) => String(v ?? '')).join('|');
      return;
    }
    value.forEach((v, i) => flatten(v, `${prefix}.${i}`, out));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out[prefix] = value ?? null;
}

export function toCsv(data: unknown, rowsField?: string): string {
  const source = data as Plain;
  const items: Plain[] =
    rowsField && source && typeof source === 'object' && !Array.isArray(source) && Array.isArray(source[rowsField])
      ? source[rowsField]
      : Array.isArray(source)
        ? source
        : [source];
  const rows = items.map((item) => {
    const row: Record<string, string | number | boolean | null> = {};
    flatten(item, '', row);
    return row;
  });
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (fields.length === 0) return '';
  return new Parser({ fields }).parse(rows);
}

export function serialize(data: unknown, format: ResponseFormat, rowsField?: string): string {
  if (format === 'xml') return toXml(data);
  if (format === 'csv') return toCsv(data, rowsField);
  return JSON.stringify(data);
}

/** Fastify route config key set by @FormattedRoute(): the route answers JSON, XML or CSV. */
export const FORMATTED_ROUTE = 'tzapiFormat';

interface FormattedRouteConfig {
  csvRows?: string;
}

/** The route answers JSON (default), XML or CSV; `csvRows` names the top-level array that becomes the CSV rows. */
export function FormattedRoute(csvRows?: string): MethodDecorator {
  return MergeRouteConfig({ [FORMATTED_ROUTE]: { csvRows } satisfies FormattedRouteConfig });
}

/**
 * Content negotiation of the public API, run by the app's onRequest hook before anything else of the route: ?format=
 * or Accept picks JSON (default), XML or CSV; an explicit unsupported format is a 406 problem, returned for the hook to
 * send. XML and CSV answers get their own serializer; error answers are sent as problem+json strings and never pass
 * through it. JSON costs nothing beyond the Vary header.
 */
export function applyResponseFormat(request: FastifyRequest, reply: FastifyReply): ProblemException | null {
  const route = (request.routeOptions.config as unknown as Record<string, FormattedRouteConfig | undefined>)[FORMATTED_ROUTE];
  if (!route) return null;
  let format: ResponseFormat;
  try {
    format = negotiateFormat((request.query as { format?: unknown } | undefined)?.format, request.headers.accept);
  } catch (problem) {
    return problem as ProblemException;
  }
  reply.header('Vary', 'Accept');
  if (format !== 'json') {
    // Fastify passes strings through a reply serializer too: problem documents arrive here as JSON text and stay so.
    reply.serializer((data: unknown) => {
      if (typeof data === 'string') return data;
      reply.header('Content-Type', CONTENT_TYPES[format]);
      return serialize(data, format, route.csvRows);
    });
  }
  return null;
}
