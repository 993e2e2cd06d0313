/**
 * The one way the app writes times, durations and counts for people (issue 48): the browser's locale, the display
 * zone, and the zone named on every time ('Nov 29, 2026, 3:05 PM GMT+5:30').
 */

type Instant = string | number | Date | null | undefined;

/** How much of an instant to write: to the minute (default), to the second, the date, the time of day, or an hour. */
export type InstantStyle = 'minute' | 'second' | 'date' | 'time' | 'hour';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

function parse(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const STYLES: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  minute: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  second: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  hour: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/** A zone the browser knows, else UTC (a name from another tz release than the browser's ICU). */
export function knownZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/**
 * An instant in a zone, in the browser's locale, with the zone's abbreviation or GMT offset ('date' and 'hour' leave the
 * zone to a heading that names it). A missing or unparseable value reads '–'.
 */
export function formatInstant(value: Instant, zone: string, style: InstantStyle = 'minute'): string {
  const date = parse(value);
  if (!date) return '–';
  const timeZone = knownZone(zone);
  return cached(`t|${style}|${timeZone}`, () => new Intl.DateTimeFormat(undefined, { ...STYLES[style], timeZone })).format(date);
}

/** The zone's short name at an instant, as formatInstant writes it ('GMT+5:30', 'UTC', 'EST'). */
export function zoneAbbreviation(zone: string, at: Instant = Date.now()): string {
  const timeZone = knownZone(zone);
  const f = cached(`z|${timeZone}`, () => new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'short' })) as Intl.DateTimeFormat;
  return f.formatToParts(parse(at) ?? new Date()).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** A count in the browser's locale ('1,079'); a missing one reads 0. */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  return cached(
    `n|${fractionDigits}`,
    () => new Intl.NumberFormat(undefined, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(value ?? 0);
}

/** A latency, everywhere to a tenth of a millisecond ('0.5 ms', '12.0 ms', '1,204.3 ms'); a missing one reads '–'. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  return `${formatNumber(ms, 1)} ms`;
}
