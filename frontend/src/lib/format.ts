/** The one place dates, numbers, amounts and plan names are written for people: the site, the dashboard and the console. */
import { planName } from '@tzapi/shared/plans';

export { planName };

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });

type DateInput = string | number | Date | null | undefined;

function parse(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec 5: month abbreviation, day, year ('Dec 22, 2026'); an unparseable or missing date reads 'Invalid date'. */
export function formatDate(value: DateInput): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : 'Invalid date';
}

/** Date and time to the minute in the browser's zone ('Nov 23, 2026, 06:27 AM'), as the console lists events. */
export function formatDateTime(value: DateInput): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : 'Invalid date';
}

const utcDateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** Date and time in UTC, labelled ('Nov 23, 2026, 06:27 UTC'): the console's one way of writing when something happened. */
export function formatDateTimeUtc(value: DateInput): string {
  const date = parse(value);
  return date ? utcDateTimeFormat.format(date) : 'Invalid date';
}

/** The browser's IANA time zone (what request times are shown in). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Date and time in the given zone, with the zone's short name: 'Nov 23, 2026, 6:27:50 AM UTC'. */
export function formatDateTimeInZone(value: DateInput, timeZone: string): string {
  const date = parse(value);
  if (!date) return 'Invalid date';
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

export function formatNumber(value: number | null | undefined): string {
  return new Intl.NumberFormat('en-US').format(value ?? 0);
}

/** Spec 5: two decimals and the upper-case currency code ('5.00 USD'). */
export function formatAmount(amount: string | number, currency: string): string {
  const value = Number(amount);
  return `${Number.isFinite(value) ? value.toFixed(2) : '0.00'} ${(currency || 'usd').toUpperCase()}`;
}
