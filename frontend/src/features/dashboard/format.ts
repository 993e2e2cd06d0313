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

export function formatNumber(value: number | null | undefined): string {
  return new Intl.NumberFormat('en-US').format(value ?? 0);
}

/** '{plan} plan', free when the user has none. */
export function planLabel(plan: string | null | undefined): string {
  return `${plan || 'free'} plan`;
}
