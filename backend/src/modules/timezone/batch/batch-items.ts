import { ProblemException } from '../../../common/problems/problem.js';
import type { CsvCell, Plain } from './streamed-answer.js';

/** One item's problem: the code and detail the single-item endpoint would answer with, the call itself succeeds. */
export interface ItemError {
  code: string;
  detail: string;
}

/** A thrown problem (or anything else) as an item's error. */
export function itemError(err: unknown): ItemError {
  if (err instanceof ProblemException) {
    const doc = err.toDocument();
    return { code: doc.code, detail: String(doc.detail ?? doc.title) };
  }
  throw err;
}

/** One request per 100 items or cells, at least one (decisions §9). */
export function batchWeight(items: number): number {
  return Math.max(1, Math.ceil(items / 100));
}

/** The value at a dotted path of a row, for its CSV line. */
export function flatten(row: Plain, columns: string[]): Record<string, CsvCell> {
  const out: Record<string, CsvCell> = {};
  for (const column of columns) {
    let value: Plain = row;
    for (const part of column.split('.')) value = value && typeof value === 'object' && !Array.isArray(value) ? value[part] : undefined;
    out[column] = value === null || value === undefined || typeof value !== 'object' ? value : JSON.stringify(value);
  }
  return out;
}

/** "2024-07-01T09:00:00+00:00" → "2024-07-01T09:00:00Z". */
export function utcText(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return iso.endsWith('.000Z') ? iso.slice(0, -5) + 'Z' : iso;
}
