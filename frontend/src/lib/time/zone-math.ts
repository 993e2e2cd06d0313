/** Browser-side time zone figures, computed with Intl (no data shipped). Formatters are cached per zone. */
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = formatterCache.get(key);
  if (!f) {
    f = make();
    formatterCache.set(key, f);
  }
  return f;
}

/** UTC offset of a zone at an instant, in minutes (e.g. 330 for Asia/Kolkata). */
export function offsetMinutes(timeZone: string, at: Date = new Date()): number {
  const f = formatter(`offset:${timeZone}`, () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }));
  const part = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(part);
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** True when the zone is on daylight saving time at the instant (offset above its standard offset). */
export function isDstActive(timeZone: string, at: Date = new Date()): boolean {
  const year = at.getUTCFullYear();
  const jan = offsetMinutes(timeZone, new Date(Date.UTC(year, 0, 1)));
  const jul = offsetMinutes(timeZone, new Date(Date.UTC(year, 6, 1)));
  if (jan === jul) return false;
  return offsetMinutes(timeZone, at) === Math.max(jan, jul);
}

export function abbreviation(timeZone: string, at: Date = new Date()): string {
  const f = formatter(`abbr:${timeZone}`, () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }));
  return f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * The zone's name at that instant in one style for every zone ("Pacific Standard Time", "Japan Standard Time"):
 * the short style mixes abbreviations with "GMT+9" where English has no abbreviation.
 */
export function zoneLongName(timeZone: string, at: Date = new Date()): string {
  const f = formatter(`long:${timeZone}`, () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }));
  return f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

export function clockTime(timeZone: string, at: Date = new Date()): string {
  return formatter(
    `clock:${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }),
  ).format(at);
}

export function clockDate(timeZone: string, at: Date = new Date()): string {
  return formatter(`date:${timeZone}`, () => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' })).format(at);
}

/** ISO 8601 local date-time with offset in the zone, e.g. 2025-01-15T09:30:00-05:00. */
export function isoInZone(timeZone: string, at: Date = new Date()): string {
  const f = formatter(
    `iso:${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
  );
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${formatOffset(offsetMinutes(timeZone, at))}`;
}
