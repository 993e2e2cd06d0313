import { bundledRelease } from '../tzdb/bundled-release.js';
import { DAY_MS, dayCounts, HOUR_MS, hourOf, localDate, localHours, planWindow, startOfLocalDay } from './local-days.js';
import type { ZoneClock } from './local-days.js';

const zone = (name: string): ZoneClock => bundledRelease().zone(name)!;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

/** The oracle: the runtime's ICU, another implementation of the same tz data, reads the instant's local date and time. */
const icuReading = (name: string, ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: name, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(ms)
    .replace(', ', 'T');

describe('local days and hours of a display zone', () => {
  it.each([
    ['UTC', '2026-11-29', '2026-11-29T00:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-29', '2026-11-28T18:30:00.000Z'],
    ['Asia/Kathmandu', '2026-11-29', '2026-11-28T18:15:00.000Z'],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', '2026-10-03T13:30:00.000Z'],
  ])('a day of %s (%s) starts at its local midnight, %s', (name, date, start) => {
    const z = zone(name);
    expect(iso(startOfLocalDay(z, date))).toBe(start);
    expect(icuReading(name, startOfLocalDay(z, date))).toBe(`${date}T00:00`);
    expect(localDate(z, startOfLocalDay(z, date))).toBe(date);
    expect(localDate(z, startOfLocalDay(z, date) - 1)).not.toBe(date);
  });

  it('a day whose midnight the clocks skip starts when they jump (America/Santiago, 2026-09-06)', () => {
    const z = zone('America/Santiago');
    const start = startOfLocalDay(z, '2026-09-06');
    expect(icuReading('America/Santiago', start)).toBe('2026-09-06T01:00');
    expect(icuReading('America/Santiago', start - 1000)).toBe('2026-09-05T23:59');
  });

  it('hours of a half-hour zone start at :30 UTC; a night the clocks go back has 25 hours, each its own', () => {
    expect(localHours(zone('Asia/Kolkata'), at('2026-11-29T00:00:00Z'), at('2026-11-29T03:00:00Z')).map(iso)).toEqual([
      '2026-11-28T23:30:00.000Z',
      '2026-11-29T00:30:00.000Z',
      '2026-11-29T01:30:00.000Z',
      '2026-11-29T02:30:00.000Z',
    ]);
    const ny = zone('America/New_York');
    const hours = localHours(ny, startOfLocalDay(ny, '2026-11-01'), startOfLocalDay(ny, '2026-11-02'));
    expect(hours).toHaveLength(25);
    expect(new Set(hours.map((h) => icuReading('America/New_York', h).slice(11))).size).toBe(24);
    expect(hourOf(ny, at('2026-11-01T06:20:00Z'))).toBe(at('2026-11-01T06:00:00Z'));
  });

  it('a window of whole UTC days in UTC is counted from the roll-ups alone', () => {
    const plan = planWindow(zone('UTC'), at('2026-11-23T00:00:00Z'), at('2026-11-30T00:00:00Z'));
    expect(plan.days.map((d) => d.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(plan.rollups).toEqual({ first: '2026-11-23', last: '2026-11-29' });
    expect(plan.raw).toEqual([]);
  });

  it('Kolkata days: the edges from raw rows, each roll-up day split at 18:30 UTC (the shorter piece raw)', () => {
    const z = zone('Asia/Kolkata');
    const from = startOfLocalDay(z, '2026-11-27');
    const to = startOfLocalDay(z, '2026-11-30');
    const plan = planWindow(z, from, to);
    expect(plan.days.map((d) => [d.date, iso(d.start)])).toEqual([
      ['2026-11-27', '2026-11-26T18:30:00.000Z'],
      ['2026-11-28', '2026-11-27T18:30:00.000Z'],
      ['2026-11-29', '2026-11-28T18:30:00.000Z'],
    ]);
    expect(plan.rollups).toEqual({ first: '2026-11-27', last: '2026-11-28' });
    expect(plan.raw.map((p) => [iso(p.lo), iso(p.hi), p.day, p.edge])).toEqual([
      ['2026-11-26T18:30:00.000Z', '2026-11-27T00:00:00.000Z', 0, true],
      ['2026-11-27T18:30:00.000Z', '2026-11-28T00:00:00.000Z', 1, false],
      ['2026-11-28T18:30:00.000Z', '2026-11-29T00:00:00.000Z', 2, false],
      ['2026-11-29T00:00:00.000Z', '2026-11-29T18:30:00.000Z', 2, true],
    ]);
    // 10 rows on UTC 11-27 (3 after 18:30), 20 on 11-28 (5 after 18:30), 4 in the first edge, 7 in the last.
    const counts = dayCounts(
      plan,
      new Map([
        ['2026-11-27', 10],
        ['2026-11-28', 20],
      ]),
      [4, 3, 5, 7],
    );
    expect(counts).toEqual([4 + 7, 3 + 15, 5 + 7]);
  });

  it('a window shorter than a day, inside one UTC day, is all raw rows', () => {
    const plan = planWindow(zone('Asia/Kolkata'), at('2026-11-29T10:00:00Z'), at('2026-11-29T20:00:00Z'));
    expect(plan.rollups).toBeNull();
    expect(plan.raw.map((p) => [iso(p.lo), iso(p.hi), p.day])).toEqual([
      ['2026-11-29T10:00:00.000Z', '2026-11-29T18:30:00.000Z', 0],
      ['2026-11-29T18:30:00.000Z', '2026-11-29T20:00:00.000Z', 1],
    ]);
  });

  it('every instant of a long window is in exactly one piece or roll-up day (Kathmandu, 40 days across a month end)', () => {
    const z = zone('Asia/Kathmandu');
    const from = at('2026-10-20T07:13:00Z');
    const to = from + 40 * DAY_MS + 5 * HOUR_MS;
    const plan = planWindow(z, from, to);
    const edges = plan.raw.filter((p) => p.edge).reduce((sum, p) => sum + (p.hi - p.lo), 0);
    const rollupDays = (Date.parse(plan.rollups!.last) - Date.parse(plan.rollups!.first)) / DAY_MS + 1;
    expect(edges + rollupDays * DAY_MS).toBe(to - from);
    expect(plan.days.reduce((sum, d) => sum + (d.end - d.start), 0)).toBe(to - from);
    for (const d of plan.days.slice(1)) expect(icuReading('Asia/Kathmandu', d.start).slice(11)).toBe('00:00');
  });
});
