/**
 * Writes a compiled zone as a TZif file (RFC 9636, formerly 8536), version 2 or 3 as zic(8) writes it: the version 1
 * header and 32-bit data, the version 2 header and 64-bit data, and the footer's POSIX TZ string for instants after
 * the last transition (zic.c's stringzone() and stringrule()). Every transition this server compiled is written (to
 * the end of 2100), so a reader of the file answers what the API answers, then follows the footer as the API does.
 */
import type { CompiledZone } from './compiled-zone.js';
import { abbreviation, type ZoneTail } from './zic-compiler.js';
import type { ZicRule, ZicZoneLine } from './zic-source.js';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const SECONDS_PER_DAY = 86_400;
const DAYS_PER_WEEK = 7;
/** zic's len_months[1]: month lengths of a leap year (lastSun is "Sun<=29" in February). */
const LEAP_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const YEAR_MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

interface TzifType {
  utoff: number;
  isdst: boolean;
  abbr: string;
}

/** zic's stringoffset(): "5", "-5:30", "3:20:45"; null past a week (POSIX can't say it). */
function posixOffset(seconds: number): string | null {
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.abs(seconds);
  const s = rest % 60;
  rest = Math.floor(rest / 60);
  const m = rest % 60;
  const h = Math.floor(rest / 60);
  if (h >= 24 * DAYS_PER_WEEK) return null;
  let out = `${sign}${h}`;
  if (m || s) out += `:${String(m).padStart(2, '0')}`;
  if (s) out += `:${String(s).padStart(2, '0')}`;
  return out;
}

/** An abbreviation as the TZ string writes it: bare when alphabetic, else in angle brackets ("<+0530>"). */
function posixName(abbr: string): string {
  return /^[A-Za-z]+$/.test(abbr) ? abbr : `<${abbr}>`;
}

/** zic's stringrule(): "M3.5.0/1", "J60", "M10.1.0/-1"; `compat` is 2013 when the rule needs RFC 9636's extensions. */
function posixRule(rule: ZicRule, save: number, stdoff: number): { text: string; compat: number } | null {
  let tod = rule.atSeconds;
  let compat = 0;
  let text: string;
  const day = rule.day;
  if (day.kind === 'dom') {
    if (day.day === 29 && rule.month === 1) return null;
    let total = 0;
    for (let m = 0; m < rule.month; m++) total += YEAR_MONTH_DAYS[m];
    // zic omits the "J" in January and February, as that is shorter.
    text = rule.month <= 1 ? `${total + day.day - 1}` : `J${total + day.day}`;
  } else {
    let week: number;
    let wday = day.weekday;
    if (day.kind === 'geq') {
      const wdayoff = (day.day - 1) % DAYS_PER_WEEK;
      if (wdayoff) compat = 2013;
      wday -= wdayoff;
      tod += wdayoff * SECONDS_PER_DAY;
      week = 1 + Math.floor((day.day - 1) / DAYS_PER_WEEK);
    } else {
      const dayOfMonth = day.kind === 'last' ? LEAP_MONTH_DAYS[rule.month] : day.day;
      if (dayOfMonth === LEAP_MONTH_DAYS[rule.month]) week = 5;
      else {
        const wdayoff = dayOfMonth % DAYS_PER_WEEK;
        if (wdayoff) compat = 2013;
        wday -= wdayoff;
        tod += wdayoff * SECONDS_PER_DAY;
        week = Math.floor(dayOfMonth / DAYS_PER_WEEK);
      }
    }
    if (wday < 0) wday += DAYS_PER_WEEK;
    text = `M${rule.month + 1}.${week}.${wday}`;
  }
  const isUt = rule.atKind === 'universal';
  const isStd = rule.atKind !== 'wall';
  if (isUt) tod += stdoff;
  if (isStd && !rule.isdst) tod += save;
  if (tod !== 2 * 3600) {
    const offset = posixOffset(tod);
    if (offset === null) return null;
    text += `/${offset}`;
    if (tod < 0 || tod >= SECONDS_PER_DAY) compat = Math.max(compat, 2013);
  }
  return { text, compat };
}

/**
 * zic's stringzone(): the TZ string for instants after the last transition, from the zone's ongoing rules (or, when it
 * settles, from the period it settles in); "" when POSIX can't express them (as zic then writes).
 */
export function footerOf(tail: ZoneTail | null, settled: TzifType): { tz: string; compat: number } {
  if (!tail) {
    const offset = posixOffset(-settled.utoff);
    return offset === null || settled.isdst ? { tz: '', compat: 0 } : { tz: `${posixName(settled.abbr)}${offset}`, compat: 0 };
  }
  let std: ZicRule | null = null;
  let dst: ZicRule | null = null;
  for (const rule of tail.rules) {
    if (rule.isdst) {
      if (dst) return { tz: '', compat: 0 };
      dst = rule;
    } else {
      if (std) return { tz: '', compat: 0 };
      std = rule;
    }
  }
  if (!std) return { tz: '', compat: 0 };
  const line: ZicZoneLine = { stdoffSeconds: tail.stdoff, rules: { kind: 'none' }, format: tail.format, until: null, file: '', line: 0 };
  const stdName = abbreviation(line, std.letters, false, 0);
  const stdOffset = posixOffset(-tail.stdoff);
  if (stdName === null || stdOffset === null) return { tz: '', compat: 0 };
  let tz = `${posixName(stdName)}${stdOffset}`;
  if (!dst) return { tz, compat: 0 };
  const dstName = abbreviation(line, dst.letters, dst.isdst, dst.saveSeconds);
  if (dstName === null) return { tz: '', compat: 0 };
  tz += posixName(dstName);
  if (dst.saveSeconds !== 3600) {
    const dstOffset = posixOffset(-(tail.stdoff + dst.saveSeconds));
    if (dstOffset === null) return { tz: '', compat: 0 };
    tz += dstOffset;
  }
  const start = posixRule(dst, dst.saveSeconds, tail.stdoff);
  const end = posixRule(std, dst.saveSeconds, tail.stdoff);
  if (!start || !end) return { tz: '', compat: 0 };
  return { tz: `${tz},${start.text},${end.text}`, compat: Math.max(start.compat, end.compat) };
}

