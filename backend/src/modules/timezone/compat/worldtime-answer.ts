import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { dayOfYear, formatCivil, formatOffset, isoWeek, MS_PER_DAY } from '../engine/civil.js';
import type { TimeEngine } from '../engine/time-engine.js';

/** WorldTimeAPI's answer for a zone, field for field and in its order (its OpenAPI document, version 20210108). */
export interface WorldTimeAnswer {
  abbreviation: string;
  client_ip: string;
  /** Local time with microseconds and offset: 2026-11-29T07:01:02.123000+01:00. */
  datetime: string;
  /** Sunday is 0. */
  day_of_week: number;
  day_of_year: number;
  dst: boolean;
  /** Start of the DST period in force (UTC), null outside DST. */
  dst_from: string | null;
  /** Seconds of DST in force (0 outside DST). */
  dst_offset: number;
  /** End of the DST period in force (UTC), null outside DST. */
  dst_until: string | null;
  /** Standard offset in seconds. */
  raw_offset: number;
  timezone: string;
  unixtime: number;
  utc_datetime: string;
  utc_offset: string;
  week_number: number;
}

/** A DST period is looked for at most this far either side of now (a zone on DST for good has no end). */
const DST_REACH = 2 * 366 * MS_PER_DAY;

/** "2026-11-29T07:01:02.123000" + offset: WorldTimeAPI wrote microseconds; we know the millisecond. */
function withMicroseconds(epochMs: number, offsetSeconds: number): string {
  const civil = epochMs + offsetSeconds * 1000;
  const second = Math.floor(civil / 1000) * 1000;
  const micro = String((civil - second) * 1000).padStart(6, '0');
  return `${formatCivil(second)}.${micro}${formatOffset(offsetSeconds)}`;
}

/** An instant as WorldTimeAPI wrote DST bounds: UTC, "+00:00", no fraction. */
function utcInstant(epochMs: number): string {
  return `${formatCivil(epochMs)}+00:00`;
}

/**
 * The DST stretch in force at `at`, as UTC instants: one stretch may span several periods (an abbreviation change inside
 * summer time), so neighbours on DST are joined. Null outside DST; an end beyond reach (DST for good) is null.
 */
export function dstStretch(clock: CompiledZone, at: number): { from: number | null; until: number | null } | null {
  const period = clock.periodAt(at);
  if (!period.dst) return null;
  let from = period.start;
  while (Number.isFinite(from) && from > at - DST_REACH && clock.periodAt(from - 1).dst) from = clock.periodAt(from - 1).start;
  let until = period.end;
  while (Number.isFinite(until) && until < at + DST_REACH && clock.periodAt(until).dst) until = clock.periodAt(until).end;
  return {
    from: Number.isFinite(from) && from > at - DST_REACH ? from : null,
    until: Number.isFinite(until) && until < at + DST_REACH ? until : null,
  };
}

/** WorldTimeAPI's answer for a canonical zone at `now`, from our engine; `clientIp` is the caller's address. */
export function worldTimeAnswer(engine: TimeEngine, zone: string, now: number, clientIp: string): WorldTimeAnswer {
  const clock = engine.clock(zone);
  const period = clock.periodAt(now);
  const civil = now + period.offsetSeconds * 1000;
  const stretch = dstStretch(clock, now);
  return {
    abbreviation: period.abbreviation,
    client_ip: clientIp,
    datetime: withMicroseconds(now, period.offsetSeconds),
    day_of_week: new Date(civil).getUTCDay(),
    day_of_year: dayOfYear(civil),
    dst: period.dst,
    dst_from: stretch?.from != null ? utcInstant(stretch.from) : null,
    dst_offset: period.dst ? period.offsetSeconds - period.standardOffsetSeconds : 0,
    dst_until: stretch?.until != null ? utcInstant(stretch.until) : null,
    raw_offset: period.standardOffsetSeconds,
    timezone: zone,
    unixtime: Math.floor(now / 1000),
    utc_datetime: withMicroseconds(now, 0),
    utc_offset: formatOffset(period.offsetSeconds),
    week_number: isoWeek(civil),
  };
}

/** WorldTimeAPI's text answer: one `key: value` line per field, in the JSON's order; null is an empty value. */
export function worldTimeText(answer: WorldTimeAnswer): string {
  return Object.entries(answer)
    .map(([key, value]) => `${key}: ${value === null ? '' : String(value)}`)
    .join('\n')
    .concat('\n');
}

/** The zones WorldTimeAPI's list routes name: all of them, or those under one area (case as the client wrote it, matched without). */
export function zonesUnder(engine: TimeEngine, area?: string): string[] {
  const zones = engine.registry.canonicalZones;
  if (area === undefined) return [...zones];
  const prefix = `${area.toLowerCase()}/`;
  return zones.filter((zone) => zone.toLowerCase().startsWith(prefix));
}
