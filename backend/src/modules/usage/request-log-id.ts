/**
 * Where one request sits in the request log, as its id and as a page's cursor (both are the same opaque text). Two kinds
 * live side by side while usage_records rows are moved into batches (issue 53): a row written before batches, named by
 * its timestamp (PostgreSQL's text, to the microsecond) and id, as every id handed out before batches was; and an event
 * of a batch, named by its time, its batch (id and start, the batch's key) and its 1-based position in the batch.
 *
 * The log's one order, newest first: time, then at the same instant events before rows, then rows by id and events by
 * (batch, position), each descending: a page mixing both kinds pages on without gaps or repeats.
 */
import { UsageProblems } from './usage.errors.js';
import { HOUR_MS } from './usage-batches.js';

export type LogPosition = LegacyRowPosition | BatchEventPosition;

export interface LegacyRowPosition {
  kind: 'row';
  /** PostgreSQL's text form of the row's timestamp. */
  ts: string;
  /** usage_records.id */
  id: string;
}

export interface BatchEventPosition {
  kind: 'event';
  /** The event's time, epoch ms. */
  at: number;
  batch: string;
  /** The batch's start, epoch ms. */
  batchStart: number;
  n: number;
}

/** PostgreSQL's text form of a timestamptz, as a row's id carries it. */
const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(:\d{2})?$/;
const INT8 = /^-?\d{1,19}$/;
const MIN_INT8 = -(2n ** 63n);
const MAX_INT8 = 2n ** 63n - 1n;
/** The tag of an event's id: a row's id is [timestamp, id], an event's [EVENT, batch start, batch, position, time]. */
const EVENT = 'e';
/** 10000-01-01: a time PostgreSQL and the ISO text both take. */
const LAST_MS = 253_402_300_800_000;

/** A row's timestamp in epoch microseconds, or null if it is not PostgreSQL's text of one. */
export function microsOf(ts: string): bigint | null {
  const m = PG_TIMESTAMP.exec(ts);
  if (!m) return null;
  // Every field in its range (Date.parse rolls 30 February over to March; PostgreSQL refuses it).
  const [y, mo, d] = m[1].split('-').map(Number);
  const [h, mi, sec] = m[2].split(':').map(Number);
  const [oh, om] = [Math.abs(Number(m[4])), Number((m[5] ?? ':00').slice(1))];
  if (mo < 1 || mo > 12 || d < 1 || d !== new Date(Date.UTC(y, mo - 1, d)).getUTCDate() || h > 23 || mi > 59 || sec > 59 || oh > 15 || om > 59) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[4]}${m[5] ?? ':00'}`);
  if (Number.isNaN(ms) || ms < 0 || ms >= LAST_MS) return null;
  return BigInt(ms) * 1000n + BigInt((m[3] ?? '').padEnd(6, '0'));
}

export function encodeLogId(p: LogPosition): string {
  const parts = p.kind === 'row' ? [p.ts, p.id] : [EVENT, p.batchStart, p.batch, p.n, p.at];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The position an id or cursor names, or null if it is not one this API handed out. */
export function parseLogId(text: string): LogPosition | null {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts)) return null;
  if (parts.length === 2) {
    const [ts, id] = parts as unknown[];
    if (typeof ts === 'string' && typeof id === 'string' && /^\d{1,18}$/.test(id) && microsOf(ts) !== null) return { kind: 'row', ts, id };
    return null;
  }
  const [tag, batchStart, batch, n, at] = parts as unknown[];
  if (parts.length !== 5 || tag !== EVENT || typeof batch !== 'string' || !INT8.test(batch)) return null;
  if (BigInt(batch) < MIN_INT8 || BigInt(batch) > MAX_INT8) return null;
  if (!Number.isSafeInteger(batchStart) || !Number.isSafeInteger(at) || !Number.isSafeInteger(n)) return null;
  const [start, time, position] = [batchStart as number, at as number, n as number];
  // A batch holds events of one UTC hour (usage-batches.ts).
  if (position < 1 || position >= 2 ** 31 || time < start || time - start >= HOUR_MS || start < 0 || start >= LAST_MS) return null;
  return { kind: 'event', at: time, batch, batchStart: start, n: position };
}

/** A page's cursor: a position, or the 400 invalid_cursor problem. */
export function decodeLogCursor(cursor: string): LogPosition {
  const p = parseLogId(cursor);
  if (!p) throw UsageProblems.invalidCursor();
  return p;
}

/** The position's time in epoch microseconds (a row's exact one, an event's whole milliseconds). */
export function positionMicros(p: LogPosition): bigint {
  return p.kind === 'row' ? microsOf(p.ts)! : BigInt(p.at) * 1000n;
}

/** The log's order, newest first (a sort comparator). */
export function newestFirst(a: LogPosition, b: LogPosition): number {
  const [x, y] = [positionMicros(a), positionMicros(b)];
  if (x !== y) return x < y ? 1 : -1;
  if (a.kind !== b.kind) return a.kind === 'event' ? -1 : 1;
  if (a.kind === 'row' && b.kind === 'row') return compareDesc(BigInt(a.id), BigInt(b.id));
  if (a.kind === 'event' && b.kind === 'event') return compareDesc(BigInt(a.batch), BigInt(b.batch)) || b.n - a.n;
  return 0;
}

function compareDesc(x: bigint, y: bigint): number {
  return x === y ? 0 : x < y ? 1 : -1;
}

/**
 * The keyset bounds a position sets on each kind, for "strictly older than it": rows below a row's (ts, id), or at or
 * before an event's millisecond; events below an event's (time, batch, position), or before a row's microsecond.
 */
export function boundsAfter(p: LogPosition): { rows: { ts: string; id: string | null }; events: { at: number; batch: string; n: number } } {
  if (p.kind === 'row') {
    const us = microsOf(p.ts)!;
    // Events at a millisecond before the row's microsecond (times after 1970): (at, batch, n) < (ceil(us / 1000), min int8, 0).
    return { rows: { ts: p.ts, id: p.id }, events: { at: Number((us + 999n) / 1000n), batch: MIN_INT8.toString(), n: 0 } };
  }
  return { rows: { ts: new Date(p.at).toISOString(), id: null }, events: { at: p.at, batch: p.batch, n: p.n } };
}