/** The zone's transitions and types, type 0 the one in force before the first transition (RFC 9636 §3.2). */
function table(zone: CompiledZone, untilMs: number): { times: number[]; indices: number[]; types: TzifType[]; last: TzifType } {
  const types: TzifType[] = [];
  const index = new Map<string, number>();
  const typeOf = (t: TzifType): number => {
    const key = `${t.utoff}|${t.isdst ? 1 : 0}|${t.abbr}`;
    let i = index.get(key);
    if (i === undefined) {
      index.set(key, (i = types.length));
      types.push(t);
    }
    return i;
  };
  const first = zone.periodAt(-Infinity);
  let current: TzifType = { utoff: first.offsetSeconds, isdst: first.isdst, abbr: first.abbreviation };
  typeOf(current);
  const times: number[] = [];
  const indices: number[] = [];
  for (const t of zone.transitionsBetween(-Infinity, untilMs)) {
    const next: TzifType = { utoff: t.after.offsetSeconds, isdst: t.after.isdst, abbr: t.after.abbreviation };
    // A change of the API's own DST reading only (rearguard) is no change in the file.
    if (next.utoff === current.utoff && next.isdst === current.isdst && next.abbr === current.abbr) continue;
    times.push(Math.round(t.at / 1000));
    indices.push(typeOf(next));
    current = next;
  }
  return { times, indices, types, last: current };
}

function header(version: string, counts: { timecnt: number; typecnt: number; charcnt: number }): Buffer {
  const b = Buffer.alloc(44);
  b.write('TZif', 0, 'ascii');
  b.write(version, 4, 'ascii');
  // isutcnt, isstdcnt, leapcnt: none (no UT/standard indicators, no leap seconds).
  b.writeInt32BE(0, 20);
  b.writeInt32BE(0, 24);
  b.writeInt32BE(0, 28);
  b.writeInt32BE(counts.timecnt, 32);
  b.writeInt32BE(counts.typecnt, 36);
  b.writeInt32BE(counts.charcnt, 40);
  return b;
}

function dataBlock(times: number[], indices: number[], types: TzifType[], wide: boolean): Buffer {
  const chars: string[] = [];
  const charIndex = new Map<string, number>();
  let charLength = 0;
  for (const t of types) {
    if (!charIndex.has(t.abbr)) {
      charIndex.set(t.abbr, charLength);
      chars.push(t.abbr);
      charLength += Buffer.byteLength(t.abbr, 'ascii') + 1;
    }
  }
  const size = wide ? 8 : 4;
  const body = Buffer.alloc(times.length * (size + 1) + types.length * 6 + charLength);
  let o = 0;
  for (const at of times) {
    if (wide) body.writeBigInt64BE(BigInt(at), o);
    else body.writeInt32BE(at, o);
    o += size;
  }
  for (const i of indices) body.writeUInt8(i, o++);
  for (const t of types) {
    body.writeInt32BE(t.utoff, o);
    body.writeUInt8(t.isdst ? 1 : 0, o + 4);
    body.writeUInt8(charIndex.get(t.abbr)!, o + 5);
    o += 6;
  }
  for (const abbr of chars) {
    body.write(abbr, o, 'ascii');
    o += Buffer.byteLength(abbr, 'ascii') + 1;
  }
  return body;
}

/** The TZif file of a compiled zone: every transition before `untilMs` (the end of the compiled range), then its footer. */
export function writeTzif(zone: CompiledZone, untilMs: number): Buffer {
  const { times, indices, types, last } = table(zone, untilMs);
  const footer = footerOf(zone.tail, last);
  const version = footer.compat >= 2013 ? '3' : '2';
  // Version 1 data: the 32-bit part of the table; a transition at -2**31 says what was in force when it begins.
  const v1Times: number[] = [];
  const v1Indices: number[] = [];
  let before: number | null = null;
  times.forEach((at, i) => {
    if (at < INT32_MIN) before = indices[i];
    else if (at <= INT32_MAX) {
      v1Times.push(at);
      v1Indices.push(indices[i]);
    }
  });
  if (before !== null && v1Times[0] !== INT32_MIN) {
    v1Times.unshift(INT32_MIN);
    v1Indices.unshift(before);
  }
  const charcnt = [...new Set(types.map((t) => t.abbr))].reduce((n, a) => n + Buffer.byteLength(a, 'ascii') + 1, 0);
  return Buffer.concat([
    header(version, { timecnt: v1Times.length, typecnt: types.length, charcnt }),
    dataBlock(v1Times, v1Indices, types, false),
    header(version, { timecnt: times.length, typecnt: types.length, charcnt }),
    dataBlock(times, indices, types, true),
    Buffer.from(`\n${footer.tz}\n`, 'ascii'),
  ]);
}
