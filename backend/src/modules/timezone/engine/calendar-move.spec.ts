/**
 * moveWallClock against luxon, the library the API's calendar arithmetic came from: luxon's DateTime#plus over a luxon
 * Zone answered from the same compiled tables, on every zone of the bundled release, at random instants from year 1 to
 * 9999, next to offset changes (gaps and overlaps), in the LMT years whose offsets carry seconds, and with spans up to
 * the largest the API accepts.
 */
import { DateTime, Zone } from 'luxon';
import { bundledRelease } from '../../tzdb/bundled-release.js';
import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { moveWallClock } from './calendar-move.js';
import { civilMs } from './civil.js';

/** A luxon Zone read from our compiled tables (luxon counts offsets in minutes, fractions for offsets with seconds). */
class CompiledLuxonZone extends Zone {
  constructor(private readonly zone: CompiledZone) {
    super();
  }
  override get type(): string {
    return 'tzdb';
  }
  override get name(): string {
    return this.zone.name;
  }
  override get isUniversal(): boolean {
    return false;
  }
  override get isValid(): boolean {
    return true;
  }
  override offsetName(ts: number): string {
    return this.zone.periodAt(ts).abbreviation;
  }
  override formatOffset(ts: number): string {
    return String(this.zone.offsetAt(ts));
  }
  override offset(ts: number): number {
    return this.zone.offsetAt(ts) / 60;
  }
  override equals(other: Zone): boolean {
    return other instanceof CompiledLuxonZone && other.zone === this.zone;
  }
}

/** A fixed-seed generator, so a failure names inputs that can be checked again. */
function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    x = (x ^ (x >>> 13)) >>> 0;
    return x / 2 ** 32;
  };
}

const release = bundledRelease();
const luxonZones = new Map<string, CompiledLuxonZone>();

/** luxon's answer: the wall clock (civil ms) after plus({ years, months, days }), NaN when luxon says invalid. */
function luxonMove(clock: CompiledZone | null, epochMs: number, years: number, months: number, days: number): number {
  let zone: Zone | string = 'utc';
  if (clock) {
    zone = luxonZones.get(clock.name) ?? new CompiledLuxonZone(clock);
    luxonZones.set(clock.name, zone as CompiledLuxonZone);
  }
  const moved = DateTime.fromMillis(epochMs, { zone }).plus({ years, months, days });
  return moved.isValid ? civilMs(moved.year, moved.month, moved.day, moved.hour, moved.minute, moved.second, moved.millisecond) : NaN;
}

describe('moving the wall clock by years, months and days', () => {
  it('keeps the day, or takes the last day of a shorter month, then adds the days', () => {
    const london = release.zone('Europe/London')!;
    const at = (y: number, mo: number, d: number, h = 0) => civilMs(y, mo, d, h);
    expect(moveWallClock(null, at(2024, 1, 31, 10), 0, 1, 0)).toBe(at(2024, 2, 29, 10));
    expect(moveWallClock(null, at(2024, 1, 31, 10), 0, 1, 2)).toBe(at(2024, 3, 2, 10));
    expect(moveWallClock(null, at(2024, 2, 29), 1, 0, 0)).toBe(at(2025, 2, 28));
    expect(moveWallClock(null, at(2024, 3, 31), 0, -1, 0)).toBe(at(2024, 2, 29));
    expect(moveWallClock(null, at(99, 12, 31, 12), 0, 0, 1)).toBe(at(100, 1, 1, 12));
    expect(moveWallClock(null, at(100, 3, 1), 0, 0, -1)).toBe(at(100, 2, 28));
    // London's 2024-03-31 01:30 does not exist: the wall clock runs on by the gap, as luxon did.
    expect(moveWallClock(london, Date.UTC(2024, 2, 30, 1, 30), 0, 0, 1)).toBe(at(2024, 3, 31, 2) + 30 * 60_000);
  });

  it('answers what luxon answers, to the millisecond', () => {
    const random = seeded(20261124);
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const zones = [...release.zones.keys()].sort();
    const first = civilMs(1, 1, 1);
    const last = civilMs(10000, 1, 1) - 1;
    const mismatches: string[] = [];
    let compared = 0;
    for (let i = 0; compared < 60_000; i++) {
      const clock = i % 10 === 0 ? null : release.zone(zones[i % zones.length])!;
      let at: number;
      const kind = random();
      if (kind < 0.4 && clock) {
        // Around an offset change: inside the gap or the overlap, or just beside it.
        const from = Date.UTC(int(1850, 2100), 0, 1);
        const changes = clock.transitionsBetween(from, from + 5 * 366 * 86_400_000);
        at = changes.length ? changes[int(0, changes.length - 1)].at + int(-3, 3) * 3_600_000 + int(-60, 60) * 60_000 + int(-999, 999) : Date.UTC(2000, 0, 1);
      } else if (kind < 0.7) at = int(Date.UTC(1850, 0, 1), Date.UTC(2110, 0, 1));
      else at = int(first, last);
      const large = random() < 0.05;
      const sign = random() < 0.5 ? -1 : 1;
      const years = random() < 0.4 ? sign * int(0, large ? 10_000 : 30) : 0;
      const months = random() < 0.5 ? sign * int(0, large ? 120_000 : 40) : 0;
      const days = random() < 0.5 ? sign * int(0, large ? 3_660_000 : 800) : 0;
      if (!years && !months && !days) continue;
      compared++;
      const expected = luxonMove(clock, at, years, months, days);
      const got = moveWallClock(clock, at, years, months, days);
      if (!Object.is(got, expected)) mismatches.push(`${clock?.name ?? 'UTC'} ${at} ${years}Y${months}M${days}D: ${got} (luxon ${expected})`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});
