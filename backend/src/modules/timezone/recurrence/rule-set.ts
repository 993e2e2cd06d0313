import { civilMs, daysInMonth } from '../engine/civil.js';
import { MAX_OCCURRENCES, RecurrenceProblems } from './recurrence.errors.js';

/** A date or date-time of a rule set as written: a wall-clock reading (in `zone`, or floating) or a UTC instant. */
export interface RuleMoment {
  /** The reading as civil ms (for a UTC moment, the UTC reading). */
  civil: number;
  /** Written with Z: an instant. */
  utc: boolean;
  /** Written as a date (VALUE=DATE). */
  dateOnly: boolean;
  /** The TZID of its line, when it had one. */
  zone: string | null;
}

export const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** One RRULE, checked part by part; `text` is its normalised form without UNTIL (the expander applies UNTIL itself). */
export interface RecurrenceRule {
  freq: Frequency;
  count: number | null;
  until: RuleMoment | null;
  text: string;
}

/** DTSTART, RRULE, RDATE and EXDATE of one event (RFC 5545 §3.8.5). */
export interface RuleSet {
  start: RuleMoment;
  rules: RecurrenceRule[];
  rdates: RuleMoment[];
  exdates: RuleMoment[];
}

/** Rule sets are small: a calendar entry's few lines, at most this many RRULEs and RDATE/EXDATE values. */
const MAX_RULES = 4;
const MAX_DATES = MAX_OCCURRENCES;
/** Years a rule set may name: the tz data's answers cover these, and the expansion is bounded by them. */
export const RULE_YEARS = { from: 1900, to: 2100 };

/** Properties of a pasted VEVENT that say nothing about when it recurs: read past, never guessed at. */
const IGNORED = new Set([
  'BEGIN',
  'END',
  'UID',
  'SUMMARY',
  'DESCRIPTION',
  'LOCATION',
  'DTEND',
  'DTSTAMP',
  'DURATION',
  'SEQUENCE',
  'STATUS',
  'ORGANIZER',
  'ATTENDEE',
  'CLASS',
  'TRANSP',
  'CREATED',
  'LAST-MODIFIED',
  'PRIORITY',
  'CATEGORIES',
  'URL',
]);

interface ContentLine {
  name: string;
  params: Map<string, string>;
  value: string;
}

/** RFC 5545 §3.1: a line starting with a space or tab continues the previous one. */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function contentLine(line: string): ContentLine {
  // The value starts at the first colon outside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) throw RecurrenceProblems.invalid(`The line "${clip(line)}" is not a property (NAME:value).`);
  const [name, ...rawParams] = line.slice(0, colon).split(';');
  const params = new Map<string, string>();
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw RecurrenceProblems.invalid(`The parameter "${clip(p)}" of ${name} has no value.`);
    params.set(p.slice(0, eq).toUpperCase(), p.slice(eq + 1).replace(/^"(.*)"$/, '$1'));
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1).trim() };
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

const DATE_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

/** An RFC 5545 DATE or DATE-TIME value (20270301, 20270301T093000, 20270301T143000Z). */
export function ruleMoment(value: string, zone: string | null, what: string): RuleMoment {
  const m = DATE_VALUE.exec(value.trim());
  if (!m) throw RecurrenceProblems.invalid(`${what} "${clip(value)}" is not a date (20270301) or date-time (20270301T093000, or ...Z for UTC).`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 60)
    throw RecurrenceProblems.invalid(`${what} "${value}" is not a calendar date and time.`);
  if (year < RULE_YEARS.from || year > RULE_YEARS.to)
    throw RecurrenceProblems.invalid(`${what} "${value}" is outside the years rule sets are expanded for (${RULE_YEARS.from} to ${RULE_YEARS.to}).`);
  const utc = m[7] !== undefined;
  if (utc && zone !== null) throw RecurrenceProblems.invalid(`${what} "${value}" is in UTC (Z) and also names TZID=${zone}; give one.`);
  // A leap second (60) is read as the next minute's start, as RFC 5545 allows.
  return { civil: civilMs(year, month, day, hour, minute, Math.min(second, 59)) + (second === 60 ? 1000 : 0), utc, dateOnly: m[4] === undefined, zone };
}

