import { browserZone, formatInstant } from '../../lib/time';

/**
 * The one way the webhook pages and the console's Jobs and user pages write an instant: the shared formatter's
 * 'second' style (the locale's date and time, the zone named), still in the browser's zone. Issue 48 wants the
 * display zone here: that needs the callers to pass `useDisplayZone().zone`, which jobText.ts (no React) cannot yet.
 */
export function formatWhen(iso: string | null | undefined): string {
  return iso ? formatInstant(iso, browserZone(), 'second') : '—';
}

/** An hour label for a chart's axis (the locale's hour, with the zone named). */
export function formatHour(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZoneName: 'short' }).format(new Date(iso));
}
