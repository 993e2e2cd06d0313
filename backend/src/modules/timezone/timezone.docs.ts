import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FormattedRoute, serialize } from '../../common/response-format.js';
import type { TimezoneProblemCode } from './timezone.errors.js';

/** RFC 9457 problem document as the global filter renders it. */
export class ProblemDocumentSchema {
  @ApiProperty({ example: 'https://tzapi.dev/problems/invalid-timezone' }) type!: string;
  @ApiProperty({ example: 'Invalid time zone' }) title!: string;
  @ApiProperty({ example: 400 }) status!: number;
  @ApiPropertyOptional({ example: '"Mars/Base" is not an IANA time zone name.' }) detail?: string;
  @ApiProperty({ example: 'invalid_timezone', description: 'Stable machine-readable code.' }) code!: string;
  @ApiPropertyOptional({ example: 'timezone', description: 'The input field at fault.' }) field?: string;
  @ApiPropertyOptional({ example: '/api/time/current' }) instance?: string;
}

const PROBLEM_EXAMPLES: Record<number, Record<string, unknown>> = {
  401: { type: 'https://tzapi.dev/problems/unauthenticated', title: 'Unauthorized', status: 401, code: 'missing_api_key', detail: 'Send your key in the X-API-Key header.' },
  403: { type: 'https://tzapi.dev/problems/forbidden', title: 'Forbidden', status: 403, code: 'key_inactive', detail: 'This API key is inactive.' },
  406: {
    type: 'https://tzapi.dev/problems/not-acceptable',
    title: 'Not Acceptable',
    status: 406,
    code: 'not_acceptable',
    detail: 'Format "yaml" is not offered. Supported: json, xml, csv (?format= or Accept: application/json, application/xml, text/csv).',
    supported: ['json', 'xml', 'csv'],
  },
  429: { type: 'https://tzapi.dev/problems/rate-limited', title: 'Too Many Requests', status: 429, code: 'rate_limited', detail: 'Plan limit of 100 requests per hour reached.' },
};

const BAD_REQUEST_DETAILS: Record<string, { detail: string; field: string; title: string }> = {
  invalid_timezone: { title: 'Invalid time zone', field: 'timezone', detail: '"EST" is an abbreviation, and abbreviations are ambiguous. Use an IANA zone name such as America/New_York.' },
  invalid_datetime: { title: 'Invalid date-time', field: 'dateTime', detail: 'dateTime "2024-02-30T10:00" has no such day. Use ISO 8601, e.g. 2024-03-31T01:30:00.' },
  invalid_local_time: {
    title: 'Invalid local time',
    field: 'dateTime',
    detail: '2024-03-31T01:30:00 does not exist in Europe/London: clocks jump from 2024-03-31T01:00:00 to 2024-03-31T02:00:00. The first valid time after the gap is 2024-03-31T02:00:00+01:00.',
  },
  invalid_coordinates: { title: 'Invalid coordinates', field: 'latitude', detail: 'latitude 91 is outside -90..90.' },
  invalid_timespan: { title: 'Invalid time span', field: 'timeSpan', detail: 'timeSpan "1.25:00:00" has hours over 23 or minutes/seconds over 59.' },
  invalid_date: { title: 'Invalid date', field: 'date', detail: 'date "2024-02-30" is not a calendar date in the form YYYY-MM-DD.' },
  invalid_range: { title: 'Invalid range', field: 'from', detail: 'Transitions are available from 1970-01-01 to 2100-12-31.' },
  validation_failed: { title: 'Validation failed', field: 'timezone', detail: 'timezone should not be empty' },
};

function problemContent(example: Record<string, unknown>) {
  return { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example } };
}

function badRequestContent(codes: (TimezoneProblemCode | 'validation_failed')[]) {
  const examples: Record<string, { summary: string; value: Record<string, unknown> }> = {};
  for (const code of codes) {
    const d = BAD_REQUEST_DETAILS[code];
    examples[code] = {
      summary: d.title,
      value: { type: `https://tzapi.dev/problems/${code.replace(/_/g, '-')}`, title: d.title, status: 400, detail: d.detail, code, field: d.field },
    };
  }
  return { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, examples } };
}

export interface EndpointDoc {
  summary: string;
  description: string;
  /** The 200 answer, also rendered as XML and CSV examples. */
  example: unknown;
  /** Top-level array that becomes the CSV rows. */
  csvRows?: string;
  /** Problem codes this endpoint answers with 400 (validation_failed is always possible). */
  errors: TimezoneProblemCode[];
  /** Unmetered public routes need no key, so they have no 401/403/429 answers. */
  metered?: boolean;
  /** POST body example. */
  body?: { type: new () => object; example: Record<string, unknown>; examples?: Record<string, { summary: string; value: Record<string, unknown> }> };
}

/** One decorator per operation: summary, format negotiation, 200 in JSON/XML/CSV, and every problem answer. */
export function ApiEndpoint(doc: EndpointDoc) {
  const decorators = [
    ApiExtraModels(ProblemDocumentSchema),
    ApiOperation({ summary: doc.summary, description: doc.description }),
    ApiQuery({
      name: 'format',
      required: false,
      enum: ['json', 'xml', 'csv'],
      description: 'Answer format; overrides Accept. Anything else is 406.',
      example: 'json',
    }),
    ApiResponse({
      status: 200,
      description: 'OK. JSON by default; XML or CSV on request (CSV: one row per item, nested fields as dotted columns).',
      content: {
        'application/json': { example: doc.example },
        'application/xml': { schema: { type: 'string' }, example: serialize(doc.example, 'xml', doc.csvRows) },
        'text/csv': { schema: { type: 'string' }, example: serialize(doc.example, 'csv', doc.csvRows) },
      },
    }),
    ApiResponse({ status: 400, description: 'Invalid input (problem+json with a stable code and the field).', content: badRequestContent([...doc.errors, 'validation_failed']) }),
    ApiResponse({ status: 406, description: 'The requested format is not offered.', content: problemContent(PROBLEM_EXAMPLES[406]) }),
  ];
  if (doc.metered !== false) {
    decorators.push(
      ApiResponse({ status: 401, description: 'Missing, malformed or unknown API key.', content: problemContent(PROBLEM_EXAMPLES[401]) }),
      ApiResponse({ status: 403, description: 'Inactive key, blocked account, or IP/domain restriction not met.', content: problemContent(PROBLEM_EXAMPLES[403]) }),
      ApiResponse({ status: 429, description: 'Plan limit reached; see Retry-After.', content: problemContent(PROBLEM_EXAMPLES[429]) }),
    );
  }
  decorators.push(FormattedRoute(doc.csvRows));
  if (doc.body) {
    decorators.push(
      ApiBody({
        type: doc.body.type,
        examples: doc.body.examples ?? { default: { summary: 'Example', value: doc.body.example } },
      }),
    );
  }
  return applyDecorators(...decorators);
}
