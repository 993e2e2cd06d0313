/**
 * Business-day arithmetic against a brute-force walk over the same calendar, built independently: the raw date-holidays
 * lists (public, whole days), CLDR's weekData JSON read here, and JavaScript Date stepping one day at a time.
 * 10,000 seeded random cases over 2025-2028 in countries with different weekends, starts on weekends and holidays
 * included, forward and back; then durations the same way.
 */
import { createRequire } from 'node:module';
import Holidays from 'date-holidays';
import { BusinessCalendar } from './business-calendar.js';
import { addBusinessDays, businessDuration } from './business-days.js';
import { HolidayData } from './holiday-data.js';
import { cldrWeekend } from './weekend.js';

const require = createRequire(import.meta.url);
const weekData = (require('cldr-core/supplemental/weekData.json') as { supplemental: { weekData: Record<string, Record<string, string>> } }).supplemental
  .weekData;
const DAY = 86_400_000;
const CLDR_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** mulberry32: a small seeded PRNG, so every run checks the same cases. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bruteCalendars = new Map<string, ReturnType<typeof buildBruteCalendar>>();
function bruteCalendar(country: string, subdivision: string | undefined) {
  const key = `${country}|${subdivision}`;
  if (!bruteCalendars.has(key)) bruteCalendars.set(key, buildBruteCalendar(country, subdivision));
  return bruteCalendars.get(key)!;
}

