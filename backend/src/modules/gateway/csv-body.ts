import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../../common/problems/problem.js';

/** A text/csv body as parsed: the header row's names and one record per following row. */
export interface CsvBody {
  kind: 'csv';
  columns: string[];
  rows: Record<string, string>[];
}

export function isCsvBody(body: unknown): body is CsvBody {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'csv' && Array.isArray((body as CsvBody).rows);
}

/** Rows a CSV body may carry; the batch routes refuse more than their own limit with a clearer message. */
const MAX_ROWS = 100_000;

const tooLarge = (detail: string) => new ProblemException({ status: 413, code: 'payload_too_large', title: 'Payload Too Large', detail });

/**
 * RFC 4180 read as the bytes arrive: quoted cells (with "" and line breaks inside), CRLF or LF, the first row naming
 * the columns. Only the rows are kept, never the raw body; the route's body limit is counted here too.
 */
export class CsvRowReader {
  readonly columns: string[] = [];
  readonly rows: Record<string, string>[] = [];
  private cell = '';
  private row: string[] = [];
  private quoted = false;
  /** Just left a quoted stretch: a quote now is an escaped quote. */
  private quoteClosed = false;
  private bytes = 0;

  constructor(private readonly limit: number) {}

  push(chunk: string, size: number): void {
    this.bytes += size;
    if (this.bytes > this.limit) throw tooLarge(`The CSV body is larger than ${this.limit} bytes.`);
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false;
          this.quoteClosed = true;
        } else this.cell += c;
        continue;
      }
      if (c === '"') {
        if (this.quoteClosed) this.cell += '"';
        this.quoted = true;
        this.quoteClosed = false;
        continue;
      }
      this.quoteClosed = false;
      if (c === ',') this.endCell();
      else if (c === '\n') this.endRow();
      else if (c !== '\r') this.cell += c;
    }
  }

  end(): CsvBody {
    if (this.cell !== '' || this.row.length > 0) this.endRow();
    return { kind: 'csv', columns: this.columns, rows: this.rows };
  }

  private endCell(): void {
    this.row.push(this.cell);
    this.cell = '';
  }

  private endRow(): void {
    this.endCell();
    const row = this.row;
    this.row = [];
    if (row.length === 1 && row[0].trim() === '') return;
    if (this.columns.length === 0) {
      this.columns.push(...row.map((c) => c.trim()));
      return;
    }
    if (this.rows.length >= MAX_ROWS) throw tooLarge(`The CSV body has more than ${MAX_ROWS} rows.`);
    const record: Record<string, string> = {};
    for (let i = 0; i < this.columns.length; i++) record[this.columns[i]] = (row[i] ?? '').trim();
    this.rows.push(record);
  }
}

/**
 * Fastify's parser for text/csv bodies (reachable only on routes marked AcceptsCsvBody: the app's body rule answers
 * 415 for a CSV elsewhere). Decodes UTF-8 across chunk boundaries and parses as it reads.
 */
export function csvBodyParser(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream & { setEncoding?: unknown },
  done: (err: Error | null, body?: unknown) => void,
): void {
  const limit = request.routeOptions?.bodyLimit ?? 1024 * 1024;
  const reader = new CsvRowReader(limit);
  const decoder = new TextDecoder('utf-8');
  let failed = false;
  payload.on('data', (chunk: Buffer) => {
    if (failed) return;
    try {
      reader.push(decoder.decode(chunk, { stream: true }), chunk.length);
    } catch (err) {
      failed = true;
      done(err as Error);
    }
  });
  payload.on('end', () => {
    if (failed) return;
    try {
      reader.push(decoder.decode(), 0);
      done(null, reader.end());
    } catch (err) {
      done(err as Error);
    }
  });
  payload.on('error', (err: Error) => {
    if (!failed) done(err);
    failed = true;
  });
}
