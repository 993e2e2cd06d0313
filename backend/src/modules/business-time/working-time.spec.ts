/**
 * Working-hours deadlines through the service, on our tz engine and the bundled release. Expected instants are constants
 * reasoned by hand and checked with python3's zoneinfo (datetime(..., tzinfo=ZoneInfo(zone)).astimezone(UTC)).
 */
import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { ProblemException } from '../../common/problems/problem.js';
import { BusinessTimeService } from './business-time.service.js';
import { HolidayData } from './holiday-data.js';
import type { BusinessHoursRequest } from './dto/business-time.dto.js';

const service = new BusinessTimeService(sharedTimeEngine(), new HolidayData());
const hours = (body: Partial<BusinessHoursRequest>) =>
  service.businessHours({ country: 'US', timeZone: 'America/New_York', start: '2026-11-13T16:00:00', hours: 4, ...body } as BusinessHoursRequest);
const utc = (text: string) => new Date(text).toISOString();
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ProblemException) return e.toDocument().code;
    throw e;
  }
  return 'no problem';
};
const EVERY_DAY_0_4 = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, ['00:00-04:00']]));

describe('business hours', () => {
  it('Friday 16:00 in New York plus 4 working hours (09:00-17:00) is Monday 12:00', () => {
    const answer = hours({});
    expect(answer.deadline).toBe('2026-11-16T12:00:00-05:00');
    expect(answer.counted).toEqual([
      { start: '2026-11-13T16:00:00-05:00', end: '2026-11-13T17:00:00-05:00', minutes: 60 },
      { start: '2026-11-16T09:00:00-05:00', end: '2026-11-16T12:00:00-05:00', minutes: 180 },
    ]);
    expect(answer.skipped).toEqual([
      { date: '2026-11-14', reason: 'weekend' },
      { date: '2026-11-15', reason: 'weekend' },
    ]);
  });

  it('going back 4 hours from Monday 12:00 lands on Friday 16:00', () => {
    expect(hours({ start: '2026-11-16T12:00:00', hours: -4 }).deadline).toBe('2026-11-13T16:00:00-05:00');
  });

  it('ending exactly at closing time answers closing time, not the next opening', () => {
    expect(hours({ start: '2026-11-13T13:00:00', hours: 4 }).deadline).toBe('2026-11-13T17:00:00-05:00');
  });

  it('a start outside the hours counts from the next opening', () => {
    expect(hours({ start: '2026-11-14T10:00:00', hours: undefined, minutes: 30 }).deadline).toBe('2026-11-16T09:30:00-05:00');
  });

  it('across the March change in New York: Friday 16:00 EST + 4 h is Monday 12:00 EDT (16:00 UTC)', () => {
    const answer = hours({ start: '2027-03-12T16:00:00' });
    expect(answer.deadline).toBe('2027-03-15T12:00:00-04:00');
    expect(utc(answer.deadline)).toBe('2027-03-15T16:00:00.000Z');
  });

  it('across the November change in New York: Friday 16:00 EDT + 4 h is Monday 12:00 EST (17:00 UTC)', () => {
    const answer = hours({ start: '2027-11-05T16:00:00' });
    expect(utc(answer.deadline)).toBe('2027-11-08T17:00:00.000Z');
  });

  it('across the March change in Berlin, over Good Friday and Easter Monday: Thursday 16:00 CET + 4 h is Tuesday 12:00 CEST (10:00 UTC)', () => {
    const answer = hours({ country: 'DE', timeZone: 'Europe/Berlin', start: '2027-03-25T16:00:00' });
    expect(utc(answer.deadline)).toBe('2027-03-30T10:00:00.000Z');
    expect(answer.skipped.map((s) => s.reason)).toEqual(['holiday', 'weekend', 'weekend', 'holiday']);
  });

  it('across the October change in Berlin: Friday 16:00 CEST + 4 h is Monday 12:00 CET (11:00 UTC)', () => {
    expect(utc(hours({ country: 'DE', timeZone: 'Europe/Berlin', start: '2027-10-29T16:00:00' }).deadline)).toBe('2027-11-01T11:00:00.000Z');
  });

  it('a 00:00-04:00 window on the spring-forward day holds 3 real hours, on the fall-back day 5', () => {
    const spring = hours({ start: '2027-03-14T00:00:00', hours: 4, weekend: [], openingHours: EVERY_DAY_0_4 });
    expect(spring.counted.map((c) => c.minutes)).toEqual([180, 60]);
    expect(spring.deadline).toBe('2027-03-15T01:00:00-04:00');
    const autumn = hours({ start: '2027-11-07T00:00:00', hours: 5, weekend: [], openingHours: EVERY_DAY_0_4 });
    expect(autumn.counted.map((c) => c.minutes)).toEqual([300]);
    expect(utc(autumn.deadline)).toBe('2027-11-07T09:00:00.000Z');
  });

  it('a start inside a DST gap is refused as conversions refuse it, and read forward with dstAmbiguity=compatible', () => {
    expect(code(() => hours({ start: '2027-03-14T02:30:00' }))).toBe('invalid_local_time');
    const answer = hours({ start: '2027-03-14T02:30:00', dstAmbiguity: 'compatible', weekend: [], openingHours: EVERY_DAY_0_4, hours: undefined, minutes: 30 });
    expect(answer.start).toBe('2027-03-14T03:30:00-04:00');
    expect(answer.deadline).toBe('2027-03-14T04:00:00-04:00');
  });

  it('a start with an offset is that instant, shown in the zone', () => {
    expect(hours({ start: '2026-11-13T21:00:00Z' }).start).toBe('2026-11-13T16:00:00-05:00');
  });

  it('a holiday closes its day: Thanksgiving 2026 is skipped by name', () => {
    const answer = hours({ start: '2026-11-25T16:00:00', hours: 2 });
    expect(answer.deadline).toBe('2026-11-27T10:00:00-05:00');
    expect(answer.skipped).toEqual([{ date: '2026-11-26', reason: 'holiday', name: 'Thanksgiving Day' }]);
  });

  it('refuses what would loop or never end: no hours on any day, overlapping or reversed ranges, more than a year of work', () => {
    expect(code(() => hours({ openingHours: {} }))).toBe('invalid_opening_hours');
    expect(code(() => hours({ openingHours: { monday: ['09:00-12:00', '11:00-13:00'] } }))).toBe('invalid_opening_hours');
    expect(code(() => hours({ openingHours: { monday: ['13:00-17:00', '09:00-12:00'] } }))).toBe('invalid_opening_hours');
    expect(code(() => hours({ openingHours: { monday: ['17:00-09:00'] } }))).toBe('invalid_opening_hours');
    expect(code(() => hours({ openingHours: { funday: ['09:00-17:00'] } }))).toBe('invalid_opening_hours');
    expect(code(() => hours({ openingHours: { monday: ['09:00-24:01'] } }))).toBe('invalid_opening_hours');
    expect(code(() => hours({ hours: 2100 }))).toBe('working_time_out_of_range');
    expect(code(() => hours({ hours: 1e9 }))).toBe('working_time_out_of_range');
    expect(code(() => hours({ hours: 4, minutes: 3 }))).toBe('invalid_timespan');
    expect(code(() => hours({ weekend: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }))).toBe('invalid_weekend');
  });

  it('24:00 ends a window at midnight, and round-the-clock windows that meet are one open stretch', () => {
    const allDay = Object.fromEntries(['monday', 'tuesday'].map((d) => [d, ['00:00-24:00']]));
    expect(hours({ start: '2026-11-16T23:00:00', hours: 2, openingHours: allDay }).deadline).toBe('2026-11-17T01:00:00-05:00');
    const open = service.openAt({ country: 'US', timeZone: 'America/New_York', at: '2026-11-16T23:00:00', hours: '00:00-24:00' }, 0);
    expect(open).toMatchObject({ open: true, closesAt: '2026-11-21T00:00:00-05:00', nextOpening: '2026-11-23T00:00:00-05:00' });
  });

  it('open now: inside the hours, between them, and before a weekend', () => {
    const at = (when: string) => service.openAt({ country: 'US', timeZone: 'America/New_York', at: when, hours: '09:00-12:00,13:00-17:00' }, 0);
    expect(at('2026-11-13T10:00:00')).toMatchObject({ open: true, closesAt: '2026-11-13T12:00:00-05:00', nextOpening: '2026-11-13T13:00:00-05:00' });
    expect(at('2026-11-13T12:30:00')).toMatchObject({ open: false, closesAt: null, nextOpening: '2026-11-13T13:00:00-05:00' });
    expect(at('2026-11-13T17:00:00')).toMatchObject({ open: false, nextOpening: '2026-11-16T09:00:00-05:00' });
  });

  it('Israel works on Sunday (CLDR weekend Friday and Saturday): Thursday 16:00 + 4 h is Sunday 12:00', () => {
    const answer = hours({ country: 'IL', timeZone: 'Asia/Jerusalem', start: '2027-01-07T16:00:00' });
    expect(answer.deadline).toBe('2027-01-10T12:00:00+02:00');
    expect(answer.skipped.map((s) => s.date)).toEqual(['2027-01-08', '2027-01-09']);
  });
});
