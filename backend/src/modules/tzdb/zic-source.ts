/**
 * Reads tzdb's zic input format (the release's `africa`, `europe`, … files, or the single-file `tzdata.zi`) the way
 * zic(8) reads it: Rule, Zone (with continuation lines) and Link lines, keywords and names abbreviated to any
 * unambiguous prefix, `#` comments, times with w/s/u suffixes and SAVE with s/d suffixes.
 */

/** A source line that zic would refuse, with where it is. */
export class ReleaseError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number,
  ) {
    super(line > 0 ? `${file}, line ${line}: ${message}` : `${file}: ${message}`);
    this.name = 'ReleaseError';
  }
}

/** When in the day a rule or an UNTIL takes effect: local wall clock, local standard time, or UT. */
export type TimeKind = 'wall' | 'standard' | 'universal';

/** ON field: a day of the month, the last weekday, or the first weekday on/after or on/before a day. */
export type DayRule =
  | { kind: 'dom'; day: number }
  | { kind: 'last'; weekday: number }
  | { kind: 'geq'; weekday: number; day: number }
  | { kind: 'leq'; weekday: number; day: number };

export interface ZicRule {
  name: string;
  /** First and last year the rule applies (-Infinity / Infinity for min / max). */
  from: number;
  to: number;
  /** 0-11. */
  month: number;
  day: DayRule;
  atSeconds: number;
  atKind: TimeKind;
  saveSeconds: number;
  isdst: boolean;
  /** The LETTER/S column, "" for "-". */
  letters: string;
  file: string;
  line: number;
}

export interface ZicUntil {
  year: number;
  month: number;
  day: DayRule;
  atSeconds: number;
  atKind: TimeKind;
}

export type ZoneRules = { kind: 'none' } | { kind: 'fixed'; saveSeconds: number; isdst: boolean } | { kind: 'named'; name: string };

export interface ZicZoneLine {
  stdoffSeconds: number;
  rules: ZoneRules;
  format: string;
  until: ZicUntil | null;
  file: string;
  line: number;
}

export interface ZicSource {
  rules: Map<string, ZicRule[]>;
  zones: Map<string, ZicZoneLine[]>;
  /** Link name → target name (as written; may be another link). */
  links: Map<string, { target: string; file: string; line: number }>;
  /** From a "# version 2026f" line, when the text has one. */
  version: string | null;
}

export function emptySource(): ZicSource {
  return { rules: new Map(), zones: new Map(), links: new Map(), version: null };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const LINE_KINDS = ['rule', 'zone', 'link'];

/** The word that `token` abbreviates (exact match first, then a unique prefix), or -1. */
function byWord(token: string, words: readonly string[]): number {
  const t = token.toLowerCase();
  const exact = words.indexOf(t);
  if (exact >= 0) return exact;
  let found = -1;
  for (let i = 0; i < words.length; i++) {
    if (words[i].startsWith(t)) {
      if (found >= 0) return -1;
      found = i;
    }
  }
  return found;
}

/** Splits a line into fields: white space separates, double quotes group, `#` starts a comment. */
function fields(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    if (c === '#') break;
    let field = '';
    while (i < n) {
      const d = text[i];
      if (d === ' ' || d === '\t' || d === '\r' || d === '\f' || d === '\v' || d === '#') break;
      if (d === '"') {
        const close = text.indexOf('"', i + 1);
        if (close < 0) throw new Error('odd number of quotation marks');
        field += text.slice(i + 1, close);
        i = close + 1;
      } else {
        field += d;
        i++;
      }
    }
    out.push(field);
  }
  return out;
}

const HMS = /^(-)?(\d+)(?::(\d+)(?::(\d+)(?:\.(\d+))?)?)?$/;

/** "[-]h[:mm[:ss[.frac]]]" to seconds; "-" alone is zero. */
export function parseHms(text: string, what: string): number {
  if (text === '-' || text === '') return 0;
  const m = HMS.exec(text);
  if (!m) throw new Error(`invalid ${what} "${text}"`);
  const [, neg, h, mi = '0', s = '0', frac] = m;
  const minutes = Number(mi);
  let seconds = Number(s);
  if (minutes > 59 || seconds > 59) throw new Error(`invalid ${what} "${text}"`);
  // zic rounds fractional seconds to even.
  if (frac) {
    const f = Number(`0.${frac}`);
    seconds += f > 0.5 || (f === 0.5 && seconds % 2 === 1) ? 1 : 0;
  }
  const total = Number(h) * 3600 + minutes * 60 + seconds;
  return neg ? -total : total;
}

function parseTimeOfDay(text: string): { seconds: number; kind: TimeKind } {
  let kind: TimeKind = 'wall';
  let body = text;
  const last = text[text.length - 1]?.toLowerCase();
  if (last === 'w' || last === 's' || last === 'u' || last === 'g' || last === 'z') {
    body = text.slice(0, -1);
    kind = last === 'w' ? 'wall' : last === 's' ? 'standard' : 'universal';
  }
  return { seconds: parseHms(body, 'time of day'), kind };
}

function parseSave(text: string): { seconds: number; isdst: boolean } {
  let explicit: boolean | null = null;
  let body = text;
  const last = text[text.length - 1];
  if (last === 'd' || last === 's') {
    explicit = last === 'd';
    body = text.slice(0, -1);
  }
  const seconds = parseHms(body, 'saved time');
  return { seconds, isdst: explicit ?? seconds !== 0 };
}

function parseMonth(text: string): number {
  const m = byWord(text, MONTHS);
  if (m < 0) throw new Error(`invalid month name "${text}"`);
  return m;
}

