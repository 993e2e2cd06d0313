import { TimeEngine } from './time-engine.js';
import { ProblemException } from '../../../common/problems/problem.js';

const engine = new TimeEngine();
const at = (iso: string) => Date.parse(iso);

function problemOf(fn: () => unknown): { status: number; code: string; field?: string; extra?: Record<string, unknown>; detail?: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ProblemException) return e.problem;
    throw e;
  }
  throw new Error('expected a problem');
}

describe('current time', () => {
  it('New York follows the 2007 rule change: DST from the second Sunday of March', () => {
    // 2007-03-11 is the second Sunday; before 2007 DST started on the first Sunday of April.
    expect(engine.currentTime('America/New_York', at('2007-03-12T12:00:00Z')).dst_active).toBe(true);
    expect(engine.currentTime('America/New_York', at('2006-03-13T12:00:00Z')).dst_active).toBe(false);
    expect(engine.currentTime('America/New_York', at('2006-04-03T12:00:00Z')).utc_offset).toBe('-04:00');
    const t = engine.currentTime('America/New_York', at('2007-03-12T12:00:00Z'));
    expect(t).toMatchObject({ current_time: '2007-03-12T08:00:00-04:00', utc_offset: '-04:00', abbreviation: 'EDT' });
    // Country names are CLDR's English ones (United States; United Kingdom where tzdb's iso3166.tab says "Britain (UK)").
    expect(t.location).toMatchObject({ country: 'United States', region: 'America' });
    expect(engine.currentTime('Europe/London', at('2007-03-12T12:00:00Z')).location.country).toBe('United Kingdom');
  });

  it('Kathmandu is +05:45 all year', () => {
    const t = engine.currentTime('Asia/Kathmandu', at('2024-06-01T00:00:00Z'));
    expect(t).toMatchObject({ utc_offset: '+05:45', dst_active: false, current_time: '2024-06-01T05:45:00+05:45' });
  });

  it("Lord Howe's DST moves clocks by 30 minutes", () => {
    expect(engine.currentTime('Australia/Lord_Howe', at('2024-01-15T00:00:00Z'))).toMatchObject({ utc_offset: '+11:00', dst_active: true });
    expect(engine.currentTime('Australia/Lord_Howe', at('2024-06-15T00:00:00Z'))).toMatchObject({ utc_offset: '+10:30', dst_active: false });
  });

  it('Sao Paulo has no DST after 2019', () => {
    expect(engine.currentTime('America/Sao_Paulo', at('2018-12-15T12:00:00Z'))).toMatchObject({ utc_offset: '-02:00', dst_active: true });
    expect(engine.currentTime('America/Sao_Paulo', at('2020-12-15T12:00:00Z'))).toMatchObject({ utc_offset: '-03:00', dst_active: false });
  });

  it('Moscow: permanent +04 from 2011, back to +03 in October 2014', () => {
    expect(engine.currentTime('Europe/Moscow', at('2011-01-15T12:00:00Z')).utc_offset).toBe('+03:00');
    expect(engine.currentTime('Europe/Moscow', at('2011-12-15T12:00:00Z'))).toMatchObject({ utc_offset: '+04:00', dst_active: false });
    expect(engine.currentTime('Europe/Moscow', at('2014-06-15T12:00:00Z'))).toMatchObject({ utc_offset: '+04:00', dst_active: false });
    expect(engine.currentTime('Europe/Moscow', at('2014-12-15T12:00:00Z'))).toMatchObject({ utc_offset: '+03:00', dst_active: false });
  });

  it('Asia/Calcutta answers as Asia/Kolkata and names the link', () => {
    const t = engine.currentTime('Asia/Calcutta', at('2024-01-01T00:00:00Z'));
    expect(t).toMatchObject({ timezone: 'Asia/Kolkata', requested_timezone: 'Asia/Calcutta', utc_offset: '+05:30', abbreviation: 'IST' });
  });

  it('accepts any letter case and answers the canonical spelling', () => {
    expect(engine.currentTime('europe/LONDON', at('2024-07-01T00:00:00Z'))).toMatchObject({ timezone: 'Europe/London', abbreviation: 'BST' });
  });

  it('refuses abbreviations with a hint', () => {
    const p = problemOf(() => engine.currentTime('BST', 0));
    expect(p).toMatchObject({ status: 400, code: 'invalid_timezone', field: 'timezone' });
    expect(p.detail).toMatch(/abbreviation/);
  });

  it('answers UTC as UTC', () => {
    expect(engine.currentTime('utc', at('2024-01-01T00:00:00Z'))).toMatchObject({ timezone: 'UTC', current_time: '2024-01-01T00:00:00+00:00' });
    expect(engine.convert('UTC', 'UTC', '2024-01-01T00:00:00').requestedTimeZones).toBeUndefined();
  });

  it('refuses unknown names', () => {
    expect(problemOf(() => engine.currentTime('Mars/Olympus_Mons', 0))).toMatchObject({ code: 'invalid_timezone' });
  });
});

