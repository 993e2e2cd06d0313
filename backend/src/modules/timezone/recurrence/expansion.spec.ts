import { ProblemException } from '../../../common/problems/problem.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { expandRuleSet, type Window } from './expansion.js';
import { parseRuleSet } from './rule-set.js';

const engine = sharedTimeEngine();
const zoneOf = (tzid: string) => engine.clock(engine.zone(tzid).canonical);
const open: Window = { from: null, to: null };
const expand = (text: string, window: Window = open, zone = 'America/New_York') => expandRuleSet(parseRuleSet(text), zoneOf(zone), zoneOf, window).occurrences;

export function problemCode(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof ProblemException) return String(err.toDocument().code);
    throw err;
  }
  throw new Error('no problem thrown');
}

describe('expandRuleSet', () => {
  it('keeps a weekly 09:30 in New York at 09:30 across the spring change, its UTC instant moving by an hour', () => {
    const got = expand('DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3');
    expect(got.map((o) => o.localDateTime)).toEqual(['2027-03-01T09:30:00-05:00', '2027-03-08T09:30:00-05:00', '2027-03-15T09:30:00-04:00']);
    expect(got.map((o) => o.utc)).toEqual(['2027-03-01T14:30:00Z', '2027-03-08T14:30:00Z', '2027-03-15T13:30:00Z']);
  });

  it('moves a time in the spring gap forward by the gap, and takes the first of a repeated time', () => {
    const [gap] = expand('DTSTART;TZID=America/New_York:20270314T023000\nRRULE:FREQ=DAILY;COUNT=1');
    expect(gap).toMatchObject({ scheduled: '2027-03-14T02:30:00', localDateTime: '2027-03-14T03:30:00-04:00', resolution: 'gap' });
    const [overlap] = expand('DTSTART;TZID=America/New_York:20271107T013000\nRRULE:FREQ=DAILY;COUNT=1');
    expect(overlap).toMatchObject({ localDateTime: '2027-11-07T01:30:00-04:00', resolution: 'overlap', utc: '2027-11-07T05:30:00Z' });
  });

  it('removes EXDATEs, adds RDATEs and reads a Windows TZID', () => {
    const got = expand(
      'DTSTART;TZID=Eastern Standard Time:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\nEXDATE;TZID=America/New_York:20270308T093000\nRDATE:20270310T120000Z',
    );
    expect(got.map((o) => [o.localDateTime, o.source])).toEqual([
      ['2027-03-01T09:30:00-05:00', 'rrule'],
      ['2027-03-10T07:00:00-05:00', 'rdate'],
      ['2027-03-15T09:30:00-04:00', 'rrule'],
    ]);
  });

  it('answers the last weekday of each month (BYSETPOS) inside a window', () => {
    const got = expand(
      'DTSTART;TZID=Asia/Tokyo:20270101T100000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      {
        from: Date.UTC(2027, 2, 1),
        to: Date.UTC(2027, 5, 1),
      },
      'Asia/Tokyo',
    );
    expect(got.map((o) => o.localDateTime.slice(0, 10))).toEqual(['2027-03-31', '2027-04-30', '2027-05-31']);
  });

  it('refuses an unbounded rule with no end to the window, and a window over the cap', () => {
    const rule = 'DTSTART;TZID=America/New_York:20270101T000000\nRRULE:FREQ=HOURLY';
    expect(problemCode(() => expand(rule))).toBe('too_many_occurrences');
    expect(problemCode(() => expand(rule, { from: null, to: Date.UTC(2027, 3, 1) }))).toBe('too_many_occurrences');
    expect(expand(rule, { from: null, to: Date.UTC(2027, 0, 2) })).toHaveLength(20);
  });

  it('refuses a rule that never matches instead of walking forever', () => {
    expect(problemCode(() => expand('DTSTART;TZID=America/New_York:20270101T000000\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=2'))).toBe(
      'invalid_recurrence',
    );
  });
});
