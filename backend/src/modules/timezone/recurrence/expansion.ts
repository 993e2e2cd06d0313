import { RRuleTemporal } from 'rrule-temporal';
import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { civilFields, formatCivil, formatInstant, MS_PER_DAY, MS_PER_HOUR } from '../engine/civil.js';
import { readEvent, type EventReading } from '../batch/event-reading.js';
import { MAX_OCCURRENCES, RecurrenceProblems } from './recurrence.errors.js';
import { RULE_YEARS, type RecurrenceRule, type RuleMoment, type RuleSet } from './rule-set.js';

/** One occurrence: the wall-clock time the rule names, and where it lands in the zone (RFC 5545's gap rule applied). */
export interface Occurrence extends EventReading {
  /** The wall-clock time the rule set names (in a gap, the time that does not exist). */
  scheduled: string;
  /** The local time it happens at, with the offset in force then. */
  localDateTime: string;
  /** Which line made it: an RRULE or an RDATE. */
  source: 'rrule' | 'rdate';
}

/** Instants bounding an expansion (either may be open). */
export interface Window {
  from: number | null;
  to: number | null;
}

/** Zones the rule set's lines name, read by the caller (the time engine, or a stored release). */
export type ZoneOf = (tzid: string) => CompiledZone;

/** Periods of FREQ the library walks to find occurrences before it gives up (bounds a rule that rarely or never matches). */
const MAX_PERIODS = 5000;
/** Offsets are within ±26 hours of UTC: a floating (wall-clock) window this much wider holds every instant of the real one. */
const OFFSET_MARGIN = 27 * MS_PER_HOUR;
const FLOATING_END = Date.UTC(RULE_YEARS.to + 1, 0, 1);
const FLOATING_START = Date.UTC(RULE_YEARS.from, 0, 1);
/** How long one period of each frequency lasts at least, to size the first slice of a window. */
const PERIOD_MS: Record<string, number> = {
  YEARLY: 365 * MS_PER_DAY,
  MONTHLY: 28 * MS_PER_DAY,
  WEEKLY: 7 * MS_PER_DAY,
  DAILY: MS_PER_DAY,
  HOURLY: MS_PER_HOUR,
  MINUTELY: 60_000,
  SECONDLY: 1000,
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A civil reading as RFC 5545 writes it (20270301T093000). */
function icsText(civil: number): string {
  const f = civilFields(civil);
  return `${pad(f.year, 4)}${pad(f.month)}${pad(f.day)}T${pad(f.hour)}${pad(f.minute)}${pad(f.second)}`;
}

/** A library ZonedDateTime in UTC as civil ms: the rule is expanded in floating time, so its UTC fields are the wall clock. */
const floating = (z: { epochMilliseconds: number }) => z.epochMilliseconds;

/**
 * The rule's wall-clock readings (floating, the zone not yet applied) from `lo` to `hi`, at most `limit` + 1 of them.
 * rrule-temporal walks the calendar in UTC, which has no gaps: the zone is applied afterwards, reading by reading.
 */
function floatingReadings(rule: RecurrenceRule, start: number, lo: number, hi: number, limit: number): number[] {
  const until = rule.until && !rule.until.utc ? Math.min(rule.until.civil, hi) : rule.until ? Math.min(rule.until.civil + OFFSET_MARGIN, hi) : hi;
  // UNTIL in the text bounds the library's walk too (it takes it beside COUNT): never past the years rule sets cover.
  const make = (end: number) =>
    new RRuleTemporal({
      rruleString: `DTSTART;TZID=UTC:${icsText(start)}\nRRULE:${rule.text};UNTIL=${icsText(Math.min(end, FLOATING_END))}Z`,
      tzid: 'UTC',
      maxIterations: MAX_PERIODS,
      cache: false,
    });
  try {
    if (rule.count !== null) return make(until).all().map(floating);
    // Slices that double in length: a dense rule stops after a short slice, a sparse one reaches far in a few.
    const out: number[] = [];
    let sliceStart = Math.max(lo, start);
    let length = PERIOD_MS[rule.freq] * 4;
    const rrule = make(until);
    while (sliceStart <= until && out.length <= limit) {
      const sliceEnd = Math.min(sliceStart + length, until);
      for (const z of rrule.between(new Date(sliceStart), new Date(sliceEnd), true)) if (floating(z) >= sliceStart) out.push(floating(z));
      sliceStart = sliceEnd + 1;
      length *= 2;
    }
    return out;
  } catch (err) {
    if (err instanceof Error && /Maximum iterations|candidate/i.test(err.message))
      throw RecurrenceProblems.invalid(`The rule ${rule.text} matches too rarely: its occurrences are more than ${MAX_PERIODS} periods of ${rule.freq} apart.`);
    throw err;
  }
}

/** Where a rule-set moment happens: its own UTC instant, or its wall clock read in its zone (compatible, as RFC 5545 reads a gap). */
function momentInstant(m: RuleMoment, zone: CompiledZone, zoneOf: ZoneOf): number {
  if (m.utc) return m.civil;
  return readEventInstant(m.zone !== null ? zoneOf(m.zone) : zone, m.civil);
}

function readEventInstant(zone: CompiledZone, civil: number): number {
  return Date.parse(readEvent(zone, civil).utc);
}

function occurrence(zone: CompiledZone, civil: number, source: Occurrence['source']): Occurrence {
  const reading = readEvent(zone, civil);
  const at = Date.parse(reading.utc);
  return { scheduled: formatCivil(civil), localDateTime: formatInstant(at, zone.offsetAt(at)), ...reading, source };
}

export interface Expansion {
  occurrences: Occurrence[];
  /** The rule set has no end (an RRULE with neither COUNT nor UNTIL). */
  unbounded: boolean;
  /** More occurrences than the limit were found and only the first are answered (`truncate`). */
  truncated: boolean;
}

/**
 * The occurrences of a rule set within `window` (instants, inclusive), at most MAX_OCCURRENCES (more is
 * too_many_occurrences). Each RRULE is expanded in wall-clock time and each reading placed in `zone`: a time in a gap
 * moves forward by the gap's length, a repeated time is the first (RFC 5545 §3.3.10; Temporal's `compatible`).
 * EXDATEs remove the occurrences at their instants; RDATEs add theirs. With `truncate`, more than `limit` answers the
 * first `limit` instead of a problem (an open window then ends at the limit).
 */
export function expandRuleSet(set: RuleSet, zone: CompiledZone, zoneOf: ZoneOf, window: Window, limit = MAX_OCCURRENCES, truncate = false): Expansion {
  const unbounded = set.rules.some((r) => r.count === null && r.until === null);
  if (unbounded && window.to === null && !truncate) throw RecurrenceProblems.tooMany(true);
  const lo = window.from === null ? FLOATING_START : window.from - OFFSET_MARGIN;
  const hi = window.to === null ? FLOATING_END : window.to + OFFSET_MARGIN;
  const excluded = new Set(set.exdates.map((m) => momentInstant(m, zone, zoneOf)));
  const byInstant = new Map<number, Occurrence>();
  const inWindow = (at: number) => (window.from === null || at >= window.from) && (window.to === null || at <= window.to);
  const add = (o: Occurrence) => {
    const at = Date.parse(o.utc);
    if (inWindow(at) && !excluded.has(at) && !byInstant.has(at)) byInstant.set(at, o);
  };
  for (const rule of set.rules) {
    const untilInstant = rule.until?.utc ? rule.until.civil : null;
    // Past the limit by one at most: enough to tell the window holds too many.
    for (const civil of floatingReadings(rule, set.start.civil, lo, hi, limit * 2 + 2)) {
      const o = occurrence(zone, civil, 'rrule');
      if (untilInstant === null || Date.parse(o.utc) <= untilInstant) add(o);
    }
  }
  // With no RRULE, DTSTART is the one occurrence (RFC 5545: the set is DTSTART and the RDATEs).
  if (set.rules.length === 0) add(occurrence(zone, set.start.civil, 'rrule'));
  for (const m of set.rdates) {
    const o = m.utc || m.zone !== null ? atInstant(zone, momentInstant(m, zone, zoneOf), m.civil) : occurrence(zone, m.civil, 'rdate');
    add({ ...o, source: 'rdate' });
  }
  const occurrences = [...byInstant.entries()].sort((a, b) => a[0] - b[0]).map(([, o]) => o);
  if (occurrences.length > limit && !truncate) throw RecurrenceProblems.tooMany(unbounded && window.to === null);
  return { occurrences: occurrences.slice(0, limit), unbounded, truncated: occurrences.length > limit };
}

/** An RDATE given as an instant (or in another zone): shown in the rule set's zone. */
function atInstant(zone: CompiledZone, at: number, written: number): Occurrence {
  const local = at + zone.offsetAt(at) * 1000;
  const o = occurrence(zone, local, 'rdate');
  return { ...o, scheduled: formatCivil(written) };
}
