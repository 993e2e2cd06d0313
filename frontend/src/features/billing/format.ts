const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Spec 5: 'MMM d, yyyy'; anything unparseable reads 'Invalid date'. */
export function formatBillingDate(value: string | null | undefined): string {
  if (!value) return 'Invalid date';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : dateFormat.format(date);
}

/** Spec 5: two decimals and the upper-case currency code ('5.00 USD'). */
export function formatAmount(amount: string | number, currency: string): string {
  const value = Number(amount);
  return `${Number.isFinite(value) ? value.toFixed(2) : '0.00'} ${(currency || 'usd').toUpperCase()}`;
}

export function planName(plan: string | null | undefined): string {
  const id = plan || 'free';
  return id.charAt(0).toUpperCase() + id.slice(1);
}
