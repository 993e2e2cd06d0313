import { formatInstant, knownZone, useDisplayZone } from '../../lib/time';

/**
 * The one way the webhook pages and the console's Jobs, user and audit pages write an instant: the shared formatter's
 * 'second' style (the locale's date and time) in the given zone, the zone named. A missing one reads '—'.
 */
export function formatWhen(iso: string | null | undefined, zone: string): string {
  return iso ? formatInstant(iso, zone, 'second') : '—';
}

/** formatWhen in the display zone (the header's UTC switch, else the account's zone, else the browser's). */
export function useWhen(): (iso: string | null | undefined) => string {
  const { zone } = useDisplayZone();
  return (iso) => formatWhen(iso, zone);
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** An hour label for a chart's axis ('2 PM', the locale's hour in the zone): the chart's caption names the zone, so ticks fit a phone. */
export function formatHour(iso: string, zone: string): string {
  const timeZone = knownZone(zone);
  let f = hourFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZone });
    hourFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}
