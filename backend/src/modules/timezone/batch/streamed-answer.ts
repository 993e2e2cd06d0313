import { Readable } from 'node:stream';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvTextCell } from '../../../common/http/csv-cells.js';
import { CONTENT_TYPES, negotiateFormat, type ResponseFormat } from '../../gateway/formats.js';
import { inTurns, SliceClock } from './loop-slices.js';

export type Plain = string | number | boolean | null | undefined | Plain[] | { [key: string]: Plain };
export type CsvCell = string | number | boolean | null | undefined;

/**
 * A batch answer written as it is computed: `head` fields, then `rowsField` with one entry per row, then the `tail`
 * fields (known only at the end: counts). CSV is one line per `csvLines` record under `csvColumns`.
 */
export interface BatchAnswer<Row> {
  head: Record<string, Plain>;
  rowsField: string;
  rows: Iterable<Row>;
  json: (row: Row) => Plain;
  csvColumns: string[];
  csvLines: (row: Row) => Iterable<Record<string, CsvCell>>;
  tail?: () => Record<string, Plain>;
}

/** Chunks handed to the socket: large enough to be cheap, small enough that memory stays flat. */
const CHUNK_CHARS = 16 * 1024;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The gateway's XML shape (formats.ts toXml): arrays as <field><item>…</item></field>, empty values left out. */
export function xmlElement(name: string, value: Plain): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return `<${name}>${value.map((v) => xmlElement('item', v)).join('')}</${name}>`;
  if (typeof value === 'object') {
    let inner = '';
    for (const [k, v] of Object.entries(value)) inner += xmlElement(k, v);
    return inner ? `<${name}>${inner}</${name}>` : '';
  }
  return `<${name}>${String(value).replace(/[&<>"']/g, (c) => XML_ESCAPES[c])}</${name}>`;
}

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvTextCell(value);
  return String(value);
}

function* pieces<Row>(answer: BatchAnswer<Row>, format: ResponseFormat): Generator<string> {
  if (format === 'csv') {
    yield answer.csvColumns.map(csvTextCell).join(',');
    for (const row of answer.rows) for (const line of answer.csvLines(row)) yield '\n' + answer.csvColumns.map((c) => csvCell(line[c])).join(',');
    yield '\n';
    return;
  }
  if (format === 'xml') {
    yield '<?xml version="1.0" encoding="UTF-8"?><response>';
    for (const [k, v] of Object.entries(answer.head)) yield xmlElement(k, v);
    yield `<${answer.rowsField}>`;
    for (const row of answer.rows) yield xmlElement('item', answer.json(row));
    yield `</${answer.rowsField}>`;
    for (const [k, v] of Object.entries(answer.tail?.() ?? {})) yield xmlElement(k, v);
    yield '</response>';
    return;
  }
  const head = JSON.stringify(answer.head);
  yield `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(answer.rowsField)}:[`;
  let first = true;
  for (const row of answer.rows) {
    yield (first ? '' : ',') + JSON.stringify(answer.json(row));
    first = false;
  }
  const tail = JSON.stringify(answer.tail?.() ?? {});
  yield `]${tail.length > 2 ? ',' + tail.slice(1) : '}'}`;
}

function* chunked(source: Iterable<string>): Generator<string> {
  let buffer = '';
  for (const piece of source) {
    buffer += piece;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/**
 * The answer as a stream: rows are computed only as the socket takes them (Readable.from pulls the generator), so a
 * 50,000-cell matrix never exists whole in memory, in any format. Each chunk is computed in its own turn of the event
 * loop (inTurns): a large batch holds the loop for one chunk's work at a time, not for the whole answer.
 */
export function streamBatch<Row>(answer: BatchAnswer<Row>, format: ResponseFormat): Readable {
  return Readable.from(inTurns(chunked(pieces(answer, format))), { objectMode: false, highWaterMark: CHUNK_CHARS });
}

/** Where a batch route writes its streamed answer: the negotiated format (406 already answered by the gateway). */
export class BatchReply {
  constructor(
    readonly format: ResponseFormat,
    private readonly reply: FastifyReply,
  ) {}

  send<Row>(answer: BatchAnswer<Row>): Readable {
    this.reply.header('Content-Type', CONTENT_TYPES[this.format]);
    return streamBatch(answer, this.format);
  }

  /** The whole answer as one object (MCP tools, which answer one JSON document under a size ceiling). */
  static async whole<Row>(answer: BatchAnswer<Row>): Promise<Record<string, Plain>> {
    const rows: Plain[] = [];
    const clock = new SliceClock();
    for (const row of answer.rows) {
      rows.push(answer.json(row));
      await clock.pause();
    }
    return { ...answer.head, [answer.rowsField]: rows, ...answer.tail?.() };
  }

  /** The whole answer as text (the OpenAPI examples). */
  static text<Row>(answer: BatchAnswer<Row>, format: ResponseFormat = 'json'): string {
    return [...pieces(answer, format)].join('');
  }
}

/** The batch reply of a streamed @PublicApi() route: the format the gateway negotiated and the reply to stream to. */
export const StreamedReply = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const format = negotiateFormat((request.query as { format?: unknown } | undefined)?.format, request.headers.accept);
  return new BatchReply(format, ctx.switchToHttp().getResponse<FastifyReply>());
});
