import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { formatInstant, formatOffset } from '../engine/civil.js';
import { parseDateTime } from '../engine/local-time.js';
import type { TimeEngine } from '../engine/time-engine.js';
import { timezoneProblem } from '../timezone.errors.js';
import { itemError, utcText, type ItemError } from './batch-items.js';
import type { BatchAnswer, CsvCell } from './streamed-answer.js';

/** The largest matrix one call answers (decisions §9): 1,000 instants × 50 zones. */
export const MATRIX_MAX_INSTANTS = 1000;
export const MATRIX_MAX_ZONES = 50;

/** A column of the matrix: the zone as asked, its canonical name, or why it is not one. */
export interface MatrixZone {
  timeZone: string;
  canonical?: string;
  error?: ItemError;
}

export interface MatrixCell {
  timeZone: string;
  localDateTime?: string;
  utcOffset?: string;
  abbreviation?: string;
  dst?: boolean;
  error?: ItemError;
}

export interface MatrixRow {
  instant: string;
  utc?: string;
  cells: MatrixCell[];
  error?: ItemError;
}

export const MATRIX_CSV_COLUMNS = ['instant', 'utc', 'timeZone', 'localDateTime', 'utcOffset', 'abbreviation', 'dst', 'error.code', 'error.detail'];

interface Column {
  zone: MatrixZone;
  clock: CompiledZone | null;
}

function column(engine: TimeEngine, name: unknown, index: number): Column {
  const asked = typeof name === 'string' ? name : String(name);
  try {
    if (typeof name !== 'string' || name.trim() === '')
      throw timezoneProblem('invalid_timezone', `timeZones[${index}] is not a zone name.`, `timeZones[${index}]`);
    const zone = engine.zone(name, `timeZones[${index}]`);
    return { zone: { timeZone: asked, canonical: zone.canonical }, clock: engine.clock(zone.canonical) };
  } catch (err) {
    return { zone: { timeZone: asked, error: itemError(err) }, clock: null };
  }
}

function matrixRow(instant: unknown, index: number, columns: Column[]): MatrixRow {
  const asked = typeof instant === 'string' ? instant : String(instant);
  let epochMs: number;
  try {
    if (typeof instant !== 'string') throw timezoneProblem('invalid_datetime', `instants[${index}] is not a date-time string.`, `instants[${index}]`);
    const parsed = parseDateTime(instant, `instants[${index}]`);
    if (parsed.offsetSeconds === null)
      throw timezoneProblem('invalid_datetime', `instants[${index}] "${instant}" has no offset: an instant needs Z or ±hh:mm.`, `instants[${index}]`);
    epochMs = parsed.civil - parsed.offsetSeconds * 1000;
  } catch (err) {
    return { instant: asked, cells: [], error: itemError(err) };
  }
  const cells = columns.map(({ zone, clock }): MatrixCell => {
    if (!clock) return { timeZone: zone.timeZone, error: zone.error };
    const period = clock.periodAt(epochMs);
    try {
      return {
        timeZone: zone.canonical!,
        localDateTime: formatInstant(epochMs, period.offsetSeconds),
        utcOffset: formatOffset(period.offsetSeconds),
        abbreviation: period.abbreviation,
        dst: period.dst,
      };
    } catch (err) {
      return { timeZone: zone.canonical!, error: itemError(err) };
    }
  });
  return { instant: asked, utc: utcText(epochMs), cells };
}

function csvLines(row: MatrixRow, columns: Column[]): Record<string, CsvCell>[] {
  const base = { instant: row.instant, utc: row.utc };
  if (row.error) return columns.map(({ zone }) => ({ ...base, timeZone: zone.timeZone, 'error.code': row.error!.code, 'error.detail': row.error!.detail }));
  return row.cells.map((c) => ({
    ...base,
    timeZone: c.timeZone,
    localDateTime: c.localDateTime,
    utcOffset: c.utcOffset,
    abbreviation: c.abbreviation,
    dst: c.dst,
    'error.code': c.error?.code,
    'error.detail': c.error?.detail,
  }));
}

/**
 * Every instant in every zone, computed row by row as the answer is written. A bad zone is an error in its column
 * (every cell of it), a bad instant an error on its row; the call itself answers 200.
 */
export function matrixAnswer(engine: TimeEngine, instants: unknown[], timeZones: unknown[]): BatchAnswer<MatrixRow> {
  const columns = timeZones.map((z, i) => column(engine, z, i));
  let errors = 0;
  function* rows(): Generator<MatrixRow> {
    for (let i = 0; i < instants.length; i++) {
      const row = matrixRow(instants[i], i, columns);
      errors += row.error ? columns.length : row.cells.filter((c) => c.error).length;
      yield row;
    }
  }
  return {
    head: { tzdbVersion: engine.release.version, instants: instants.length, timeZones: columns.map((c) => c.zone) as never },
    rowsField: 'rows',
    rows: rows(),
    json: (row) => row as never,
    csvColumns: MATRIX_CSV_COLUMNS,
    csvLines: (row) => csvLines(row, columns),
    tail: () => ({ cells: instants.length * timeZones.length, errors }),
  };
}
