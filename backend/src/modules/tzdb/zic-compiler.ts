/**
 * Compiles one Zone of zic input into its transitions, following zic.c's outzone() and writezone() (tzcode):
 * each zone line from the previous line's UNTIL, the line's rules applied year by year in the order they take
 * effect, the abbreviation from FORMAT (%s, %z, A/B), then zic's optimisation (merge transitions that a later one
 * overtakes, drop those that change nothing). Times are whole seconds since 1970 (UT).
 */
import { ReleaseError, type DayRule, type TimeKind, type ZicRule, type ZicSource, type ZicUntil, type ZicZoneLine } from './zic-source.js';

const SECONDS_PER_DAY = 86_400;

/** One kind of period: what a transition switches to. */
export interface LocalType {
  utoff: number;
  isdst: boolean;
  abbr: string;
  /** The API's DST reading (rearguard: summer is DST even where the main form says otherwise). */
  dst: boolean;
  /** Standard offset in that reading. */
  standardOffset: number;
}

export interface CompiledTransitions {
  /** The type in force before the first transition. */
  initial: LocalType;
  /** Transition instants (seconds, ascending) and the type each one switches to. */
  at: number[];
  types: LocalType[];
  /** The rules carried forward after the last transition computed (to `untilYear`), or null when the zone settles. */
  tail: ZoneTail | null;
}

/** The last zone line's ongoing rules: what every year after the compiled range follows. */
export interface ZoneTail {
  stdoff: number;
  format: string;
  rules: ZicRule[];
  minSave: number;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month 0-11), for any year. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month < 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 10) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function monthLength(year: number, month: number): number {
  return month === 1 && isLeap(year) ? 29 : MONTH_DAYS[month];
}