describe('Pacific/Apia skipped 2011-12-30', () => {
  it('jumps from -10:00 to +14:00', () => {
    const t = engine.transitions('Pacific/Apia', '2011-12-01', '2012-01-01', 0);
    expect(t.transitions).toEqual([
      expect.objectContaining({
        at: '2011-12-30T10:00:00.000Z',
        local_before: '2011-12-30T00:00:00',
        local_after: '2011-12-31T00:00:00',
        offset_before: '-10:00',
        offset_after: '+14:00',
      }),
    ]);
  });
  it('a wall-clock time on 2011-12-30 does not exist', () => {
    const p = problemOf(() => engine.convert('Pacific/Apia', 'UTC', '2011-12-30T12:00:00'));
    expect(p).toMatchObject({ code: 'invalid_local_time' });
    expect(p.extra).toMatchObject({ firstValidTime: '2011-12-31T00:00:00+14:00' });
  });
});

describe('conversion across London DST', () => {
  it('2024-03-31 01:30 is in the gap: 400 naming the gap and the first valid time', () => {
    const p = problemOf(() => engine.convert('Europe/London', 'UTC', '2024-03-31T01:30:00'));
    expect(p).toMatchObject({ status: 400, code: 'invalid_local_time', field: 'dateTime' });
    expect(p.extra).toMatchObject({ gapStart: '2024-03-31T01:00:00', gapEnd: '2024-03-31T02:00:00', firstValidTime: '2024-03-31T02:00:00+01:00' });
  });
  it('gap with a choice resolves the Temporal way', () => {
    expect(engine.convert('Europe/London', 'UTC', '2024-03-31T01:30:00', 'compatible').convertedDateTime).toBe('2024-03-31T01:30:00+00:00');
    expect(engine.convert('Europe/London', 'UTC', '2024-03-31T01:30:00', 'later').convertedDateTime).toBe('2024-03-31T01:30:00+00:00');
    expect(engine.convert('Europe/London', 'UTC', '2024-03-31T01:30:00', 'earlier').convertedDateTime).toBe('2024-03-31T00:30:00+00:00');
    expect(problemOf(() => engine.convert('Europe/London', 'UTC', '2024-03-31T01:30:00', 'reject')).code).toBe('invalid_local_time');
  });
  it('2024-10-27 01:30 happens twice: ambiguous, earlier by default, both options', () => {
    const r = engine.convert('Europe/London', 'UTC', '2024-10-27T01:30:00');
    expect(r).toMatchObject({ ambiguous: true, originalDateTime: '2024-10-27T01:30:00+01:00', convertedDateTime: '2024-10-27T00:30:00+00:00' });
    expect(r.options).toEqual([
      { originalDateTime: '2024-10-27T01:30:00+01:00', convertedDateTime: '2024-10-27T00:30:00+00:00' },
      { originalDateTime: '2024-10-27T01:30:00+00:00', convertedDateTime: '2024-10-27T01:30:00+00:00' },
    ]);
    expect(engine.convert('Europe/London', 'UTC', '2024-10-27T01:30:00', 'later').convertedDateTime).toBe('2024-10-27T01:30:00+00:00');
    expect(engine.convert('Europe/London', 'UTC', '2024-10-27T01:30:00', 'compatible').convertedDateTime).toBe('2024-10-27T00:30:00+00:00');
    expect(problemOf(() => engine.convert('Europe/London', 'UTC', '2024-10-27T01:30:00', 'reject')).code).toBe('invalid_local_time');
  });
  it('an offset in the input wins over fromTimeZone and the answer says so', () => {
    const r = engine.convert('Europe/London', 'Asia/Tokyo', '2024-06-01T12:00:00+02:00');
    expect(r).toMatchObject({
      inputOffsetUsed: true,
      originalDateTime: '2024-06-01T12:00:00+02:00',
      convertedDateTime: '2024-06-01T19:00:00+09:00',
      dstActive: false,
    });
  });
  it('converts to many zones', () => {
    const r = engine.convertMany('UTC', ['Asia/Kathmandu', 'America/New_York'], '2024-01-01T00:00:00');
    expect(r.conversions.map((c) => c.convertedTime)).toEqual(['2024-01-01T05:45:00+05:45', '2023-12-31T19:00:00-05:00']);
  });
  it('rejects malformed date-times', () => {
    for (const bad of ['2024-02-30T00:00:00', '2024-13-01', 'yesterday', '2024-01-01T25:00', '2024-01-01Z']) {
      expect(problemOf(() => engine.convert('UTC', 'UTC', bad))).toMatchObject({ code: 'invalid_datetime', field: 'dateTime' });
    }
  });
});