function parseDay(text: string): DayRule {
  const lower = text.toLowerCase();
  if (lower.startsWith('last')) {
    const wd = byWord(lower.slice(4), WEEKDAYS);
    if (wd < 0) throw new Error(`invalid weekday name "${text}"`);
    return { kind: 'last', weekday: wd };
  }
  const rel = /^([a-z]+)([<>]=)(\d+)$/.exec(lower);
  if (rel) {
    const wd = byWord(rel[1], WEEKDAYS);
    if (wd < 0) throw new Error(`invalid weekday name "${text}"`);
    const day = Number(rel[3]);
    if (day < 1 || day > 31) throw new Error(`invalid day of month "${text}"`);
    return { kind: rel[2] === '>=' ? 'geq' : 'leq', weekday: wd, day };
  }
  if (!/^\d+$/.test(text)) throw new Error(`invalid day of month "${text}"`);
  const day = Number(text);
  if (day < 1 || day > 31) throw new Error(`invalid day of month "${text}"`);
  return { kind: 'dom', day };
}

function parseYear(text: string, what: 'from' | 'to', from: number): number {
  const lower = text.toLowerCase();
  const word = /^[a-z]+$/.test(lower) ? byWord(lower, ['minimum', 'maximum', 'only']) : -1;
  if (word === 0) return -Infinity;
  if (word === 1) return Infinity;
  if (word === 2) {
    if (what === 'from') throw new Error('"only" is not a starting year');
    return from;
  }
  if (!/^-?\d+$/.test(text)) throw new Error(`invalid ${what === 'from' ? 'starting' : 'ending'} year "${text}"`);
  return Number(text);
}

function parseUntil(parts: string[]): ZicUntil {
  if (!/^-?\d+$/.test(parts[0])) throw new Error(`invalid until year "${parts[0]}"`);
  const time = parts[3] !== undefined ? parseTimeOfDay(parts[3]) : { seconds: 0, kind: 'wall' as TimeKind };
  return {
    year: Number(parts[0]),
    month: parts[1] !== undefined ? parseMonth(parts[1]) : 0,
    day: parts[2] !== undefined ? parseDay(parts[2]) : { kind: 'dom', day: 1 },
    atSeconds: time.seconds,
    atKind: time.kind,
  };
}

function parseZoneLine(f: string[], file: string, line: number): ZicZoneLine {
  if (f.length < 3) throw new Error('wrong number of fields on Zone line');
  const [stdoff, rulesField, format, ...until] = f;
  let rules: ZoneRules;
  if (rulesField === '-') rules = { kind: 'none' };
  else if (/^[-+]?\d/.test(rulesField)) {
    const save = parseSave(rulesField);
    rules = { kind: 'fixed', saveSeconds: save.seconds, isdst: save.isdst };
  } else rules = { kind: 'named', name: rulesField };
  if (format.includes('%') && !/^[^%]*%[sz][^%]*$/.test(format)) throw new Error(`invalid abbreviation format "${format}"`);
  if (rules.kind !== 'named' && format.includes('%s')) throw new Error('%s in ruleless zone');
  return {
    stdoffSeconds: parseHms(stdoff, 'UT offset'),
    rules,
    format,
    until: until.length > 0 ? parseUntil(until) : null,
    file,
    line,
  };
}

/** Adds one file of zic input to `into`. Throws ReleaseError naming the file and line. */
export function parseZic(text: string, file: string, into: ZicSource = emptySource()): ZicSource {
  const lines = text.split('\n');
  /** The zone whose continuation lines may follow. */
  let continuing: ZicZoneLine[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i];
    if (into.version === null) {
      const v = /^#\s*version\s+(\S+)/.exec(raw);
      if (v) into.version = v[1];
    }
    try {
      const f = fields(raw);
      if (f.length === 0) continue;
      if (continuing) {
        const zoneLine = parseZoneLine(f, file, lineNo);
        continuing.push(zoneLine);
        if (!zoneLine.until) continuing = null;
        continue;
      }
      const kind = byWord(f[0], LINE_KINDS);
      if (kind === 0) {
        if (f.length !== 10) throw new Error('wrong number of fields on Rule line');
        const [, name, fromText, toText, type, month, day, at, save, letters] = f;
        if (type !== '-' && type !== '') throw new Error(`year type "${type}" is unsupported; use "-" instead`);
        const from = parseYear(fromText, 'from', 0);
        const to = parseYear(toText, 'to', from);
        if (from > to) throw new Error('starting year greater than ending year');
        const time = parseTimeOfDay(at);
        const s = parseSave(save);
        const rule: ZicRule = {
          name,
          from,
          to,
          month: parseMonth(month),
          day: parseDay(day),
          atSeconds: time.seconds,
          atKind: time.kind,
          saveSeconds: s.seconds,
          isdst: s.isdst,
          letters: letters === '-' ? '' : letters,
          file,
          line: lineNo,
        };
        const list = into.rules.get(name);
        if (list) list.push(rule);
        else into.rules.set(name, [rule]);
      } else if (kind === 1) {
        if (f.length < 5) throw new Error('wrong number of fields on Zone line');
        const name = f[1];
        if (into.zones.has(name)) throw new Error(`duplicate zone name ${name}`);
        const zoneLine = parseZoneLine(f.slice(2), file, lineNo);
        const list = [zoneLine];
        into.zones.set(name, list);
        continuing = zoneLine.until ? list : null;
      } else if (kind === 2) {
        if (f.length !== 3) throw new Error('wrong number of fields on Link line');
        into.links.set(f[2], { target: f[1], file, line: lineNo });
      } else {
        throw new Error(`input line of unknown type "${f[0]}"`);
      }
    } catch (error) {
      if (error instanceof ReleaseError) throw error;
      throw new ReleaseError((error as Error).message, file, lineNo);
    }
  }
  if (continuing) throw new ReleaseError('expected a continuation line after the last Zone line', file, lines.length);
  return into;
}
