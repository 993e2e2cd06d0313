/**
 * One flush of usage rows as batches (issue 53): one batch per account, its events as parallel arrays in the order
 * they happened, with the summary the request log skips on. UsageBatchRepository writes them; the layout is
 * Migration20261129100000_usage_batches's.
 */
import type { UsageRow } from './usage-record.js';

/**
 * A batch ready to insert: the per-event arrays as PostgreSQL array literals built here (pg's generic array encoding
 * and JavaScript's number-to-text of floats and int8s were most of a flush's cost in the API process), the small
 * dictionaries as JS arrays (pg escapes them).
 */
export interface UsageBatch {
  userId: string;
  /** The first event's write-ahead row id, or null (a sequence gives one). */
  id: number | null;
  startsAt: number;
  endsAt: number;
  events: number;
  requestIdMin: string | null;
  requestIdMax: string | null;
  classes: string;
  statuses: string;
  /**
   * Each (key, status class) pair the batch holds, as the key's 1-based index in `keys` × 8 + the class: a rare key's 4xx
   * skips the hours where the key and some 4xx occur apart (the request log at 10 M events: key + 4xx p95 116 ms).
   */
  keyClasses: string;
  keys: string[];
  endpoints: string[];
  methods: string[];
  ips: (string | null)[];
  rowIds: string | null;
  offsetsMs: string;
  statusCodes: string;
  responseMs: string;
  keyIdx: string;
  endpointIdx: string;
  methodIdx: string;
  ipIdx: string;
  requestIds: string;
  problemCodes: string;
  queries: string;
}

/** A 1-based dictionary: the index of each distinct value, in order of first use. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly index = new Map<T, number>();
  private last: T | undefined;
  private lastIndex = 0;

  of(value: T): number {
    // Consecutive events mostly repeat the previous value.
    if (this.lastIndex && value === this.last) return this.lastIndex;
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.push(value);
      this.index.set(value, i);
    }
    this.last = value;
    this.lastIndex = i;
    return i;
  }
}

const literal = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

const ZEROS = ['', '0', '00', '000', '0000', '00000'];
/** An int8 as text: past int4, as two halves, whose conversions are V8's fast ones (a row id is 13 to 16 digits). */
export function int8Text(v: number): string {
  if (v < 2_147_483_648 || !Number.isSafeInteger(v)) return String(v);
  const low = v % 1_000_000;
  const lowText = String(low);
  return `${(v - low) / 1_000_000}${ZEROS[6 - lowText.length]}${lowText}`;
}

/** A response time as text: hundredths of a millisecond (what metering records) as two integers, anything else as it is. */
export function msText(v: number): string {
  const h = Math.round(v * 100);
  if (h / 100 !== v || h < 0 || h > 2_147_483_647) return String(v);
  const cents = h % 100;
  return `${(h - cents) / 100}${cents < 10 ? '.0' : '.'}${cents}`;
}

const numbers = (values: readonly number[], text: (v: number) => string): string => {
  let out = '{';
  for (let i = 0; i < values.length; i++) out += i ? `,${text(values[i])}` : text(values[i]);
  return `${out}}`;
};

const QUOTED = /["\\]/;
/** A text[] literal: every element quoted (backslash and double quote escaped), null as NULL. */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const element = v === null ? 'NULL' : QUOTED.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
    out += i ? `,${element}` : element;
  }
  return `${out}}`;
}

/** A (key, status class) pair of a batch's summary is key index × KEY_CLASS_STRIDE + class (classes are 1 to 5). */
export const KEY_CLASS_STRIDE = 8;

/** The longest a batch spans: it holds events of one UTC hour. */
export const HOUR_MS = 3_600_000;

/**
 * The rows grouped by account, each group sorted by time (stable, so rows of one millisecond keep their order): one
 * batch per account and UTC hour. A row's timestamp is whole epoch milliseconds (the recorder's Date.now()); a fraction is dropped.
 */
export function toBatches(rows: readonly UsageRow[]): UsageBatch[] {
  const byUser = new Map<string, UsageRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId);
    if (list) list.push(row);
    else byUser.set(row.userId, [row]);
  }
  const batches: UsageBatch[] = [];
  for (const [userId, list] of [...byUser.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let sorted = true;
    for (let i = 1; i < list.length && sorted; i++) sorted = list[i - 1].timestamp <= list[i].timestamp;
    if (!sorted) list.sort((a, b) => a.timestamp - b.timestamp);
    // A batch never spans two UTC hours, so a read bounds its batches' starts (and the partitions it plans) by its range.
    let from = 0;
    for (let i = 1; i <= list.length; i++) {
      if (i < list.length && Math.floor(list[i].timestamp / HOUR_MS) === Math.floor(list[from].timestamp / HOUR_MS)) continue;
      batches.push(toBatch(userId, from === 0 && i === list.length ? list : list.slice(from, i)));
      from = i;
    }
  }
  return batches;
}

/**
 * One account's rows as one batch, in the order given: toBatches hands them in time order; compaction hands merged
 * batches one after the other (positions shift by whole batches), so the batch spans its earliest to its latest event.
 */
