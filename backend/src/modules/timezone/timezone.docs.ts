import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { Problems, ProblemException, problemType } from '../../common/problems/problem.js';
import { csvColumns, FormattedRoute, serialize, toCsv } from '../gateway/formats.js';
import { sharedTimeEngine } from './engine/shared-engine.js';
import type { TimezoneProblemCode } from './timezone.errors.js';
import { publicAddress } from './ip/ip-address.js';

/** 400 codes an endpoint documents: the engine's, and the IP answers' unreadable address. */
type BadRequestCode = TimezoneProblemCode | 'invalid_ip';

const engine = sharedTimeEngine();

const PROBLEM_EXAMPLES: Record<number, Record<string, unknown>> = {
  406: {
    type: problemType('not_acceptable'),
    title: 'Not Acceptable',
    status: 406,
    code: 'not_acceptable',
    detail: 'Format "yaml" is not offered. Supported: json, xml, csv (?format= or Accept: application/json, application/xml, text/csv).',
    supported: ['json', 'xml', 'csv'],
  },
};

/** Each 400 example is the problem the engine really throws for that input, so examples can't drift from answers. */
const BAD_REQUEST_CAUSES: Record<BadRequestCode | 'validation_failed', (() => unknown) | null> = {
  invalid_timezone: () => engine.currentTime('EST', 0),
  invalid_datetime: () => engine.convert('America/New_York', 'Europe/London', '2024-02-30T10:00'),
  invalid_local_time: () => engine.convert('Europe/London', 'UTC', '2024-03-31T01:30:00'),
  invalid_coordinates: () => engine.zoneAt(91, 0, 0),
  invalid_timespan: () => engine.add('2024-03-30T12:00:00', '1.25:00:00', undefined),
  invalid_date: () => engine.dayOfWeek('2024-02-30'),
  invalid_range: () => engine.transitions('Europe/London', '1960-01-01', '1961-01-01', 0),
  datetime_out_of_range: () => engine.convert('UTC', 'Pacific/Kiritimati', '9999-12-31T23:00:00'),
  invalid_ip: () => publicAddress('81.2.69.1420', false),
  validation_failed: () => {
    throw Problems.validation([{ field: 'timezone', message: 'timezone is required' }]);
  },
  not_acceptable: null,
};

function thrownProblem(cause: () => unknown): Record<string, unknown> {
  try {
    cause();
  } catch (problem) {
    if (problem instanceof ProblemException) {
      const { instance: _instance, ...doc } = problem.toDocument();
      return doc;
    }
    throw problem;
  }
  throw new Error('A documented problem example did not throw');
}

function problemContent(example: Record<string, unknown>) {
  return { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example } };
}

function badRequestContent(codes: (BadRequestCode | 'validation_failed')[], more: Record<string, () => unknown> = {}) {
  const examples: Record<string, { summary: string; value: Record<string, unknown> }> = {};
  for (const code of [...codes, ...Object.keys(more)]) {
    const cause = more[code] ?? BAD_REQUEST_CAUSES[code as BadRequestCode];
    if (!cause) continue;
    const value = thrownProblem(cause);
    examples[String(value.code)] = { summary: String(value.title), value };
  }
  return { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, examples } };
}

export interface EndpointDoc {
  summary: string;
  description: string;
  /** The answer's model: every field with @ApiProperty; the CSV columns and the generated clients come from it. */
  response: new () => object;
  /** The 200 answer, also rendered as XML and CSV examples. */
  example: unknown;
  /** Top-level array that becomes the CSV rows. */
  csvRows?: string;
  /** Problem codes this endpoint answers with 400 (validation_failed is always possible). */
  errors: BadRequestCode[];
  /** Another module's 400 problems, each with the call that throws it (its example is the real answer). */
  moreErrors?: Record<string, () => unknown>;
  /** POST body example. */
  body?: { type: new () => object; example: Record<string, unknown>; examples?: Record<string, { summary: string; value: Record<string, unknown> }> };
}

/** One decorator per operation: summary, format negotiation, 200 in JSON/XML/CSV, and its input's problem answers. */
export function ApiEndpoint(doc: EndpointDoc) {
  const decorators = [
    ApiExtraModels(ProblemDocumentSchema, doc.response),
    ApiOperation({ summary: doc.summary, description: doc.description }),
    ApiQuery({
      name: 'format',
      required: false,
      enum: ['json', 'xml', 'csv'],
      description: 'Answer format; overrides Accept. Anything else is 406.',
    }),
    ApiResponse({
      status: 200,
      description: 'OK. JSON by default; XML or CSV on request (CSV: one row per item, nested fields as dotted columns).',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(doc.response) }, example: doc.example },
        'application/xml': { schema: { type: 'string' }, example: serialize(doc.example, 'xml') },
        'text/csv': { schema: { type: 'string' }, example: toCsv(doc.example, csvColumns(doc.response, doc.csvRows), doc.csvRows) },
      },
    }),
    ApiResponse({
      status: 400,
      description: 'Invalid input (problem+json with a stable code and the field).',
      content: badRequestContent([...doc.errors, 'validation_failed'], doc.moreErrors),
    }),
    ApiResponse({ status: 406, description: 'The requested format is not offered.', content: problemContent(PROBLEM_EXAMPLES[406]) }),
  ];
  // The key's answers (401, 403, 429) are documented by @PublicApi() itself: the route config says what is metered.
  decorators.push(FormattedRoute(doc.response, doc.csvRows));
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
