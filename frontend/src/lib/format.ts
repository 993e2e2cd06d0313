/** Dates, numbers, amounts and plan names for people; instants (a date and a time) are written by lib/time in the display zone. */
import { planName } from '@tzapi/shared/plans';

export { planName };

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

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

export function formatNumber(value: number | null | undefined): string {
  return new Intl.NumberFormat('en-US').format(value ?? 0);
}

/** Spec 5: two decimals and the upper-case currency code ('5.00 USD'). */
export function formatAmount(amount: string | number, currency: string): string {
  const value = Number(amount);
  return `${Number.isFinite(value) ? value.toFixed(2) : '0.00'} ${(currency || 'usd').toUpperCase()}`;
}