/** Weekday (0 = Sunday) of a day count since 1970-01-01 (a Thursday). */
function weekday(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

/** Days since 1970 of a rule's ON day in a year/month (may spill into the next or previous month, as zic allows). */
function ruleDay(year: number, month: number, rule: DayRule): number {
  switch (rule.kind) {
    case 'dom':
      return daysFromCivil(year, month, rule.day);
    case 'last': {
      const last = daysFromCivil(year, month, monthLength(year, month));
      return last - ((weekday(last) - rule.weekday + 7) % 7);
    }
    case 'geq': {
      const d = daysFromCivil(year, month, rule.day);
      return d + ((rule.weekday - weekday(d) + 7) % 7);
    }
    case 'leq': {
      const d = daysFromCivil(year, month, rule.day);
      return d - ((weekday(d) - rule.weekday + 7) % 7);
    }
  }
}

/** zic's rpytime(): the rule's moment in `year`, in its own clock (wall, standard or UT), as seconds. */
function rpyTime(year: number, month: number, day: DayRule, atSeconds: number): number {
  return ruleDay(year, month, day) * SECONDS_PER_DAY + atSeconds;
}

function untilLocal(until: ZicUntil): number {
  return rpyTime(until.year, until.month, until.day, until.atSeconds);
}

/** zic's abbroffset(): "+05", "-0330", "+053020". */
function abbrOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  let rest = Math.abs(offset);
  const seconds = rest % 60;
  rest = Math.floor(rest / 60);
  const minutes = rest % 60;
  const hours = Math.floor(rest / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  let out = sign + two(hours);
  if (minutes || seconds) out += two(minutes) + (seconds ? two(seconds) : '');
  return out;
}

/** zic's doabbr() (also the TZif footer's abbreviations); null where the format needs letters that aren't known (zic's disable_percent_s). */
export function abbreviation(line: ZicZoneLine, letters: string | null, isdst: boolean, save: number): string | null {
  const format = line.format;
  const slash = format.indexOf('/');
  if (slash >= 0) return isdst ? format.slice(slash + 1) : format.slice(0, slash);
  if (format.includes('%z')) return format.replace('%z', abbrOffset(line.stdoffSeconds + save));
  if (format.includes('%s')) return letters === null ? null : format.replace('%s', letters);
  return format;
}

function kindFlags(kind: TimeKind): { std: boolean; ut: boolean } {
  return { std: kind !== 'wall', ut: kind === 'universal' };
}

interface Att {
  at: number;
  type: number;
}

/**
 * Compiles every year up to `lastYear` (inclusive); later years follow the returned tail.
 * `zoneName` only names errors.
 */
export function compileZone(zoneName: string, lines: ZicZoneLine[], source: ZicSource, lastYear: number): CompiledTransitions {
  const types: LocalType[] = [];
  const typeKey = new Map<string, number>();
  const atts: Att[] = [];
  let defaultType = -1;

  const lineRules = lines.map((line) => {
    if (line.rules.kind !== 'named') return [];
    const rules = source.rules.get(line.rules.name);
    if (!rules) throw new ReleaseError(`unknown rule name "${line.rules.name}" in zone ${zoneName}`, line.file, line.line);
    return rules;
  });
  /** The most negative SAVE a line's rules use (0 when none is negative): the rearguard reading's standard. */
  const minSaveOf = (i: number): number => {
    const line = lines[i];
    if (line.rules.kind === 'fixed') return Math.min(0, line.rules.saveSeconds);
    let min = 0;
    for (const r of lineRules[i]) if (r.saveSeconds < min) min = r.saveSeconds;
    return min;
  };

  const addType = (i: number, utoff: number, abbr: string, isdst: boolean): number => {
    const line = lines[i];
    const minSave = minSaveOf(i);
    const save = utoff - line.stdoffSeconds;
    const dst = minSave < 0 ? save > minSave : isdst;
    const standardOffset = line.stdoffSeconds + minSave;
    const key = `${utoff}|${abbr}|${isdst ? 1 : 0}|${dst ? 1 : 0}|${standardOffset}`;
    let index = typeKey.get(key);
    if (index === undefined) {
      index = types.length;
      types.push({ utoff, isdst, abbr, dst, standardOffset });
      typeKey.set(key, index);
    }
    return index;
  };
  const needAbbr = (abbr: string | null, line: ZicZoneLine): string => {
    if (abbr === null) throw new ReleaseError(`can't determine time zone abbreviation in zone ${zoneName}`, line.file, line.line);
    return abbr;
  };

  let startTime = -Infinity;
  let startIsStd = false;
  let startIsUt = false;
  for (let i = 0; i < lines.length; i++) {
    const zp = lines[i];
    let save = 0;
    let usestart = i > 0;
    const useuntil = i < lines.length - 1;
    if (useuntil && !zp.until) throw new ReleaseError(`zone ${zoneName} continues after a line without UNTIL`, zp.file, zp.line);
    const stdoff = zp.stdoffSeconds;
    let startoff = stdoff;
    let startbuf: string | null = null;
    const untilRaw = zp.until ? untilLocal(zp.until) : Infinity;
    const untilFlags = zp.until ? kindFlags(zp.until.atKind) : { std: false, ut: false };

    if (zp.rules.kind !== 'named') {
      save = zp.rules.kind === 'fixed' ? zp.rules.saveSeconds : 0;
      const isdst = zp.rules.kind === 'fixed' ? zp.rules.isdst : false;
      const abbr = needAbbr(abbreviation(zp, null, isdst, save), zp);
      const type = addType(i, stdoff + save, abbr, isdst);
      if (usestart) {
        atts.push({ at: startTime, type });
        usestart = false;
      } else defaultType = type;
    } else {
      const rules = lineRules[i];
      let minYear = Infinity;
      for (const r of rules) if (r.from < minYear) minYear = r.from;
      const firstYear = Math.max(minYear, -10000);
      const untilYear = zp.until ? zp.until.year : lastYear;
      const endYear = Math.min(untilYear, lastYear);
      /** The type a rule switches to is fixed within one zone line. */
      const ruleTypes = new Map<ZicRule, number>();
      const todo = new Array<boolean>(rules.length).fill(false);
      const temp = new Array<number>(rules.length).fill(0);
      for (let year = firstYear; year <= endYear; year++) {
        let any = false;
        for (let j = 0; j < rules.length; j++) {
          const r = rules[j];
          todo[j] = year >= r.from && year <= r.to;
          if (todo[j]) {
            temp[j] = rpyTime(year, r.month, r.day, r.atSeconds);
            any = true;
          }
        }
        if (!any) continue;
        for (;;) {
          let untiltime = Infinity;
          if (useuntil) {
            untiltime = untilRaw;
            if (!untilFlags.ut) untiltime -= stdoff;
            if (!untilFlags.std) untiltime -= save;
          }
          let k = -1;
          let ktime = 0;
          for (let j = 0; j < rules.length; j++) {
            if (!todo[j]) continue;
            const r = rules[j];
            const flags = kindFlags(r.atKind);
            let offset = flags.ut ? 0 : stdoff;
            if (!flags.std) offset += save;
            const jtime = temp[j] - offset;
            if (k < 0 || jtime < ktime) {
              k = j;
              ktime = jtime;
            } else if (jtime === ktime) {
              throw new ReleaseError(`two rules for same instant in zone ${zoneName}`, r.file, r.line);
            }
          }
          if (k < 0) break;
          const rp = rules[k];
          todo[k] = false;
          if (useuntil && ktime >= untiltime) {
            if (startbuf === null && stdoff + rp.saveSeconds === startoff) startbuf = abbreviation(zp, rp.letters, rp.isdst, rp.saveSeconds);
            break;
          }
          save = rp.saveSeconds;
          if (usestart && ktime === startTime) usestart = false;
          if (usestart) {
            if (ktime < startTime) {
              startoff = stdoff + save;
              startbuf = abbreviation(zp, rp.letters, rp.isdst, rp.saveSeconds);
              continue;
            }
            if (startbuf === null && startoff === stdoff + save) startbuf = abbreviation(zp, rp.letters, rp.isdst, rp.saveSeconds);
          }
          let type = ruleTypes.get(rp);
          if (type === undefined) {
            type = addType(i, stdoff + rp.saveSeconds, needAbbr(abbreviation(zp, rp.letters, rp.isdst, rp.saveSeconds), zp), rp.isdst);
            ruleTypes.set(rp, type);
          }
          if (defaultType < 0 && !rp.isdst) defaultType = type;
          atts.push({ at: ktime, type });
        }
      }
    }
    if (usestart) {
      const isdst = startoff !== stdoff;
      if (startbuf === null) startbuf = abbreviation(zp, null, isdst, save);
      const abbr = startbuf;
      if (abbr === null) throw new ReleaseError(`can't determine time zone abbreviation to use just after until time in zone ${zoneName}`, zp.file, zp.line);
      const type = addType(i, startoff, abbr, isdst);
      if (defaultType < 0 && !isdst) defaultType = type;
      atts.push({ at: startTime, type });
    }
    if (useuntil && zp.until) {
      startIsStd = untilFlags.std;
      startIsUt = untilFlags.ut;
      startTime = untilRaw;
      if (!startIsStd) startTime -= save;
      if (!startIsUt) startTime -= stdoff;
    }
  }
  if (defaultType < 0) defaultType = 0;

  const optimized = optimize(atts, types, defaultType);
  const last = lines[lines.length - 1];
  const lastRules = lineRules[lines.length - 1].filter((r) => r.to === Infinity);
  const tail: ZoneTail | null =
    last.rules.kind === 'named' && lastRules.length > 0
      ? { stdoff: last.stdoffSeconds, format: last.format, rules: lastRules, minSave: minSaveOf(lines.length - 1) }
      : null;
  return { initial: types[defaultType], at: optimized.map((a) => a.at), types: optimized.map((a) => types[a.type]), tail };
}

/** zic's writezone() optimisation: sort; a transition overtaken in local time replaces the previous; no-ops go. */
function optimize(atts: Att[], types: LocalType[], defaultType: number): Att[] {
  // Mostly in order already (zone lines and rule years come in time order); Array#sort is stable.
  let inOrder = true;
  for (let i = 1; i < atts.length && inOrder; i++) inOrder = atts[i - 1].at <= atts[i].at;
  const sorted = inOrder ? atts : [...atts].sort((a, b) => a.at - b.at);
  const out: Att[] = [];
  for (const a of sorted) {
    const n = out.length;
    if (n !== 0) {
      const prevOff = types[n === 1 ? 0 : out[n - 2].type].utoff;
      if (a.at + types[out[n - 1].type].utoff <= out[n - 1].at + prevOff) {
        out[n - 1].type = a.type;
        continue;
      }
    }
    const prev = n === 0 ? null : types[out[n - 1].type];
    const next = types[a.type];
    if (prev === null || prev.utoff !== next.utoff || prev.isdst !== next.isdst || prev.abbr !== next.abbr) out.push({ at: a.at, type: a.type });
  }
  // Before the first transition the default type holds; a first transition to it changes nothing.
  const initial = types[defaultType];
  while (out.length > 0) {
    const first = types[out[0].type];
    if (first.utoff === initial.utoff && first.isdst === initial.isdst && first.abbr === initial.abbr) out.shift();
    else break;
  }
  return out;
}

/**
 * The transitions of one year after the compiled range, from the zone's ongoing rules: the rules of that year in
 * the order they take effect, each read with the SAVE of the one before it.
 */
export function tailTransitions(tail: ZoneTail, year: number): { at: number; type: LocalType }[] {
  const events: { local: number; rule: ZicRule }[] = [];
  for (const y of [year - 1, year]) {
    for (const rule of tail.rules) if (y >= rule.from && y <= rule.to) events.push({ local: rpyTime(y, rule.month, rule.day, rule.atSeconds), rule });
  }
  events.sort((a, b) => a.local - b.local);
  // Annual rules repeat: the state before year-1's first rule is that of its last one.
  let save = events.length > 0 ? events[events.length - 1].rule.saveSeconds : 0;
  const out: { at: number; type: LocalType }[] = [];
  const fakeLine: ZicZoneLine = { stdoffSeconds: tail.stdoff, rules: { kind: 'none' }, format: tail.format, until: null, file: '', line: 0 };
  for (const { local, rule } of events) {
    const flags = kindFlags(rule.atKind);
    let offset = flags.ut ? 0 : tail.stdoff;
    if (!flags.std) offset += save;
    const at = local - offset;
    save = rule.saveSeconds;
    const utoff = tail.stdoff + save;
    const dst = tail.minSave < 0 ? save > tail.minSave : rule.isdst;
    const abbr = abbreviation(fakeLine, rule.letters, rule.isdst, save) ?? '';
    out.push({ at, type: { utoff, isdst: rule.isdst, abbr, dst, standardOffset: tail.stdoff + tail.minSave } });
  }
  return out;
}