/** The brute-force calendar: closed dates (YYYY-MM-DD) from the raw data, weekend days as JavaScript getUTCDay numbers. */
function buildBruteCalendar(country: string, subdivision: string | undefined) {
  const closed = new Set<string>();
  for (let year = 2017; year <= 2036; year++) {
    const raw = (subdivision ? new Holidays(country, subdivision, { timezone: 'UTC' }) : new Holidays(country, { timezone: 'UTC' })).getHolidays(year);
    for (const h of raw) {
      // Public holidays dated from midnight (or from sunset the evening before: "2025-04-13 00:00:00 -0600") close their
      // dated day and each later day they reach; one dated later in the day (14:00) closes no whole day.
      if (h.type !== 'public' || h.date.slice(11, 19) !== '00:00:00') continue;
      const last = new Date(h.end.getTime() - 1).toISOString().slice(0, 10);
      for (const d = new Date(`${h.date.slice(0, 10)}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d.setUTCDate(d.getUTCDate() + 1)) {
        closed.add(d.toISOString().slice(0, 10));
      }
    }
  }
  const start = CLDR_DAYS.indexOf(weekData.weekendStart[country] ?? weekData.weekendStart['001']);
  const end = CLDR_DAYS.indexOf(weekData.weekendEnd[country] ?? weekData.weekendEnd['001']);
  const weekend = new Set<number>();
  for (let d = start; ; d = (d + 1) % 7) {
    weekend.add(d);
    if (d === end) break;
  }
  // Day numbers: JavaScript's getUTCDay of day n is (n + 4) % 7 (1970-01-01 was a Thursday), checked against Date below.
  const closedDays = new Set([...closed].map((d) => Date.parse(`${d}T00:00:00Z`) / DAY));
  const isBusiness = (day: number) => !weekend.has((((day + 4) % 7) + 7) % 7) && !closedDays.has(day);
  return { closed: [...closed], isBusiness };
}

function bruteAdd(isBusiness: (day: number) => boolean, start: string, days: number): string {
  let day = Date.parse(`${start}T00:00:00Z`) / DAY;
  if (days === 0) {
    while (!isBusiness(day)) day++;
  }
  for (let left = Math.abs(days); left > 0;) {
    day += Math.sign(days);
    if (isBusiness(day)) left--;
  }
  return new Date(day * DAY).toISOString().slice(0, 10);
}

const CALENDARS: [string, string | undefined][] = [
  ['US', 'NY'],
  ['DE', 'BY'],
  ['JP', undefined],
  ['IL', undefined],
  ['SA', undefined],
  ['AE', undefined],
  ['IN', undefined],
  ['GB', 'SCT'],
];
const data = new HolidayData();
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const ours = (country: string, subdivision: string | undefined) =>
  new BusinessCalendar(data, { country, subdivision, types: ['public'], weekend: cldrWeekend(country), extraClosures: new Set() }, 'days');

describe('business days against a brute-force walk', () => {
  it('10,000 random moves agree, starts on weekends and holidays and negative days included', () => {
    const random = prng(49);
    const calendars = CALENDARS.map(([c, s]) => {
      const brute = bruteCalendar(c, s);
      return { ours: ours(c, s), brute, closedIn: brute.closed.filter((d) => d >= '2025' && d < '2029') };
    });
    const from = Date.parse('2025-01-01T00:00:00Z');
    let agree = 0;
    let closedStarts = 0;
    const mismatches: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const calendar = calendars[Math.floor(random() * calendars.length)];
      const start =
        random() < 0.2
          ? calendar.closedIn[Math.floor(random() * calendar.closedIn.length)]
          : new Date(from + Math.floor(random() * 1461) * DAY).toISOString().slice(0, 10);
      const days = random() < 0.05 ? 0 : Math.round((random() * 2 - 1) * (random() < 0.1 ? 1500 : 60));
      if (!calendar.brute.isBusiness(Date.parse(`${start}T00:00:00Z`) / DAY)) closedStarts++;
      const expected = bruteAdd(calendar.brute.isBusiness, start, days);
      const answer = addBusinessDays(calendar.ours, dayNumber(start), days);
      if (answer.resultDate === expected && answer.calendarDays === dayNumber(expected) - dayNumber(start)) agree++;
      else if (mismatches.length < 5) mismatches.push(`${start} ${days}: ${answer.resultDate} vs ${expected}`);
    }
    expect(mismatches).toEqual([]);
    expect(agree).toBe(10_000);
    expect(closedStarts).toBeGreaterThan(2_000);
  });

  it('durations agree with counting day by day, and business days + weekend + holidays add up to the calendar days', () => {
    const random = prng(4949);
    const calendars = CALENDARS.map(([c, s]) => ({ ours: ours(c, s), brute: bruteCalendar(c, s) }));
    for (let i = 0; i < 1_000; i++) {
      const { ours: calendar, brute } = calendars[i % calendars.length];
      const start = Date.parse('2025-01-01T00:00:00Z') + Math.floor(random() * 1200) * DAY;
      const end = start + Math.floor(random() * 200) * DAY;
      const includeEnd = random() < 0.5;
      let expected = 0;
      for (let t = start; includeEnd ? t <= end : t < end; t += DAY) if (brute.isBusiness(t / DAY)) expected++;
      const answer = businessDuration(calendar, start / DAY, end / DAY, includeEnd);
      expect(answer.businessDays).toBe(expected);
      expect(answer.businessDays + answer.weekendDays + answer.holidays.length + answer.closedDays).toBe(answer.calendarDays);
    }
  });

  it('the documented rule for a start on a non-business day: the start is never counted', () => {
    const us = ours('US', undefined);
    // 2027-07-03 is a Saturday; Monday 5 July is Independence Day observed.
    expect(addBusinessDays(us, dayNumber('2027-07-03'), 1).resultDate).toBe('2027-07-06');
    expect(addBusinessDays(us, dayNumber('2027-07-03'), -1).resultDate).toBe('2027-07-02');
    expect(addBusinessDays(us, dayNumber('2027-07-03'), 0)).toMatchObject({ resultDate: '2027-07-06', startIsBusinessDay: false });
    expect(addBusinessDays(us, dayNumber('2027-07-02'), 1).skipped).toEqual([
      { date: '2027-07-03', reason: 'weekend' },
      { date: '2027-07-04', reason: 'holiday', name: 'Independence Day' },
      { date: '2027-07-05', reason: 'holiday', name: 'Independence Day (substitute day)' },
    ]);
  });

  it("the brute force's weekday arithmetic is JavaScript's own", () => {
    for (let day = 19_000; day < 19_014; day++) expect((day + 4) % 7).toBe(new Date(day * DAY).getUTCDay());
  });

  it('Israel: Thursday + 1 business day is Sunday', () => {
    expect(addBusinessDays(ours('IL', undefined), dayNumber('2027-01-07'), 1).resultDate).toBe('2027-01-10');
  });

  it('the UAE weekend is Saturday and Sunday (since 2022), Saudi Arabia’s Friday and Saturday', () => {
    expect(cldrWeekend('AE')).toEqual([6, 7]);
    expect(cldrWeekend('SA')).toEqual([5, 6]);
    expect(cldrWeekend('IL')).toEqual([5, 6]);
  });
});
