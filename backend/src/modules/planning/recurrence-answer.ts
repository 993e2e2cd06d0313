import { formatInstant, MS_PER_DAY } from '../timezone/engine/civil.js';
import { parseDateTime, resolveLocal } from '../timezone/engine/local-time.js';
import type { TimeEngine } from '../timezone/engine/time-engine.js';
import { expandRuleSet, type Occurrence } from '../timezone/recurrence/expansion.js';
import { RecurrenceProblems } from '../timezone/recurrence/recurrence.errors.js';
import { parseRuleSet } from '../timezone/recurrence/rule-set.js';
import type { RecurrenceRequest } from './dto/recurrence.dto.js';

export interface RecurrenceAnswer {
  timeZone: string;
  tzdbVersion: string;
  from: string | null;
  to: string | null;
  total: number;
  /** Occurrences that fell in a gap or an overlap and were resolved by RFC 5545's rule. */
  adjusted: number;
  occurrences: Occurrence[];
}

/** A window bound: an instant with its offset, else a date or date-time read in the rule set's zone (a `to` date ends with its day). */
function bound(engine: TimeEngine, zone: string, text: string | undefined, field: 'from' | 'to'): number | null {
  if (text === undefined) return null;
  const parsed = parseDateTime(text, field);
  if (parsed.offsetSeconds !== null) return parsed.civil - parsed.offsetSeconds * 1000;
  const dateOnly = !/[T ]/.test(text.trim());
  const civil = dateOnly && field === 'to' ? parsed.civil + MS_PER_DAY : parsed.civil;
  const at = resolveLocal(engine.clock(zone), civil, 'compatible', field).epochMs;
  return dateOnly && field === 'to' ? at - 1 : at;
}

/** The occurrences of a rule set in a window, every offset from the engine's tz release (the request's `tzdb=`). */
export function recurrenceAnswer(engine: TimeEngine, body: RecurrenceRequest): RecurrenceAnswer {
  const set = parseRuleSet(body.rule);
  const tzid = set.start.zone ?? (set.start.utc ? 'UTC' : (body.timeZone ?? null));
  if (tzid === null) throw RecurrenceProblems.invalid('DTSTART has neither TZID nor Z (a floating time): send timeZone to read it in.');
  const zone = engine.zone(tzid, set.start.zone !== null ? 'rule' : 'timeZone').canonical;
  const clock = engine.clock(zone);
  const from = bound(engine, zone, body.from, 'from');
  const to = bound(engine, zone, body.to, 'to');
  if (from !== null && to !== null && to < from) throw RecurrenceProblems.invalid(`"to" (${body.to}) is before "from" (${body.from}).`, 'to');
  const { occurrences } = expandRuleSet(set, clock, (name) => engine.clock(engine.zone(name, 'rule').canonical), { from, to });
  const shown = (at: number | null) => (at === null ? null : formatInstant(at, clock.offsetAt(at)));
  return {
    timeZone: zone,
    tzdbVersion: engine.release.version,
    from: shown(from),
    to: shown(to),
    total: occurrences.length,
    adjusted: occurrences.filter((o) => o.resolution !== 'exact').length,
    occurrences,
  };
}
