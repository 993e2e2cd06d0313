import { timezoneProblem } from '../timezone.errors.js';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './civil.js';

/**
 * A span split the way Temporal adds it: the calendar part (years, months, days) moves the wall
 * clock, the exact part (hours, minutes, seconds) moves the instant.
 */
export interface TimeSpan {
  sign: 1 | -1;
  years: number;
  months: number;
  days: number;
  exactMs: number;
}

const DOTNET = /^(-)?(?:(\d{1,8})\.)?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;
const ISO = /^([+-])?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

/** Spans beyond this cannot land inside 0001-9999 and only invite overflow. */
const MAX_DAYS = 3_700_000;

function fail(input: string, why: string): never {
  throw timezoneProblem(
    'invalid_timespan',
    `timeSpan "${input}" ${why}. Use .NET style [-][d.]hh:mm:ss[.fff] (e.g. 1.12:30:00) or an ISO 8601 duration (e.g. P1DT12H30M).`,
    'timeSpan',
  );
}

export function parseTimeSpan(input: string): TimeSpan {
  const text = input.trim();
  let span: TimeSpan;
  const net = DOTNET.exec(text);
  if (net) {
    const [, neg, d = '0', h, m, s = '0', frac = ''] = net;
    const hours = Number(h);
    const minutes = Number(m);
    const seconds = Number(s);
    if (hours > 23 || minutes > 59 || seconds > 59) fail(input, 'has hours over 23 or minutes/seconds over 59');
    const ms = Number((frac + '000').slice(0, 3));
    span = {
      sign: neg ? -1 : 1,
      years: 0,
      months: 0,
      days: Number(d),
      exactMs: hours * MS_PER_HOUR + minutes * MS_PER_MINUTE + seconds * 1000 + ms,
    };
  } else {
    const iso = ISO.exec(text);
    if (!iso || /T$/i.test(text) || text.replace(/^[+-]/, '').toUpperCase() === 'P') fail(input, 'is not a time span');
    const [, sign, y = '0', mo = '0', w = '0', d = '0', h = '0', mi = '0', s = '0'] = iso;
    const num = (v: string) => Number(v.replace(',', '.'));
    span = {
      sign: sign === '-' ? -1 : 1,
      years: Number(y),
      months: Number(mo),
      days: Number(w) * 7 + Number(d),
      exactMs: Math.round(num(h) * MS_PER_HOUR + num(mi) * MS_PER_MINUTE + num(s) * 1000),
    };
  }
  const roughDays = span.years * 366 + span.months * 31 + span.days + span.exactMs / MS_PER_DAY;
  if (!Number.isFinite(roughDays) || roughDays > MAX_DAYS) fail(input, 'is too long');
  return span;
}

export function negate(span: TimeSpan): TimeSpan {
  return { ...span, sign: span.sign === 1 ? -1 : 1 };
}
