/**
 * The rule-set parser and the expansion under random input: text made of RFC 5545's own pieces (names, parts,
 * values in and out of range, separators, folding) and plain noise. Every outcome is an answer of at most 1,000
 * occurrences or a 4xx ProblemException with one of the recurrence or zone codes; never another error, and never
 * a walk that does not end (the expansion's work is bounded by its caps).
 */
import fc from 'fast-check';
import { ProblemException } from '../../../common/problems/problem.js';
import { fuzzRuns } from '../../../../test/support/fuzz.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { expandRuleSet } from './expansion.js';
import { parseRuleSet } from './rule-set.js';

const engine = sharedTimeEngine();
const zoneOf = (tzid: string) => engine.clock(engine.zone(tzid, 'rule').canonical);
const CODES = new Set(['invalid_recurrence', 'recurrence_count_too_large', 'too_many_occurrences', 'invalid_timezone']);

const value = fc.oneof(
  fc.constantFrom('0', '1', '-1', '2', '7', '13', '31', '-31', '53', '60', '366', '367', '1000', '1001', '999999', '', '+3', 'x', '1,2,3', '-0'),
  fc.integer({ min: -400, max: 400 }).map(String),
);
const weekday = fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU', 'XX', '1MO', '-1FR', '54SU', '0TU', '+2WE');
const part = fc.oneof(
  fc.constantFrom('FREQ=YEARLY', 'FREQ=MONTHLY', 'FREQ=WEEKLY', 'FREQ=DAILY', 'FREQ=HOURLY', 'FREQ=MINUTELY', 'FREQ=SECONDLY', 'FREQ=NEVER', 'FREQ='),
  fc
    .tuple(fc.constantFrom('INTERVAL', 'COUNT', 'BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH', 'BYSETPOS', 'BYFOO'), value)
    .map(([k, v]) => `${k}=${v}`),
  fc.array(weekday, { minLength: 1, maxLength: 4 }).map((d) => `BYDAY=${d.join(',')}`),
  fc.constantFrom('WKST=SU', 'WKST=ZZ', 'UNTIL=20280101T000000Z', 'UNTIL=20280101', 'UNTIL=2028', 'UNTIL=20271301T000000Z'),
);
const moment = fc.constantFrom(
  '20270301T093000',
  '20270314T023000',
  '20271107T013000',
  '20270301',
  '20270301T093000Z',
  '20270230T000000',
  '18000101T000000',
  '2027',
);
const line = fc.oneof(
  fc
    .tuple(fc.constantFrom('', ';TZID=America/New_York', ';TZID="Eastern Standard Time"', ';TZID=Mars/Base', ';VALUE=DATE', ';TZID'), moment)
    .map(([p, m]) => `DTSTART${p}:${m}`),
  fc.array(part, { minLength: 0, maxLength: 6 }).map((parts) => `RRULE:${parts.join(';')}`),
  fc
    .tuple(fc.constantFrom('RDATE', 'EXDATE'), fc.constantFrom('', ';TZID=Europe/London', ';VALUE=PERIOD'), fc.array(moment, { minLength: 1, maxLength: 3 }))
    .map(([n, p, ms]) => `${n}${p}:${ms.join(',')}`),
  fc.constantFrom('BEGIN:VEVENT', 'SUMMARY:Standup', 'X-FOO:bar', 'NOPE:1', ':', ' folded', 'FREQ=DAILY;COUNT=2'),
  fc.string({ maxLength: 30 }),
);
const ruleSet = fc.tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r\n ')).map(([lines, sep]) => lines.join(sep));
const window = fc.record({
  from: fc.option(fc.constantFrom(Date.UTC(2027, 0, 1), Date.UTC(1900, 0, 1), Date.UTC(2099, 0, 1)), { nil: null }),
  to: fc.option(fc.constantFrom(Date.UTC(2027, 5, 1), Date.UTC(2030, 0, 1), Date.UTC(2101, 0, 1)), { nil: null }),
});

describe('the rule-set parser and expansion, fuzzed', () => {
  it('answers a bounded list or a 4xx problem with a stable code for any text', () => {
    const failures: string[] = [];
    fc.assert(
      fc.property(ruleSet, window, (text, w) => {
        try {
          const set = parseRuleSet(text);
          const zone = zoneOf(set.start.zone ?? 'UTC');
          const { occurrences } = expandRuleSet(set, zone, zoneOf, w);
          if (occurrences.length > 1000) failures.push(`${JSON.stringify(text)}: ${occurrences.length} occurrences`);
        } catch (err) {
          if (!(err instanceof ProblemException)) failures.push(`${JSON.stringify(text)}: ${String(err)}`);
          else if (!CODES.has(String(err.toDocument().code)) || err.getStatus() >= 500)
            failures.push(`${JSON.stringify(text)}: ${String(err.toDocument().code)}`);
        }
        return failures.length === 0;
      }),
      { numRuns: fuzzRuns(20), endOnFailure: true },
    );
    expect(failures).toEqual([]);
  });
});
