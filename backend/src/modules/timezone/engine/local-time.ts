import { timezoneProblem } from '../timezone.errors.js';
import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { civilMs, daysInMonth, formatCivil, formatInstant, MS_PER_DAY } from './civil.js';

/** Temporal's vocabulary for wall-clock times that occur zero or two times. */
export const DST_AMBIGUITY = ['earlier', 'later', 'compatible', 'reject'] as const;
export type DstAmbiguity = (typeof DST_AMBIGUITY)[number];

export interface ParsedDateTime {
  /** Wall-clock reading as civil ms. */
  civil: number;
  /** Offset written in the input (Z = 0), in seconds, or null when the input had none. */
  offsetSeconds: number | null;
}

/** Years of any length are read (and refused outside 0001-9999 with that reason), not only ISO's 4 or ±6 digits. */
const DATE_TIME = /^([+-]?\d{4,9})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/;

/** Parses ISO 8601 date-times (with or without offset) and plain dates (midnight). */
export function parseDateTime(input: string, field: string): ParsedDateTime {
  const m = DATE_TIME.exec(input.trim());
  const bad = (why: string) =>
    timezoneProblem('invalid_datetime', `${field} "${input}" ${why}. Use ISO 8601, e.g. 2024-03-31T01:30:00 or 2024-03-31T01:30:00+01:00.`, field);
  if (!m) {
    // In a query string an unencoded "+" arrives as a space: "…T09:00:00 01:00" was "…T09:00:00+01:00".
    if (UNENCODED_PLUS.test(input)) {
      throw timezoneProblem(
        'invalid_datetime',
        `${field} "${input}" has a space where its offset's "+" belongs: in a query string "+" means a space. Encode it as %2B (e.g. 2024-07-01T09:00:00%2B01:00).`,
        field,
      );
    }
    throw bad('is not an ISO 8601 date-time');
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', off] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < 1 || year > 9999) throw bad('has a year outside 0001-9999');
  if (month < 1 || month > 12) throw bad('has no such month');
  if (day < 1 || day > daysInMonth(year, month)) throw bad('has no such day');
  if (hour > 23 || minute > 59 || second > 59) throw bad('has no such time of day');
  if (off !== undefined && m[4] === undefined) throw bad('has an offset but no time');
  const ms = Number((frac + '000').slice(0, 3));
  let offsetSeconds: number | null = null;
  if (off !== undefined) {
    if (off === 'Z' || off === 'z') offsetSeconds = 0;
    else {
      const sign = off[0] === '-' ? -1 : 1;
      const digits = off.slice(1).replace(/:/g, '');
      const oh = Number(digits.slice(0, 2));
      const om = Number(digits.slice(2, 4) || '0');
      const os = Number(digits.slice(4, 6) || '0');
      if (oh > 18 || om > 59 || os > 59) throw bad('has an offset out of range');
      // RFC 3339 §4.3: -00:00 says the offset is unknown, which is not UTC.
      if (sign < 0 && oh === 0 && om === 0 && os === 0)
        throw bad('has the offset -00:00, which means "offset unknown" (RFC 3339), not UTC: send Z or +00:00 for UTC, or no offset to read it in the zone');
      offsetSeconds = sign * (oh * 3600 + om * 60 + os);
    }
  }
  return { civil: civilMs(year, month, day, hour, minute, second, ms), offsetSeconds };
}

/** A date-time whose offset sign became a space (an unencoded "+" in a query string). */
const UNENCODED_PLUS = /^\s*[+-]?\d{4,6}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)? \d{2}(?::?\d{2}(?::?\d{2})?)?\s*$/;

/** Any year, so an out-of-range one is told as such (not as a malformed date). */
const DATE_ONLY = /^([+-]?\d{1,9})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD into civil ms at midnight. */
export function parseDate(input: string, field = 'date'): number {
  const m = DATE_ONLY.exec(input.trim());
  const bad = () => timezoneProblem('invalid_date', `${field} "${input}" is not a calendar date in the form YYYY-MM-DD.`, field);
  if (!m) throw bad();
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || year > 9999)
    throw timezoneProblem('invalid_date', `${field} "${input}" is outside the years the API computes: 0001-01-01 to 9999-12-31.`, field);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw bad();
  return civilMs(year, month, day);
}

export interface LocalResolution {
  epochMs: number;
  offsetSeconds: number;
  ambiguous: boolean;
  /** Both instants of a repeated wall-clock time, earlier first; empty otherwise. */
  options: { epochMs: number; offsetSeconds: number }[];
  /** Set when the wall-clock time fell in a gap and a dstAmbiguity choice moved it. */
  gap: { start: string; end: string; firstValid: string } | null;
}

/** Instants whose wall clock in `clock`'s zone reads `civil`, earliest first (0, 1 or 2 of them). */
export function possibleInstants(clock: CompiledZone, civil: number): { epochMs: number; offsetSeconds: number }[] {
  const before = clock.offsetAt(civil - MS_PER_DAY);
  const after = clock.offsetAt(civil + MS_PER_DAY);
  const out: { epochMs: number; offsetSeconds: number }[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const epochMs = civil - offset * 1000;
    if (clock.offsetAt(epochMs) === offset) out.push({ epochMs, offsetSeconds: offset });
  }
  return out.sort((a, b) => a.epochMs - b.epochMs);
}

/**
 * Maps a wall-clock time in a zone to an instant. With no choice: gaps are refused
 * (invalid_local_time naming the gap) and repeated times answer the earlier instant, flagged.
 */
export function resolveLocal(clock: CompiledZone, civil: number, choice: DstAmbiguity | undefined, field = 'dateTime'): LocalResolution {
  const candidates = possibleInstants(clock, civil);
  if (candidates.length === 1) return { ...candidates[0], ambiguous: false, options: [], gap: null };
  if (candidates.length === 2) {
    if (choice === 'reject') {
      throw timezoneProblem(
        'invalid_local_time',
        `${formatCivil(civil)} occurs twice in ${clock.name} (${candidates.map((c) => formatInstant(c.epochMs, c.offsetSeconds)).join(' and ')}); dstAmbiguity=reject refuses it.`,
        field,
        { kind: 'overlap', options: candidates.map((c) => formatInstant(c.epochMs, c.offsetSeconds)) },
      );
    }
    const pick = choice === 'later' ? candidates[1] : candidates[0];
    return { ...pick, ambiguous: true, options: candidates, gap: null };
  }
  // Gap: the offsets on either side of the skipped stretch.
  const before = clock.offsetAt(civil - MS_PER_DAY);
  const after = clock.offsetAt(civil + MS_PER_DAY);
  const readWithBefore = civil - before * 1000;
  const at = clock.previousTransition(readWithBefore, 1)?.at ?? readWithBefore;
  const gap = {
    start: formatCivil(at + before * 1000),
    end: formatCivil(at + after * 1000),
    firstValid: formatInstant(at, after),
  };
  if (choice === undefined || choice === 'reject') {
    throw timezoneProblem(
      'invalid_local_time',
      `${formatCivil(civil)} does not exist in ${clock.name}: clocks jump from ${gap.start} to ${gap.end}. The first valid time after the gap is ${gap.firstValid}.`,
      field,
      { kind: 'gap', gapStart: gap.start, gapEnd: gap.end, firstValidTime: gap.firstValid },
    );
  }
  // Temporal: 'earlier' reads the time with the offset after the gap, 'later'/'compatible' with the one before.
  const offset = choice === 'earlier' ? after : before;
  const epochMs = civil - offset * 1000;
  return { epochMs, offsetSeconds: clock.offsetAt(epochMs), ambiguous: false, options: [], gap };
}
