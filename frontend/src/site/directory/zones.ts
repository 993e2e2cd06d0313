import { api } from '../../lib/api';
import type { Models } from '../../lib/api-models';

/** One entry of GET /api/public/timezones (unmetered, cached). */
export interface ZoneEntry {
  zone: string;
  country: string | null;
  region: string;
  utc_offset: string;
  /** The zone observes daylight saving time (at some point of the year). */
  dst: boolean;
  dstActive?: boolean;
  abbreviation?: string | null;
  city?: string | null;
}

/** The wire shape: an item of the backend's zone list (the generated model), of which the directory reads these fields. */
export type ZoneWire = Pick<Models['ZoneListItemView'], 'timezone' | 'country' | 'region' | 'utc_offset' | 'observes_dst' | 'main_city'> &
  Partial<Pick<Models['ZoneListItemView'], 'dst_active' | 'abbreviation'>>;

export function normalizeZone(w: ZoneWire): ZoneEntry {
  return {
    zone: w.timezone,
    country: w.country,
    region: w.region,
    utc_offset: w.utc_offset,
    dst: w.observes_dst,
    dstActive: w.dst_active,
    abbreviation: w.abbreviation ?? null,
    city: w.main_city,
  };
}

export type ZoneSort = 'city' | 'region' | 'identifier' | 'offset';

export async function fetchZones(): Promise<ZoneEntry[]> {
  const body = await api.get('/api/public/timezones');
  return body.timezones.map(normalizeZone);
}

/** City of a zone: the entry's city, else the last path segment of the identifier. */
export function cityOf(entry: Pick<ZoneEntry, 'zone' | 'city'>): string {
  if (entry.city) return entry.city;
  return (entry.zone.split('/').pop() ?? entry.zone).replace(/_/g, ' ');
}

export function offsetToMinutes(offset: string): number {
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})?$/.exec(offset.trim());
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** tzdb's Etc/* zones (UTC, fixed offsets) are shown as the spec's "Global" region. */
export function regionLabel(region: string): string {
  return region === 'Etc' ? 'Global' : region;
}

export function regionsOf(entries: ZoneEntry[]): string[] {
  return [...new Set(entries.map((e) => e.region).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

export function filterAndSortZones(entries: ZoneEntry[], opts: { search: string; region: string; sort: ZoneSort }): ZoneEntry[] {
  const needle = opts.search.trim().toLowerCase();
  const filtered = entries.filter(
    (e) =>
      (opts.region === 'all' || e.region === opts.region) &&
      (!needle || cityOf(e).toLowerCase().includes(needle) || e.zone.toLowerCase().includes(needle) || (e.country ?? '').toLowerCase().includes(needle)),
  );
  const byCity = (a: ZoneEntry, b: ZoneEntry) => cityOf(a).localeCompare(cityOf(b));
  const comparators: Record<ZoneSort, (a: ZoneEntry, b: ZoneEntry) => number> = {
    city: byCity,
    region: (a, b) => a.region.localeCompare(b.region) || byCity(a, b),
    identifier: (a, b) => a.zone.localeCompare(b.zone),
    offset: (a, b) => offsetToMinutes(a.utc_offset) - offsetToMinutes(b.utc_offset) || byCity(a, b),
  };
  return [...filtered].sort(comparators[opts.sort]);
}

/**
 * A CSV cell a spreadsheet opens as text: a value starting with =, +, -, @, a tab or a carriage return gets a leading '
 * (OWASP "CSV Injection"), except a plain number or a UTC offset such as -05:00, which no spreadsheet runs.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) && !/^[+-]\d{2}(:?\d{2}){0,2}$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function zonesToCsv(entries: ZoneEntry[]): string {
  const header = ['zone', 'city', 'country', 'region', 'utc_offset', 'dst'];
  const lines = entries.map((e) => [e.zone, cityOf(e), e.country ?? '', e.region, e.utc_offset, e.dst ? 'true' : 'false'].map(csvCell).join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

export function downloadText(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
