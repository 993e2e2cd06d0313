import type { TzRelease } from '../../tzdb/tz-release.js';
import { parseDateTime } from '../engine/local-time.js';
import { expandRuleSet } from '../recurrence/expansion.js';
import { RecurrenceProblems } from '../recurrence/recurrence.errors.js';
import { parseRuleSet } from '../recurrence/rule-set.js';
import { timezoneProblem } from '../timezone.errors.js';
import { readEvent, type EventReading } from './event-reading.js';

/** Occurrences one stored recurring event is checked for: its first 1,000 in the horizon. */
export const RULE_OCCURRENCES_CHECKED = 1000;
/** A recurring event weighs as this many items (its up to 1,000 occurrences, one request per 100). */
export const RULE_ITEM_WEIGHT = 10;

/** An occurrence of a stored recurring event whose meaning differs between the two releases. */
export interface ChangedOccurrence {
  scheduled: string;
  from: EventReading;
  to: EventReading;
}

export interface RuleCheck {
  timeZone: string;
  checked: number;
  truncated: boolean;
  changedOccurrences: ChangedOccurrence[];
}

function zoneIn(release: TzRelease, name: string, field: string) {
  const clock = release.zone(name);
  if (!clock) throw timezoneProblem('invalid_timezone', `"${name}" is not a zone of tz release ${release.version}.`, field);
  return clock;
}

/**
 * A stored rule set (its wall-clock times in its TZID) read in both releases: the occurrences from DTSTART (or
 * `horizonStart`) to its end or `horizonEnd`, the first 1,000, whose UTC instant or resolution differs.
 */
export function checkRuleItem(item: Record<string, unknown>, field: string, from: TzRelease, to: TzRelease): RuleCheck {
  const set = parseRuleSet(String(item.rule));
  const tzid = set.start.zone ?? (set.start.utc ? 'UTC' : typeof item.timeZone === 'string' ? item.timeZone : null);
  if (tzid === null) throw RecurrenceProblems.invalid('DTSTART has neither TZID nor Z: send timeZone with the item.', `${field}.rule`);
  const before = zoneIn(from, tzid, `${field}.rule`);
  const after = zoneIn(to, tzid, `${field}.rule`);
  const bound = (key: 'horizonStart' | 'horizonEnd') => {
    const text = item[key];
    if (text === undefined) return null;
    const parsed = parseDateTime(String(text), `${field}.${key}`);
    return parsed.civil - (parsed.offsetSeconds ?? 0) * 1000;
  };
  const expansion = expandRuleSet(
    set,
    before,
    (name) => zoneIn(from, name, `${field}.rule`),
    { from: bound('horizonStart'), to: bound('horizonEnd') },
    RULE_OCCURRENCES_CHECKED,
    true,
  );
  const changedOccurrences: ChangedOccurrence[] = [];
  for (const o of expansion.occurrences) {
    const civil = parseDateTime(o.scheduled, field).civil;
    const then = readEvent(before, civil);
    const now = readEvent(after, civil);
    if (then.utc !== now.utc || then.resolution !== now.resolution) changedOccurrences.push({ scheduled: o.scheduled, from: then, to: now });
  }
  return { timeZone: tzid, checked: expansion.occurrences.length, truncated: expansion.truncated, changedOccurrences };
}