describe('info and transitions', () => {
  it('London info on a summer date gives the DST window', () => {
    const i = engine.info('Europe/London', '2024-07-01', 0);
    expect(i).toMatchObject({
      date: '2024-07-01',
      dst_active: true,
      raw_offset: '+00:00',
      dst_offset: '+01:00',
      dst_start: '2024-03-31T02:00:00+01:00',
      dst_end: '2024-10-27T01:00:00+00:00',
    });
  });
  it('Tokyo has no DST window', () => {
    expect(engine.info('Asia/Tokyo', '2024-07-01', 0)).toMatchObject({ dst_start: null, dst_end: null, observes_dst: false });
  });
  it('Moscow transitions of 2011 and 2014', () => {
    expect(engine.transitions('Europe/Moscow', '2011-01-01', '2015-01-01', 0).transitions.map((t) => [t.at, t.offset_after])).toEqual([
      ['2011-03-26T23:00:00.000Z', '+04:00'],
      ['2014-10-25T22:00:00.000Z', '+03:00'],
    ]);
  });
  it('refuses ranges before 1970', () => {
    expect(problemOf(() => engine.transitions('UTC', '1960-01-01', '1971-01-01', 0))).toMatchObject({ code: 'invalid_range', field: 'from' });
  });
});

describe('coordinates', () => {
  it('on land', () => expect(engine.zoneAt(51.5074, -0.1278, 0).timezone).toBe('Europe/London'));
  it('at sea', () => expect(engine.zoneAt(0, -30, 0).timezone).toBe('Etc/GMT+2'));
  it('at the poles', () => {
    expect(engine.zoneAt(90, 0, 0).timezone).toBe('Etc/GMT');
    expect(engine.zoneAt(90, 100, 0).timezone).toBe('Etc/GMT-7');
    expect(typeof engine.zoneAt(-90, 0, 0).timezone).toBe('string');
  });
  it('on the date line', () => {
    expect(engine.zoneAt(0, 180, 0).timezone).toBe('Etc/GMT-12');
    expect(engine.zoneAt(0, -180, 0).timezone).toBe('Etc/GMT+12');
  });
  it('time at a point', () => {
    const t = engine.currentTimeAt(35.6762, 139.6503, at('2024-01-01T00:00:00Z'));
    expect(t).toMatchObject({ timezone: 'Asia/Tokyo', current_time: '2024-01-01T09:00:00+09:00', coordinates: { latitude: 35.6762, longitude: 139.6503 } });
  });
  it('refuses out-of-range values', () => {
    expect(problemOf(() => engine.zoneAt(91, 0, 0))).toMatchObject({ code: 'invalid_coordinates', field: 'latitude' });
    expect(problemOf(() => engine.zoneAt(0, -181, 0))).toMatchObject({ code: 'invalid_coordinates', field: 'longitude' });
  });
});