export function toBatch(userId: string, rows: readonly UsageRow[]): UsageBatch {
  const n = rows.length;
  let startsAt = Math.floor(rows[0].timestamp);
  let endsAt = startsAt;
  for (let i = 1; i < n; i++) {
    const t = Math.floor(rows[i].timestamp);
    if (t < startsAt) startsAt = t;
    else if (t > endsAt) endsAt = t;
  }
  const keys = new Dictionary<string>();
  const endpoints = new Dictionary<string>();
  const methods = new Dictionary<string>();
  const ips = new Dictionary<string | null>();
  const classes = new Set<number>();
  const statuses = new Set<number>();
  const keyClasses = new Set<number>();
  const offsets = new Array<number>(n);
  const codes = new Array<number>(n);
  const ms = new Array<number>(n);
  const keyIdx = new Array<number>(n);
  const endpointIdx = new Array<number>(n);
  const methodIdx = new Array<number>(n);
  const ipIdx = new Array<number>(n);
  const requestIds = new Array<string | null>(n);
  const problemCodes = new Array<string | null>(n);
  const queries = new Array<string | null>(n);
  const rowIds = new Array<number>(n);
  let withIds = true;
  let min: string | null = null;
  let max: string | null = null;
  // The summary's sets change only when the status or the key does (consecutive events mostly repeat both).
  let lastStatus = -1;
  let lastKey = -1;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    offsets[i] = Math.floor(row.timestamp) - startsAt;
    codes[i] = row.statusCode;
    ms[i] = Number.isFinite(row.responseMs) ? row.responseMs : 0;
    keyIdx[i] = keys.of(row.keyId);
    if (row.statusCode !== lastStatus || keyIdx[i] !== lastKey) {
      lastStatus = row.statusCode;
      lastKey = keyIdx[i];
      const statusClass = Math.floor(row.statusCode / 100);
      statuses.add(row.statusCode);
      classes.add(statusClass);
      keyClasses.add(lastKey * KEY_CLASS_STRIDE + statusClass);
    }
    endpointIdx[i] = endpoints.of(row.endpoint);
    methodIdx[i] = methods.of(row.method);
    ipIdx[i] = ips.of(row.ipAddress ?? null);
    const rid = row.requestId ?? null;
    requestIds[i] = rid;
    if (rid !== null) {
      if (min === null || rid < min) min = rid;
      if (max === null || rid > max) max = rid;
    }
    problemCodes[i] = row.problemCode ?? null;
    queries[i] = row.query ?? null;
    if (row.rowId === undefined) withIds = false;
    else rowIds[i] = row.rowId;
  }
  const ascending = (s: Set<number>) => literal([...s].sort((a, b) => a - b));
  return {
    userId,
    id: withIds ? rowIds[0] : null,
    startsAt,
    endsAt,
    events: n,
    requestIdMin: min,
    requestIdMax: max,
    classes: ascending(classes),
    statuses: ascending(statuses),
    keyClasses: ascending(keyClasses),
    keys: keys.values,
    endpoints: endpoints.values,
    methods: methods.values,
    ips: ips.values,
    rowIds: withIds ? numbers(rowIds, int8Text) : null,
    offsetsMs: literal(offsets),
    statusCodes: literal(codes),
    responseMs: numbers(ms, msText),
    keyIdx: literal(keyIdx),
    endpointIdx: literal(endpointIdx),
    methodIdx: literal(methodIdx),
    ipIdx: literal(ipIdx),
    requestIds: textArrayLiteral(requestIds),
    problemCodes: textArrayLiteral(problemCodes),
    queries: textArrayLiteral(queries),
  };
}

export interface QuarterRollup {
  startsAt: number;
  userId: string;
  keyId: string;
  endpoint: string;
  statusCode: number;
  count: number;
  totalMs: number;
}

const QUARTER_MS = 15 * 60_000;

/** The rows' UTC quarter-hour roll-ups in primary-key order (the lock order concurrent flushes share). */
export function quarterRollups(rows: readonly UsageRow[]): QuarterRollup[] {
  const rollups = new Map<string, QuarterRollup>();
  // Consecutive rows of one caller mostly fall in the same roll-up: it is looked up again only when a field changes.
  let agg: QuarterRollup | undefined;
  for (const row of rows) {
    const startsAt = Math.floor(row.timestamp / QUARTER_MS) * QUARTER_MS;
    if (
      agg === undefined ||
      agg.startsAt !== startsAt ||
      agg.userId !== row.userId ||
      agg.keyId !== row.keyId ||
      agg.endpoint !== row.endpoint ||
      agg.statusCode !== row.statusCode
    ) {
      const id = `${row.userId}|${String(startsAt).padStart(15, '0')}|${row.keyId}|${row.endpoint}|${row.statusCode}`;
      agg = rollups.get(id);
      if (!agg) {
        agg = { startsAt, userId: row.userId, keyId: row.keyId, endpoint: row.endpoint, statusCode: row.statusCode, count: 0, totalMs: 0 };
        rollups.set(id, agg);
      }
    }
    agg.count++;
    agg.totalMs += Number.isFinite(row.responseMs) ? row.responseMs : 0;
  }
  return [...rollups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}