function integer(text: string, part: string, min: number, max: number, nonZero = false): number {
  if (!/^[+-]?\d{1,6}$/.test(text)) throw RecurrenceProblems.invalid(`${part}=${clip(text)} is not a whole number.`);
  const n = Number(text);
  if (n < min || n > max || (nonZero && n === 0))
    throw RecurrenceProblems.invalid(`${part} value ${text} is outside ${min} to ${max}${nonZero ? ' (not 0)' : ''}.`);
  return n;
}

type PartCheck = (value: string, part: string) => string;

const numbers =
  (min: number, max: number, nonZero = false): PartCheck =>
  (value, part) =>
    value
      .split(',')
      .map((v) => String(integer(v, part, min, max, nonZero)))
      .join(',');

const BYDAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;

/** Each RRULE part (RFC 5545 §3.3.10) and how its value is checked and written. */
const PARTS: Record<string, PartCheck> = {
  INTERVAL: (v, p) => String(integer(v, p, 1, 1000)),
  BYSECOND: numbers(0, 60),
  BYMINUTE: numbers(0, 59),
  BYHOUR: numbers(0, 23),
  BYMONTHDAY: numbers(-31, 31, true),
  BYYEARDAY: numbers(-366, 366, true),
  BYWEEKNO: numbers(-53, 53, true),
  BYMONTH: numbers(1, 12),
  BYSETPOS: numbers(-366, 366, true),
  WKST: (v, p) => {
    if (!WEEKDAYS.includes(v.toUpperCase())) throw RecurrenceProblems.invalid(`${p}=${clip(v)} is not a weekday (MO to SU).`);
    return v.toUpperCase();
  },
  BYDAY: (v, p) =>
    v
      .split(',')
      .map((d) => {
        const m = BYDAY.exec(d.toUpperCase());
        if (!m) throw RecurrenceProblems.invalid(`${p}=${clip(v)}: "${clip(d)}" is not a weekday (MO to SU, optionally numbered: 1MO, -1FR).`);
        if (m[1] !== undefined) integer(m[1], p, -53, 53, true);
        return m[1] !== undefined ? `${Number(m[1])}${m[2]}` : m[2];
      })
      .join(','),
};

/** Which parts RFC 5545 allows with which frequencies (§3.3.10's table). */
function checkCombination(freq: Frequency, parts: Map<string, string>): void {
  const refuse = (why: string) => {
    throw RecurrenceProblems.invalid(`FREQ=${freq}: ${why}.`);
  };
  if (parts.has('BYWEEKNO') && freq !== 'YEARLY') refuse('BYWEEKNO is only allowed with FREQ=YEARLY');
  if (parts.has('BYYEARDAY') && ['DAILY', 'WEEKLY', 'MONTHLY'].includes(freq)) refuse('BYYEARDAY is not allowed with DAILY, WEEKLY or MONTHLY');
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY') refuse('BYMONTHDAY is not allowed with WEEKLY');
  const byDay = parts.get('BYDAY');
  if (byDay && /\d/.test(byDay)) {
    if (freq !== 'MONTHLY' && freq !== 'YEARLY') refuse('a numbered BYDAY (such as 1MO) is only allowed with MONTHLY or YEARLY');
    if (freq === 'YEARLY' && parts.has('BYWEEKNO')) refuse('a numbered BYDAY is not allowed with BYWEEKNO');
  }
  if (parts.has('BYSETPOS') && ![...parts.keys()].some((k) => k.startsWith('BY') && k !== 'BYSETPOS')) refuse('BYSETPOS needs another BYxxx part to pick from');
}

