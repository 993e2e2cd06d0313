import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import { formatInstant, formatOffset } from '../engine/civil.js';
import { parseDateTime } from '../engine/local-time.js';
import { timezoneProblem } from '../timezone.errors.js';
import { flatten, itemError, type ItemError } from './batch-items.js';
import type { BatchAnswer, Plain } from './streamed-answer.js';
import { checkRuleItem, type ChangedOccurrence } from './impact-rules.js';
import { readEvent, type EventReading } from './event-reading.js';

/** Items one impact check takes (decisions §9). */
export const IMPACT_MAX_ITEMS = 10_000;

export type ImpactKind = 'events' | 'instants';

/** The wall clock of a stored instant in one release. */
export interface InstantReading {
  localDateTime: string;
  utcOffset: string;
  abbreviation: string;
  dst: boolean;
}

/** A gap or overlap the `to` release puts where `from` had none (or another one). */
export type NewRule = ({ kind: 'gap' } & NonNullable<EventReading['gap']>) | ({ kind: 'overlap' } & NonNullable<EventReading['overlap']>);

export interface ImpactItem {
  index: number;
  timeZone: string;
  localDateTime?: string;
  utc?: string;
  /** Whether the item's meaning differs between the releases; null when it could not be read. */
  changed: boolean | null;
  from: EventReading | InstantReading | null;
  to: EventReading | InstantReading | null;
  /** Present when the `to` release puts a gap or overlap on the wall-clock time that `from` did not. */
  newRule?: NewRule;
  /** A recurring event (events item with `rule`): its rule set, how many occurrences were read, and those that changed. */
  rule?: string;
  occurrencesChecked?: number;
  occurrencesTruncated?: boolean;
  changedOccurrences?: ChangedOccurrence[];
  error?: ItemError;
}

/** One CSV shape for both kinds (a consumer's column mapping never depends on what was sent): the other kind's cells are empty. */
export const IMPACT_COLUMNS = [
  'fromRelease',
  'toRelease',
  'index',
  'timeZone',
  'localDateTime',
  'utc',
  'changed',
  'from.utc',
  'from.localDateTime',
  'from.utcOffset',
  'from.abbreviation',
  'from.resolution',
  'to.utc',
  'to.localDateTime',
  'to.utcOffset',
  'to.abbreviation',
  'to.resolution',
  'newRule.kind',
  'newRule.start',
  'newRule.end',
  'newRule.firstValid',
  'newRule.earlier',
  'newRule.later',
  'rule',
  'occurrencesChecked',
  'changedOccurrences',
  'error.code',
  'error.detail',
];

function clockOf(release: TzRelease, name: string, field: string): CompiledZone {
  const clock = release.zone(name);
  if (!clock) throw timezoneProblem('invalid_timezone', `"${name}" is not a zone of tz release ${release.version}.`, field);
  return clock;
}

function readInstant(clock: CompiledZone, epochMs: number): InstantReading {
  const period = clock.periodAt(epochMs);
  return {
    localDateTime: formatInstant(epochMs, period.offsetSeconds),
    utcOffset: formatOffset(period.offsetSeconds),
    abbreviation: period.abbreviation,
    dst: period.dst,
  };
}

function newRule(from: EventReading, to: EventReading): NewRule | null {
  if (to.gap && (!from.gap || from.gap.start !== to.gap.start || from.gap.end !== to.gap.end)) return { kind: 'gap', ...to.gap };
  if (to.overlap && (!from.overlap || from.overlap.earlier !== to.overlap.earlier || from.overlap.later !== to.overlap.later))
    return { kind: 'overlap', ...to.overlap };
  return null;
}

const text = (value: unknown, field: string): string => {
  if (typeof value !== 'string' || value.trim() === '')
    throw timezoneProblem(field === 'timeZone' ? 'invalid_timezone' : 'invalid_datetime', `${field} is required (a string).`, field);
  return value.trim();
};

/** One stored item between two releases. Never throws: a bad item answers its own error. */
export function checkItem(kind: ImpactKind, raw: unknown, index: number, from: TzRelease, to: TzRelease): ImpactItem {
  const item = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const timeZone = typeof item.timeZone === 'string' ? item.timeZone : '';
  const out: ImpactItem = { index, timeZone, changed: null, from: null, to: null };
  try {
    if (kind === 'events' && typeof item.rule === 'string') {
      out.rule = item.rule;
      const found = checkRuleItem(item, `events[${index}]`, from, to);
      out.timeZone = found.timeZone;
      out.occurrencesChecked = found.checked;
      out.occurrencesTruncated = found.truncated;
      out.changedOccurrences = found.changedOccurrences;
      out.changed = found.changedOccurrences.length > 0;
    } else if (kind === 'events') {
      out.localDateTime = typeof item.localDateTime === 'string' ? item.localDateTime : undefined;
      const field = `events[${index}]`;
      const parsed = parseDateTime(text(item.localDateTime, 'localDateTime'), `${field}.localDateTime`);
      if (parsed.offsetSeconds !== null)
        throw timezoneProblem(
          'invalid_datetime',
          `${field}.localDateTime is a wall-clock time: send it without an offset (stored instants go in "instants").`,
          `${field}.localDateTime`,
        );
      const before = readEvent(clockOf(from, text(item.timeZone, 'timeZone'), `${field}.timeZone`), parsed.civil);
      const after = readEvent(clockOf(to, text(item.timeZone, 'timeZone'), `${field}.timeZone`), parsed.civil);
      out.from = before;
      out.to = after;
      out.changed = before.utc !== after.utc;
      const created = newRule(before, after);
      if (created) out.newRule = created;
    } else {
      out.utc = typeof item.utc === 'string' ? item.utc : undefined;
      const field = `instants[${index}]`;
      const parsed = parseDateTime(text(item.utc, 'utc'), `${field}.utc`);
      if (parsed.offsetSeconds === null)
        throw timezoneProblem('invalid_datetime', `${field}.utc is an instant: give it an offset (Z or ±hh:mm).`, `${field}.utc`);
      const epochMs = parsed.civil - parsed.offsetSeconds * 1000;
      const before = readInstant(clockOf(from, text(item.timeZone, 'timeZone'), `${field}.timeZone`), epochMs);
      const after = readInstant(clockOf(to, text(item.timeZone, 'timeZone'), `${field}.timeZone`), epochMs);
      out.from = before;
      out.to = after;
      out.changed = before.localDateTime !== after.localDateTime;
    }
  } catch (err) {
    out.error = itemError(err);
    out.from = out.to = null;
    out.changed = null;
  }
  return out;
}

/** The impact check as a streamed batch answer: items are checked as the answer is written. */
export function impactAnswer(kind: ImpactKind, items: unknown[], from: TzRelease, to: TzRelease): BatchAnswer<ImpactItem> {
  let changed = 0;
  let errors = 0;
  function* rows(): Generator<ImpactItem> {
    for (let i = 0; i < items.length; i++) {
      const item = checkItem(kind, items[i], i, from, to);
      if (item.changed) changed++;
      if (item.error) errors++;
      yield item;
    }
  }
  const columns = IMPACT_COLUMNS;
  return {
    head: { from: from.version, to: to.version, kind, total: items.length },
    rowsField: 'items',
    rows: rows(),
    json: (row) => row as unknown as Plain,
    csvColumns: columns,
    csvLines: (row) => [{ ...flatten(row as unknown as Plain, columns), fromRelease: from.version, toRelease: to.version }],
    tail: () => ({ changed, errors }),
  };
}
