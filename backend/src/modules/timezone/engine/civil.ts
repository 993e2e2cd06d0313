/** Calendar helpers on "civil" milliseconds: a wall-clock reading encoded as if it were UTC. */
import { timezoneProblem } from '../timezone.errors.js';

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

export interface CivilFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** Date.UTC maps years 0..99 to 19xx; this does not. */
export function civilMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  // Fields as parsed (a month of the year, a time within the day) are counted with arithmetic: a Date costs more.
  const time = ((hour * 60 + minute) * 60 + second) * 1000 + ms;
  if (month >= 1 && month <= 12 && time >= 0 && time < MS_PER_DAY) {
    const civil = daysFromCivil(year, month, day) * MS_PER_DAY + time;
    if (Math.abs(civil) <= MAX_TIME) return civil;
  }
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

/** The largest time value a Date holds (ECMAScript TimeClip). */
const MAX_TIME = 8.64e15;

export function civilFields(ms: number): CivilFields {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  if (month >= 1 && month <= 12) return MONTH_DAYS[month - 1];
  return new Date(civilMs(year, month + 1, 0)).getUTCDate();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** "00" to "99": the two-digit fields of a date-time are looked up, not padded. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => pad(n));

/** Offsets written so far: a zone's few offsets are formatted on every answer. Bounded, since inputs may carry any offset. */
const offsetTexts = new Map<number, string>();
const OFFSET_TEXTS_KEPT = 4096;

/** "+05:45", "-03:00", "+00:00"; an offset with seconds keeps them, as Temporal shows it: "-00:44:30". */
export function formatOffset(offsetSeconds: number): string {
  let text = offsetTexts.get(offsetSeconds);
  if (text === undefined) {
    const sign = offsetSeconds < 0 ? '-' : '+';
    const abs = Math.abs(offsetSeconds);
    const seconds = abs % 60;
    const hm = `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}`;
    text = seconds ? `${hm}:${pad(seconds)}` : hm;
    if (offsetTexts.size < OFFSET_TEXTS_KEPT) offsetTexts.set(offsetSeconds, text);
  }
  return text;
}

/** The API's date-times stay in the years its inputs accept. */
export const CIVIL_RANGE = { from: civilMs(1, 1, 1), to: civilMs(10000, 1, 1) };

/** The civil second formatCivil() wrote last and its text: "now" is asked for over and over within the same second. */
let lastSecond = NaN;
let lastSecondText = '';

/** The civil day formatCivil() wrote last and its date: the instants of one answer mostly share a day. */
let lastDay = NaN;
let lastDayText = '';

/** ISO 8601 local date-time without offset, milliseconds only when present. */
export function formatCivil(ms: number): string {
  const second = Math.floor(ms / 1000);
  let base = lastSecondText;
  if (second !== lastSecond) {
    // Anything but whole milliseconds is written as it always was, from the Date fields.
    if (!Number.isInteger(ms)) return formatCivilByDate(ms);
    const day = Math.floor(second / 86_400);
    if (day !== lastDay) {
      const date = civilFromDays(day);
      // So are years outside 0000-9999.
      if (!(date.year >= 0 && date.year <= 9999)) return formatCivilByDate(ms);
      lastDayText = `${date.year >= 1000 ? date.year : pad(date.year, 4)}-${TWO_DIGITS[date.month]}-${TWO_DIGITS[date.day]}`;
      lastDay = day;
    }
    const inDay = second - day * 86_400;
    const hour = Math.floor(inDay / 3600);
    const minute = Math.floor(inDay / 60) - hour * 60;
    base = `${lastDayText}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[inDay % 60]}`;
    lastSecond = second;
    lastSecondText = base;
  }
  const millisecond = ms - second * 1000;
  return millisecond ? `${base}.${pad(millisecond, 3)}` : base;
}

function formatCivilByDate(ms: number): string {
  const f = civilFields(ms);
  const year = f.year >= 0 && f.year <= 9999 ? pad(f.year, 4) : (f.year < 0 ? '-' : '+') + pad(Math.abs(f.year), 6);
  const base = `${year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
  const millisecond = ms - Math.floor(ms / 1000) * 1000;
  return millisecond ? `${base}.${pad(millisecond, 3)}` : base;
}

/** ISO 8601 with the numeric offset, e.g. 2024-03-31T02:00:00+01:00; null when the local time is outside 0001-9999. */
export function formatInstantOrNull(epochMs: number, offsetSeconds: number): string | null {
  const civil = epochMs + offsetSeconds * 1000;
  if (!(civil >= CIVIL_RANGE.from && civil < CIVIL_RANGE.to)) return null;
  return formatCivil(civil) + formatOffset(offsetSeconds);
}

/** ISO 8601 with the numeric offset; a local time outside 0001-9999 is refused (400 datetime_out_of_range). */
export function formatInstant(epochMs: number, offsetSeconds: number): string {
  const out = formatInstantOrNull(epochMs, offsetSeconds);
  if (out === null) {
    throw timezoneProblem('datetime_out_of_range', 'The answer would fall outside the years 0001-9999, the range the API accepts and answers.');
  }
  return out;
}

/** The number in `n` decimal digits of `text` from `at`, or NaN. */
function digitsAt(text: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil): arithmetic, no Date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719468;
}

/** The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's civil_from_days): arithmetic, no Date. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1 };
}

/**
 * The instant of a date-time as formatInstant() writes it ("2024-07-01T09:00:00-04:00", "1883-11-18T12:00:00-04:56:02"),
 * read with arithmetic: Date.parse costs about half a microsecond, and answers are named at their own instant on every
 * request. Any other shape is read by Date.parse.
 */
export function parseInstant(iso: string): number {
  const length = iso.length;
  const sign = length === 25 || length === 28 ? iso.charCodeAt(19) : 0;
  if ((sign === 43 || sign === 45) && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45 && iso.charCodeAt(10) === 84) {
    const days = daysFromCivil(digitsAt(iso, 0, 4), digitsAt(iso, 5, 2), digitsAt(iso, 8, 2));
    const civil = days * MS_PER_DAY + digitsAt(iso, 11, 2) * MS_PER_HOUR + digitsAt(iso, 14, 2) * MS_PER_MINUTE + digitsAt(iso, 17, 2) * 1000;
    const offset = digitsAt(iso, 20, 2) * MS_PER_HOUR + digitsAt(iso, 23, 2) * MS_PER_MINUTE + (length === 28 ? digitsAt(iso, 26, 2) * 1000 : 0);
    const ms = sign === 43 ? civil - offset : civil + offset;
    if (!Number.isNaN(ms)) return ms;
  }
  return Date.parse(iso);
}

export function formatDate(ms: number): string {
  return formatCivil(ms).slice(0, 10);
}

/** ISO 8601 week number (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeek(ms: number): number {
  const d = new Date(ms);
  const dayNum = (d.getUTCDay() + 6) % 7;
  const thursday = Math.floor(ms / MS_PER_DAY) * MS_PER_DAY - dayNum * MS_PER_DAY + 3 * MS_PER_DAY;
  const yearStart = civilMs(new Date(thursday).getUTCFullYear(), 1, 1);
  return 1 + Math.floor((thursday - yearStart) / (7 * MS_PER_DAY));
}

export function dayOfYear(ms: number): number {
  const start = civilMs(new Date(ms).getUTCFullYear(), 1, 1);
  return 1 + Math.floor((ms - start) / MS_PER_DAY);
}
