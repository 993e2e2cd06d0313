/** The Usage page's pure pieces: chart bars in the display zone, status colours and texts (no React). */
import { formatInstant, knownZone, zoneAbbreviation } from '../../../lib/time';
import type { UsageSummary } from '../api';

export const TOP_ENDPOINTS_SHOWN = 5;
export const RECENT_REQUESTS_SHOWN = 10;

/** The bars of the chart: the server's local days (each from its midnight in the display zone), or for "Last Day" its local hours. */
export function chartBars(
  summary: Pick<UsageSummary, 'perHour' | 'perDay'>,
  rangeDays: number | undefined,
  zone: string,
): { hourly: boolean; bars: { key: string; label: string; tooltip: string; count: number }[] } {
  const hourly = rangeDays === 1 && summary.perHour.length > 0;
  const bars = hourly
    ? summary.perHour.map((h) => ({ key: h.hour, label: hourLabel(h.hour, zone), tooltip: formatInstant(h.hour, zone, 'minute'), count: h.count }))
    : summary.perDay.map((d) => ({
        key: d.start,
        label: dayLabel(d.start, zone),
        tooltip: `${formatInstant(d.start, zone, 'date')} (${zoneAbbreviation(zone, d.start)})`,
        count: d.count,
      }));
  return { hourly, bars };
}

/** An hour's start on the viewer's clock ('14:30' in a zone half an hour off UTC). */
const hourLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: knownZone(timeZone) }).format(new Date(iso));

const dayLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: knownZone(timeZone) }).format(new Date(iso));

export function statusColor(code: number): 'success' | 'warning' | 'error' | 'default' {
  if (code >= 200 && code < 300) return 'success';
  if (code >= 400 && code < 500) return 'warning';
  if (code >= 500) return 'error';
  return 'default';
}

/** One colour per status code in the donut and its legend: the common ones fixed, others from a spare palette. */
const statusCodeColors: Record<number, string> = {
  200: '#15803d',
  201: '#22c55e',
  204: '#4ade80',
  400: '#d97706',
  401: '#7c3aed',
  403: '#db2777',
  404: '#64748b',
  409: '#0891b2',
  422: '#ca8a04',
  429: '#ea580c',
  500: '#b91c1c',
  502: '#7f1d1d',
  503: '#991b1b',
};
const sparePalette = ['#2563eb', '#0d9488', '#a16207', '#9333ea', '#be123c', '#4d7c0f', '#0369a1', '#c2410c'];

/** Distinct colours for the given status codes (no two codes of the list share one). */
export function statusCodePalette(codes: number[]): Map<number, string> {
  const out = new Map<number, string>();
  const used = new Set<string>();
  for (const code of codes) {
    const fixed = statusCodeColors[code];
    if (fixed && !used.has(fixed)) {
      out.set(code, fixed);
      used.add(fixed);
    }
  }
  let spare = 0;
  for (const code of codes) {
    if (out.has(code)) continue;
    let color = sparePalette.find((c) => !used.has(c));
    if (!color) color = `hsl(${(spare++ * 47) % 360} 65% 42%)`;
    out.set(code, color);
    used.add(color);
  }
  return out;
}

/** The success rate, or '–' when there were no requests to rate. */
export function successRateText(summary: Pick<UsageSummary, 'totalRequests' | 'successRate'>): string {
  return summary.totalRequests > 0 ? `${(summary.successRate ?? 0).toFixed(1)}%` : '–';
}

/** The copy-paste call shown when there is nothing to draw yet. */
export function curlHint(keyPrefix: string | null, origin: string): string {
  const key = keyPrefix ? `${keyPrefix}…` : 'YOUR_API_KEY';
  return `curl -H "X-API-Key: ${key}" "${origin}/api/time/current?timezone=Europe/London"`;
}
