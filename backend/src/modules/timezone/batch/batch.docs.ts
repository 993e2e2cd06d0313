import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { BodyLimit } from '../../../common/http/route-config.js';
import { JsonMembers } from '../../../common/http/json-body.js';
import { ProblemDocumentSchema } from '../../../common/problems/problem.schema.js';
import { problemType } from '../../../common/problems/problem.js';
import { PublicApi, SoldRouteConfig, Weighted } from '../../gateway/sold-route.js';
import type { FastifyRequest } from 'fastify';
import { BatchReply, type BatchAnswer } from './streamed-answer.js';

const problem = (code: string, status: number, title: string, detail: string, extra: Record<string, unknown> = {}) => ({
  'application/problem+json': {
    schema: { $ref: getSchemaPath(ProblemDocumentSchema) },
    example: { type: problemType(code), title, status, detail, code, ...extra },
  },
});

export interface BatchDoc<Row> {
  summary: string;
  description: string;
  response: new () => object;
  rowsField: string;
  /** The CSV columns (one line per item or cell). */
  csvColumns: string[];
  /** A real answer, rendered in the three formats. */
  example: () => BatchAnswer<Row>;
  body: { type: new () => object; examples: Record<string, { summary: string; value: unknown }> };
  bodyLimit: number;
  jsonMembers: number;
  weight: (request: FastifyRequest) => number;
  extra?: MethodDecorator[];
}

/** A streamed batch operation of the sold API: metered by weight, JSON/XML/CSV, documented with a real example. */
export function BatchEndpoint<Row>(doc: BatchDoc<Row>) {
  return applyDecorators(
    PublicApi(),
    Weighted(doc.weight),
    BodyLimit(doc.bodyLimit),
    JsonMembers(doc.jsonMembers),
    // JSON, XML or CSV negotiated by the gateway (406 before any work); the answer is streamed, not serialized whole.
    SoldRouteConfig({ formats: { csvRows: doc.rowsField, columns: { row: doc.csvColumns, shared: [] } } }),
    ApiExtraModels(ProblemDocumentSchema, doc.response),
    ApiOperation({ summary: doc.summary, description: doc.description }),
    ApiQuery({ name: 'format', required: false, enum: ['json', 'xml', 'csv'], description: 'Answer format; overrides Accept. Anything else is 406.' }),
    ApiBody({ type: doc.body.type, examples: doc.body.examples as never }),
    ApiResponse({
      status: 200,
      description: 'OK, streamed as it is computed. JSON by default; XML or CSV on request (CSV: one line per item or cell, nested fields as dotted columns).',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(doc.response) }, example: JSON.parse(BatchReply.text(doc.example(), 'json')) },
        'application/xml': { schema: { type: 'string' }, example: BatchReply.text(doc.example(), 'xml') },
        'text/csv': { schema: { type: 'string' }, example: BatchReply.text(doc.example(), 'csv') },
      },
    }),
    ApiResponse({
      status: 400,
      description: 'The envelope is invalid (problem+json); a bad item is answered in its own row, not here.',
      content: problem('validation_failed', 400, 'Validation failed', 'instants must contain no more than 1000 elements', {
        errors: [{ field: 'instants', message: 'instants must contain no more than 1000 elements' }],
      }),
    }),
    ApiResponse({
      status: 406,
      description: 'The requested format is not offered.',
      content: problem('not_acceptable', 406, 'Not Acceptable', 'Format "yaml" is not offered.'),
    }),
    ApiResponse({
      status: 413,
      description: 'The body is larger than the operation takes.',
      content: problem('payload_too_large', 413, 'Payload Too Large', 'Request body is too large.'),
    }),
    ...(doc.extra ?? []),
  );
}