describe('list, search, lookup', () => {
  it('lists every zone once with country and offset', () => {
    const l = engine.list(at('2024-01-01T00:00:00Z'));
    expect(l.total).toBeGreaterThan(400);
    expect(l.timezones.find((z) => z.timezone === 'Asia/Kolkata')).toMatchObject({ country_code: 'IN', utc_offset: '+05:30', observes_dst: false });
    expect(l.timezones.find((z) => z.timezone === 'Asia/Calcutta')).toBeUndefined();
    // The shipped build keeps backzone's own history for Reykjavik (a Zone, not a link to Abidjan).
    expect(l.timezones.find((z) => z.timezone === 'Atlantic/Reykjavik')).toMatchObject({ canonical_timezone: 'Atlantic/Reykjavik', country_code: 'IS' });
    expect(l.timezones.find((z) => z.timezone === 'UTC')).toMatchObject({ canonical_timezone: 'Etc/UTC', utc_offset: '+00:00' });
    expect(l.timezones.find((z) => z.timezone === 'Europe/London')).toMatchObject({ observes_dst: true, dst_active: false, main_city: 'London' });
  });
  it('search is accent and case insensitive, prefix, by population', () => {
    const s = engine.search('SÃO pa', 0);
    expect(s.timezones[0]).toMatchObject({ city: 'São Paulo', timezone: 'America/Sao_Paulo' });
    expect(engine.search('LONDON', 0).timezones[0]).toMatchObject({ timezone: 'Europe/London', country_code: 'GB' });
  });
  it('lookup resolves free text', () => {
    expect(engine.lookup('Paris, France', 0).candidates[0]).toMatchObject({ timezone: 'Europe/Paris' });
    expect(engine.lookup('Tokyo JP', 0).candidates[0]).toMatchObject({ timezone: 'Asia/Tokyo' });
    const springfield = engine.lookup('Springfield, US', 0).candidates;
    expect(springfield.length).toBeGreaterThan(2);
    expect(springfield.every((c) => c.country_code === 'US')).toBe(true);
  });
});

describe('calculation', () => {
  it('adds .NET time spans exactly without a zone', () => {
    expect(engine.add('2024-01-01T00:00:00Z', '1.12:30:00', undefined).resultDateTime).toBe('2024-01-02T12:30:00+00:00');
  });
  it('with a zone, a day keeps the wall clock across DST while 24:00:00 is exact', () => {
    expect(engine.add('2024-03-30T12:00:00', 'P1D', 'Europe/London').resultDateTime).toBe('2024-03-31T12:00:00+01:00');
    expect(engine.add('2024-03-30T12:00:00', '1.00:00:00', 'Europe/London').resultDateTime).toBe('2024-03-31T12:00:00+01:00');
    expect(engine.add('2024-03-30T12:00:00', 'PT24H', 'Europe/London').resultDateTime).toBe('2024-03-31T13:00:00+01:00');
  });
  it('subtracts ISO durations with months clamped', () => {
    expect(engine.add('2024-03-31T00:00:00Z', 'P1M', undefined, true).resultDateTime).toBe('2024-02-29T00:00:00+00:00');
  });
  it('rejects bad spans', () => {
    for (const bad of ['1.25:00:00', 'abc', 'P', 'PT', '']) {
      expect(problemOf(() => engine.add('2024-01-01T00:00:00Z', bad, undefined))).toMatchObject({ code: 'invalid_timespan', field: 'timeSpan' });
    }
  });
  it('difference is negative when end is before start and calendar-aware with a zone', () => {
    const d = engine.difference('2024-01-02T00:00:00Z', '2024-01-01T00:00:00Z', undefined).difference;
    expect(d).toMatchObject({ totalSeconds: -86400, totalDays: -1, breakdown: { days: -1, hours: 0, minutes: 0, seconds: 0 } });
    const z = engine.difference('2024-03-30T12:00:00', '2024-03-31T12:00:00', 'Europe/London').difference;
    expect(z).toMatchObject({ totalHours: 23, breakdown: { days: 1, hours: 0, minutes: 0, seconds: 0 } });
  });
  it('day of week', () => {
    expect(engine.dayOfWeek('2024-12-29')).toEqual({
      date: '2024-12-29',
      dayOfWeek: 'Sunday',
      dayOfWeekNumber: 7,
      isWeekend: true,
      weekNumber: 52,
      dayOfYear: 364,
    });
    expect(engine.dayOfWeek('2024-12-30')).toMatchObject({ weekNumber: 1, dayOfWeek: 'Monday' });
    expect(problemOf(() => engine.dayOfWeek('2024-02-30'))).toMatchObject({ code: 'invalid_date', field: 'date' });
  });
  it('utc', () => {
    expect(engine.utc(at('2024-12-30T10:00:00.123Z'))).toEqual({
      utc_time: '2024-12-30T10:00:00.123Z',
      unix_timestamp: 1735552800,
      timestamp_ms: 1735552800123,
      day_of_year: 365,
      week_number: 1,
    });
  });
});