/** One RRULE value (FREQ=WEEKLY;BYDAY=MO;COUNT=10), checked part by part. */
export function parseRecurrenceRule(value: string): RecurrenceRule {
  const parts = new Map<string, string>();
  let freq: Frequency | null = null;
  let count: number | null = null;
  let until: RuleMoment | null = null;
  for (const piece of value.split(';')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = (eq > 0 ? piece.slice(0, eq) : piece).toUpperCase();
    const v = eq > 0 ? piece.slice(eq + 1) : '';
    if (v === '') throw RecurrenceProblems.invalid(`The RRULE part "${clip(piece)}" has no value.`);
    if (parts.has(name) || (name === 'FREQ' && freq) || (name === 'COUNT' && count !== null) || (name === 'UNTIL' && until))
      throw RecurrenceProblems.invalid(`The RRULE names ${name} twice.`);
    if (name === 'FREQ') {
      if (!(FREQUENCIES as readonly string[]).includes(v.toUpperCase()))
        throw RecurrenceProblems.invalid(`FREQ=${clip(v)} is not a frequency (${FREQUENCIES.join(', ')}).`);
      freq = v.toUpperCase() as Frequency;
    } else if (name === 'COUNT') {
      count = integer(v, 'COUNT', 1, 999_999);
      if (count > MAX_OCCURRENCES) throw RecurrenceProblems.countTooLarge(count);
    } else if (name === 'UNTIL') until = ruleMoment(v, null, 'UNTIL');
    else if (PARTS[name]) parts.set(name, PARTS[name](v, name));
    else throw RecurrenceProblems.invalid(`"${clip(name)}" is not an RRULE part (RFC 5545 §3.3.10).`);
  }
  if (!freq) throw RecurrenceProblems.invalid('The RRULE has no FREQ.');
  if (count !== null && until) throw RecurrenceProblems.invalid('The RRULE has both COUNT and UNTIL; RFC 5545 allows one.');
  checkCombination(freq, parts);
  const text = [`FREQ=${freq}`, ...(count !== null ? [`COUNT=${count}`] : []), ...[...parts].map(([k, v]) => `${k}=${v}`)].join(';');
  return { freq, count, until, text };
}

function dateList(line: ContentLine, what: string): RuleMoment[] {
  const type = line.params.get('VALUE')?.toUpperCase();
  if (type !== undefined && type !== 'DATE' && type !== 'DATE-TIME')
    throw RecurrenceProblems.invalid(`${what};VALUE=${clip(type)} is not supported: send dates or date-times.`);
  const zone = line.params.get('TZID') ?? null;
  return line.value.split(',').map((v) => {
    const moment = ruleMoment(v, zone, what);
    if ((type === 'DATE') !== moment.dateOnly && type !== undefined) throw RecurrenceProblems.invalid(`${what} "${v}" does not match VALUE=${type}.`);
    return moment;
  });
}

/**
 * Reads an iCalendar rule set: one DTSTART, RRULE lines, RDATE and EXDATE lines (a pasted VEVENT's other
 * properties are read past). Throws invalid_recurrence naming the line; never reads a part it does not know.
 */
export function parseRuleSet(text: string): RuleSet {
  let start: RuleMoment | null = null;
  const rules: RecurrenceRule[] = [];
  const rdates: RuleMoment[] = [];
  const exdates: RuleMoment[] = [];
  for (const raw of unfold(text)) {
    // A bare RRULE value (FREQ=...) on its own line, as many callers write it.
    const line = /^FREQ=/i.test(raw) ? { name: 'RRULE', params: new Map<string, string>(), value: raw } : contentLine(raw);
    switch (line.name) {
      case 'DTSTART':
        if (start) throw RecurrenceProblems.invalid('The rule set has two DTSTART lines.');
        [start] = dateList(line, 'DTSTART');
        if (line.value.includes(',')) throw RecurrenceProblems.invalid('DTSTART holds one date-time.');
        break;
      case 'RRULE':
        if (rules.length === MAX_RULES) throw RecurrenceProblems.invalid(`The rule set has more than ${MAX_RULES} RRULE lines.`);
        rules.push(parseRecurrenceRule(line.value));
        break;
      case 'RDATE':
      case 'EXDATE':
        (line.name === 'RDATE' ? rdates : exdates).push(...dateList(line, line.name));
        if (rdates.length + exdates.length > MAX_DATES) throw RecurrenceProblems.invalid(`The rule set has more than ${MAX_DATES} RDATE and EXDATE values.`);
        break;
      default:
        if (!IGNORED.has(line.name) && !line.name.startsWith('X-'))
          throw RecurrenceProblems.invalid(`"${clip(line.name)}" is not a property of a rule set (DTSTART, RRULE, RDATE, EXDATE).`);
    }
  }
  if (!start) throw RecurrenceProblems.invalid('The rule set has no DTSTART line.');
  for (const m of [...rdates, ...exdates, ...rules.flatMap((r) => (r.until ? [r.until] : []))]) {
    if (m.dateOnly !== start.dateOnly && !m.utc)
      throw RecurrenceProblems.invalid(`DTSTART is a ${start.dateOnly ? 'date' : 'date-time'}; RDATE, EXDATE and UNTIL values must be too.`);
  }
  return { start, rules, rdates, exdates };
}
