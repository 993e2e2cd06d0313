/**
 * The one way the webhook pages and the console's Jobs and user pages write an instant until the display-zone
 * formatter (issue 48's `formatInstant`) lands: the locale's date and time with the zone named, in the browser's zone.
 * Swapping this body for the shared formatter is the whole change.
 */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** An hour label for a chart's axis (the locale's hour, with the zone named). */
export function formatHour(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZoneName: 'short' }).format(new Date(iso));
}
