const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec 5: month abbreviation, day, year; an unparseable date reads 'Invalid date'. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : 'Invalid date';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : 'Invalid date';
}

/** The browser's IANA time zone (what request times are shown in). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Date and time in the given zone, with the zone's short name: 'Nov 23, 2026, 6:27:50 AM UTC'. */
export function formatDateTimeInZone(value: string | Date | null | undefined, timeZone: string): string {
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

/** '{plan} plan', free when the user has none. */
export function planLabel(plan: string | null | undefined): string {
  return `${plan || 'free'} plan`;
}
