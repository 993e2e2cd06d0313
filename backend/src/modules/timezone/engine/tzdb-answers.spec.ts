import { ProblemException } from '../../../common/problems/problem.js';
import { TimeEngine } from './time-engine.js';

/** Answers of the engine on the shipped release (2026f) at fixed instants; each expectation is what zic + zoneinfo say. */
const engine = new TimeEngine();
const at = (iso: string) => Date.parse(iso);
const now = (zone: string, iso: string) => engine.currentTime(zone, at(iso));
const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ProblemException) return e.problem;
    throw e;
  }
  throw new Error('expected a problem');
};

describe('the shipped tz release', () => {
  it('is 2026f or newer', () => {
    expect(engine.release.version >= '2026f').toBe(true);
  });

  describe('right offsets today and for the next year (what the runtime’s 2025b got wrong)', () => {
    const cases: [string, string, string][] = [
      ['America/Vancouver', '-07:00', 'MST'],
      ['America/Edmonton', '-06:00', 'CST'],
      ['America/Inuvik', '-06:00', 'CST'],
      ['America/Winnipeg', '-05:00', 'EST'],
      ['Africa/Casablanca', '+00:00', '+00'],
      ['Africa/El_Aaiun', '+00:00', '+00'],
      ['America/Havana', '-04:00', 'CDT'],
    ];
    it.each(cases)('%s is %s (%s) on 2026-11-23', (zone, offset, abbreviation) => {
      expect(now(zone, '2026-11-23T12:00:00Z')).toMatchObject({ utc_offset: offset, abbreviation });
    });
    it.each(cases.filter(([z]) => z !== 'America/Havana'))('%s stays on %s through 2027', (zone, offset) => {
      for (const month of ['01', '04', '07', '10']) expect(now(zone, `2027-${month}-15T12:00:00Z`).utc_offset).toBe(offset);
    });
    it('Havana keeps -04 until 2027-11-07, then -05 CST', () => {
      expect(now('America/Havana', '2027-11-06T12:00:00Z')).toMatchObject({ utc_offset: '-04:00', abbreviation: 'CDT', dst_active: true });
      expect(now('America/Havana', '2027-11-09T12:00:00Z')).toMatchObject({ utc_offset: '-05:00', abbreviation: 'CST', dst_active: false });
    });
    it('Casablanca is on standard +00:00 with no DST', () => {
      const info = engine.info('Africa/Casablanca', '2027-03-01', at('2026-11-23T12:00:00Z'));
      expect(info).toMatchObject({ utc_offset: '+00:00', raw_offset: '+00:00', dst_active: false, observes_dst: false, dst_start: null, dst_end: null });
    });
  });

  describe('isdst as tzdb has it on standard-offset changes', () => {
    it.each([
      ['Europe/Moscow', '1992-09-27T12:00:00Z', '+03:00', 'MSK'],
      ['Asia/Pyongyang', '2018-05-05T12:00:00Z', '+09:00', 'KST'],
      ['America/Miquelon', '1980-06-01T12:00:00Z', '-03:00', '-03'],
      ['America/Danmarkshavn', '1996-06-01T12:00:00Z', '+00:00', 'GMT'],
      ['Africa/Khartoum', '2000-01-16T12:00:00Z', '+03:00', 'EAT'],
      ['Africa/Juba', '2000-01-16T12:00:00Z', '+03:00', 'EAT'],
      ['America/Merida', '1981-12-24T12:00:00Z', '-06:00', 'CST'],
    ])('%s at %s is standard time %s %s', (zone, iso, offset, abbreviation) => {
      expect(now(zone, iso)).toMatchObject({ utc_offset: offset, abbreviation, dst_active: false });
    });
    it('reads negative DST the rearguard way: Dublin winter GMT is standard, summer IST is DST', () => {
      expect(now('Europe/Dublin', '2026-01-15T12:00:00Z')).toMatchObject({ utc_offset: '+00:00', abbreviation: 'GMT', dst_active: false });
      expect(now('Europe/Dublin', '2026-07-15T12:00:00Z')).toMatchObject({ utc_offset: '+01:00', abbreviation: 'IST', dst_active: true });
      expect(engine.info('Europe/Dublin', '2026-07-15', 0)).toMatchObject({ raw_offset: '+00:00', dst_offset: '+01:00' });
    });
  });

  describe('DST windows are real transitions, never 1 January', () => {
    it.each([
      ['Europe/Lisbon', '1975-06-01'],
      ['Asia/Pyongyang', '2018-06-01'],
      ['Europe/London', '1969-06-01'],
      ['Europe/London', '2024-06-01'],
      ['America/New_York', '2024-01-15'],
    ])('%s on %s', (zone, date) => {
      const info = engine.info(zone, date, 0);
      const year = Number(date.slice(0, 4));
      const real = new Set(
        engine
          .clock(zone)
          .transitionsBetween(Date.UTC(year - 1, 0, 1), Date.UTC(year + 2, 0, 1))
          .map((t) => t.at),
      );
      for (const edge of [info.dst_start, info.dst_end]) {
        if (edge === null) continue;
        expect(edge.slice(5, 10)).not.toBe('01-01');
        expect(real.has(Date.parse(edge.replace(/([+-]\d\d:\d\d):\d\d$/, '$1')))).toBe(true);
      }
    });
    it('London 1968-1971 was British Standard Time: standard, no DST window', () => {
      expect(engine.info('Europe/London', '1969-06-01', 0)).toMatchObject({
        utc_offset: '+01:00',
        abbreviation: 'BST',
        dst_active: false,
        dst_start: null,
        dst_end: null,
      });
    });
  });

  describe('offsets keep their seconds', () => {
    it('Monrovia until 1972 is -00:44:30: 1972-01-06T12:00Z is 11:15:30 there', () => {
      expect(now('Africa/Monrovia', '1972-01-06T12:00:00Z')).toMatchObject({
        current_time: '1972-01-06T11:15:30-00:44:30',
        utc_offset: '-00:44:30',
        abbreviation: 'MMT',
      });
    });
    it('New York before 1883-11-18 is -04:56:02 local mean time', () => {
      expect(now('America/New_York', '1883-11-18T12:00:00Z')).toMatchObject({ current_time: '1883-11-18T07:03:58-04:56:02', abbreviation: 'LMT' });
    });
    it('Paris before 1911 is +00:09:21', () => {
      expect(now('Europe/Paris', '1910-03-01T12:00:00Z')).toMatchObject({ current_time: '1910-03-01T12:09:21+00:09:21', abbreviation: 'PMT' });
    });
    it('a transition lists its offsets in seconds too', () => {
      const [t] = engine.transitions('Africa/Monrovia', '1972-01-01', '1973-01-01', 0).transitions;
      expect(t).toMatchObject({
        at: '1972-01-07T00:44:30.000Z',
        offset_before: '-00:44:30',
        offset_after: '+00:00',
        offset_before_seconds: -2670,
        offset_after_seconds: 0,
      });
    });
    it('a date-time with a seconds offset is read to the second', () => {
      expect(engine.convert('UTC', 'Africa/Monrovia', '1972-01-06T11:15:30-00:44:30').convertedDateTime).toBe('1972-01-06T11:15:30-00:44:30');
    });
  });

  describe('abbreviations are tzdb’s, for the instant asked', () => {
    it.each([
      ['America/Adak', '2026-01-15T12:00:00Z', 'HST'],
      ['America/Havana', '2026-01-15T12:00:00Z', 'CST'],
      ['America/Argentina/Buenos_Aires', '2026-01-15T12:00:00Z', '-03'],
      ['Asia/Kathmandu', '2026-01-15T12:00:00Z', '+0545'],
      ['America/Ciudad_Juarez', '1998-07-01T12:00:00Z', 'MDT'],
      ['Atlantic/Faroe', '1981-02-01T12:00:00Z', 'WET'],
      ['Europe/Chisinau', '1991-06-01T12:00:00Z', 'EEST'],
    ])('%s at %s is %s', (zone, iso, abbreviation) => {
      expect(now(zone, iso).abbreviation).toBe(abbreviation);
    });
  });

  describe('answers stay in the years the API accepts', () => {
    it('a conversion past 9999-12-31 is refused, not answered as +010000', () => {
      expect(problemOf(() => engine.convert('UTC', 'Pacific/Kiritimati', '9999-12-31T23:00:00'))).toMatchObject({ status: 400, code: 'datetime_out_of_range' });
    });
    it('arithmetic past 9999 is refused', () => {
      expect(problemOf(() => engine.add('9999-12-31T00:00:00', 'P1D', 'Asia/Tokyo'))).toMatchObject({ status: 400, code: 'invalid_timespan' });
      expect(problemOf(() => engine.add('0001-01-01T00:00:00Z', '-1.00:00:00', undefined))).toMatchObject({ status: 400, code: 'invalid_timespan' });
    });
    it('the edges themselves are answered', () => {
      expect(engine.convert('UTC', 'UTC', '9999-12-31T23:59:59').convertedDateTime).toBe('9999-12-31T23:59:59+00:00');
      expect(engine.convert('UTC', 'UTC', '0001-01-01T00:00:00').convertedDateTime).toBe('0001-01-01T00:00:00+00:00');
    });
  });
});
