import { formatInstant, formatOffset, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../engine/civil.js';
import type { TimeEngine } from '../engine/time-engine.js';
import { timezoneProblem } from '../timezone.errors.js';

export type LocalTimePrecision = 'minute' | 'hour';

/** One zone whose clock reads the time asked. */
export interface ZoneAtLocalTime {
  timezone: string;
  country_code: string | null;
  country: string | null;
  /** tzdb names a zone after the most populous place of its region: that place. */
  city: string | null;
  abbreviation: string;
  dst_active: boolean;
}

/** Zones sharing one offset at the instant, and so one local time. */
export interface OffsetGroup {
  utc_offset: string;
  local_time: string;
  zones: ZoneAtLocalTime[];
}

export interface ZonesAtLocalTimeAnswer {
  time: string;
  precision: LocalTimePrecision;
  at: string;
  tzdb_version: string;
  total_zones: number;
  groups: OffsetGroup[];
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:00" as minutes after midnight (HH:MM, 00:00 to 23:59). */
export function parseClockTime(text: string, field = 'time'): number {
  const m = TIME.exec(text.trim());
  if (!m) throw timezoneProblem('invalid_datetime', `${field} "${text}" is not a time of day as HH:MM (00:00 to 23:59), such as 09:00.`, field);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * The listed zones whose wall clock at `at` is in the minute (or the hour) `minutes` names, grouped by offset
 * (east to west): "which places are at 9:00 now?". Every listed zone of the release is read at that instant.
 */
export function zonesAtLocalTime(engine: TimeEngine, minutes: number, precision: LocalTimePrecision, at: number): ZonesAtLocalTimeAnswer {
  const groups = new Map<number, OffsetGroup>();
  let total = 0;
  for (const name of engine.registry.canonicalZones) {
    const period = engine.clock(name).periodAt(at);
    const local = at + period.offsetSeconds * 1000;
    const inDay = ((local % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
    const hit = precision === 'hour' ? Math.floor(inDay / MS_PER_HOUR) === Math.floor(minutes / 60) : Math.floor(inDay / MS_PER_MINUTE) === minutes;
    if (!hit) continue;
    let group = groups.get(period.offsetSeconds);
    if (!group) {
      group = { utc_offset: formatOffset(period.offsetSeconds), local_time: formatInstant(at, period.offsetSeconds), zones: [] };
      groups.set(period.offsetSeconds, group);
    }
    const facts = engine.registry.facts(name);
    group.zones.push({
      timezone: name,
      country_code: facts.countryCode,
      country: facts.countryName,
      city: facts.mainCity,
      abbreviation: period.abbreviation,
      dst_active: period.dst,
    });
    total++;
  }
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return {
    time: precision === 'hour' ? `${hh}:00` : `${hh}:${mm}`,
    precision,
    at: formatInstant(at, 0),
    tzdb_version: engine.release.version,
    total_zones: total,
    groups: [...groups.entries()].sort((a, b) => b[0] - a[0]).map(([, g]) => g),
  };
}
