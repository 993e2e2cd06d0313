import type { TzRelease } from './tz-release.js';

/** Offsets that every release since 2025 agrees on, at instants in the past: a release that answers otherwise is broken. */
const WELL_KNOWN: { zone: string; at: string; offsetSeconds: number }[] = [
  { zone: 'Etc/UTC', at: '2025-07-01T00:00:00Z', offsetSeconds: 0 },
  { zone: 'Europe/London', at: '2025-01-15T12:00:00Z', offsetSeconds: 0 },
  { zone: 'Europe/London', at: '2025-07-15T12:00:00Z', offsetSeconds: 3600 },
  { zone: 'America/New_York', at: '2025-01-15T12:00:00Z', offsetSeconds: -5 * 3600 },
  { zone: 'America/New_York', at: '2025-07-15T12:00:00Z', offsetSeconds: -4 * 3600 },
  { zone: 'Asia/Kolkata', at: '2025-07-15T12:00:00Z', offsetSeconds: 19800 },
  { zone: 'Asia/Kathmandu', at: '2025-07-15T12:00:00Z', offsetSeconds: 20700 },
  { zone: 'Australia/Sydney', at: '2025-07-15T12:00:00Z', offsetSeconds: 10 * 3600 },
  { zone: 'Asia/Tokyo', at: '2025-07-15T12:00:00Z', offsetSeconds: 9 * 3600 },
];

/** The engine check a release passes before it may answer customers; the problems found, empty when it is fine. */
export function checkRelease(release: TzRelease, nowMs = Date.now()): string[] {
  const problems: string[] = [];
  if (!/^\d{4}[a-z]+$/.test(release.version)) problems.push(`version "${release.version}" is not an IANA release name`);
  if (release.zones.size < 100) problems.push(`only ${release.zones.size} zones: not a whole release`);
  for (const [name, zone] of release.zones) {
    try {
      const period = zone.periodAt(nowMs);
      if (!Number.isFinite(period.offsetSeconds) || Math.abs(period.offsetSeconds) > 26 * 3600) problems.push(`${name}: offset ${period.offsetSeconds} s`);
      zone.transitionsBetween(nowMs, nowMs + 366 * 86_400_000);
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message}`);
    }
  }
  const utc = release.zone('UTC') ?? release.zone('Etc/UTC');
  if (!utc) problems.push('UTC is missing');
  else if (utc.periodAt(nowMs).offsetSeconds !== 0) problems.push('UTC is not +00:00');
  for (const check of WELL_KNOWN) {
    const zone = release.zone(check.zone);
    if (!zone) {
      problems.push(`${check.zone} is missing`);
      continue;
    }
    const offset = zone.periodAt(Date.parse(check.at)).offsetSeconds;
    if (offset !== check.offsetSeconds) problems.push(`${check.zone} at ${check.at} answers ${offset} s, expected ${check.offsetSeconds} s`);
  }
  return problems.slice(0, 20);
}

/** The engine check of every build the release's source holds (the main build compiled now), each problem naming its build. */
export function checkReleaseBuilds(release: TzRelease, nowMs = Date.now()): string[] {
  const { available } = release.builds;
  return available.flatMap((build) =>
    checkRelease(release.as(build)!, nowMs).map((problem) => (available.length > 1 ? `${build} build: ${problem}` : problem)),
  );
}
