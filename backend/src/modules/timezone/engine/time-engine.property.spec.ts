import fc from 'fast-check';
import { ProblemException } from '../../../common/problems/problem.js';
import { formatCivil, MS_PER_DAY } from './civil.js';
import { DST_AMBIGUITY, parseDateTime, possibleInstants, type DstAmbiguity } from './local-time.js';
import { sharedTimeEngine } from './shared-engine.js';

const engine = sharedTimeEngine();
const zones = engine.registry.canonicalZones;
const zone = fc.constantFrom(...zones);
/** 1970 to 2100: the range the API promises history and rules for. */
const instant = fc.integer({ min: Date.UTC(1970, 0, 2), max: Date.UTC(2099, 11, 30) }).map((ms) => Math.floor(ms / 1000) * 1000);
const exactSpanMs = fc.integer({ min: -400 * MS_PER_DAY, max: 400 * MS_PER_DAY });

const wallClock = (name: string, epochMs: number) => epochMs + engine.clock(name).offsetAt(epochMs) * 1000;
/** Date.parse knows no offsets with seconds (Monrovia's -00:44:30 until 1972). */
const instantOf = (iso: string) => {
  const p = parseDateTime(iso, 'test');
  return p.civil - (p.offsetSeconds ?? 0) * 1000;
};
const isUnique = (name: string, civil: number) => possibleInstants(engine.clock(name), civil).length === 1;

describe('time engine properties', () => {
  it('converting A→B→A returns the original instant for times that are neither skipped nor repeated', () => {
    fc.assert(
      fc.property(zone, zone, instant, (a, b, at) => {
        const localA = wallClock(a, at);
        fc.pre(isUnique(a, localA));
        const there = engine.convert(a, b, formatCivil(localA));
        const localB = there.convertedDateTime.slice(0, 19);
        fc.pre(isUnique(b, wallClock(b, at)));
        const back = engine.convert(b, a, localB);
        expect(back.ambiguous).toBe(false);
        expect(instantOf(back.convertedDateTime)).toBe(at);
        expect(back.convertedDateTime.slice(0, 19)).toBe(formatCivil(localA));
      }),
      { numRuns: 300 },
    );
  });

  it('adding then subtracting an exact span returns the start (with or without a zone)', () => {
    fc.assert(
      fc.property(instant, exactSpanMs, fc.option(zone, { nil: undefined }), (at, span, tz) => {
        const start = new Date(at).toISOString();
        // Days are calendar days with a zone, so this property sticks to exact seconds.
        const exact = `PT${Math.abs(span) / 1000}S`;
        const forward = engine.add(start, span < 0 ? `-${exact}` : exact, tz);
        const back = engine.add(forward.resultDateTime, span < 0 ? `-${exact}` : exact, tz, true);
        expect(instantOf(back.resultDateTime)).toBe(at);
      }),
      { numRuns: 300 },
    );
  });

  it('adding then subtracting calendar days in a zone returns the start when both wall-clock times exist once', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -800, max: 800 }), zone, (at, days, tz) => {
        const wall = wallClock(tz, at);
        fc.pre(isUnique(tz, wall) && isUnique(tz, wall + days * MS_PER_DAY));
        const start = new Date(at).toISOString();
        const forward = engine.add(start, `${days < 0 ? '-' : ''}P${Math.abs(days)}D`, tz);
        expect(forward.resultDateTime.slice(0, 19)).toBe(formatCivil(wall + days * MS_PER_DAY));
        const back = engine.add(forward.resultDateTime, `${days < 0 ? '-' : ''}P${Math.abs(days)}D`, tz, true);
        expect(instantOf(back.resultDateTime)).toBe(at);
      }),
      { numRuns: 300 },
    );
  });

  it('difference agrees with add: start + breakdown = end (exact, and calendar days in a zone)', () => {
    fc.assert(
      fc.property(instant, instant, fc.option(zone, { nil: undefined }), (a, b, tz) => {
        if (tz) fc.pre(isUnique(tz, wallClock(tz, a)));
        const start = new Date(a).toISOString();
        const end = new Date(b).toISOString();
        const { difference } = engine.difference(start, end, tz);
        expect(difference.totalSeconds).toBe((b - a) / 1000);
        const { days, hours, minutes, seconds } = difference.breakdown;
        const neg = days < 0 || hours < 0 || minutes < 0 || seconds < 0;
        // An ISO 8601 duration: across a day that is 25 hours long the breakdown's hours may be 24, which a .NET span
        // ("6112.24:00:00") may not say.
        const sec = Math.abs(seconds);
        const secText = `${Math.floor(sec)}.${String(Math.round((sec % 1) * 1000)).padStart(3, '0')}`;
        const span = `${neg ? '-' : ''}P${Math.abs(days)}DT${Math.abs(hours)}H${Math.abs(minutes)}M${secText}S`;
        const sum = engine.add(start, span, tz);
        expect(instantOf(sum.resultDateTime)).toBe(b);
      }),
      { numRuns: 300 },
    );
  });

  it('any client input gets an answer or a 4xx problem, never a crash', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '2024-03-31T01:30:00',
        '9999-12-31T23:59:59',
        '0001-01-01',
        '+002024-01-01T00:00Z',
        'P9999Y',
        '-99999999.23:59:59',
        'PT0.5S',
        'Etc/GMT+12',
        'EST5EDT',
        // Names every plain object inherits: a table keyed by client text must not find them.
        '__proto__',
        'constructor',
        'toString',
      ),
      zone,
    );
    const choice = fc.constantFrom<DstAmbiguity | undefined>(undefined, ...DST_AMBIGUITY);
    const calls: ((a: string, b: string, c: string, d: DstAmbiguity | undefined) => unknown)[] = [
      (a, b, c, d) => engine.convert(a, b, c, d),
      (a, b, c, d) => engine.convertMany(a, [b], c, d),
      (a, b, c) => engine.add(a, b, c),
      (a, b) => engine.add(a, b, undefined, true),
      (a, b, c) => engine.difference(a, b, c),
      (a, b) => engine.info(a, b, 0),
      (a, b, c) => engine.transitions(a, b, c, 0),
      (a) => engine.lookup(a, 0),
      (a) => engine.search(a, 0),
      (a) => engine.dayOfWeek(a),
      (a) => engine.currentTime(a, 0),
    ];
    fc.assert(
      fc.property(fc.nat(calls.length - 1), text, text, text, choice, (i, a, b, c, d) => {
        try {
          calls[i](a, b, c, d);
        } catch (err) {
          expect(err).toBeInstanceOf(ProblemException);
          expect((err as ProblemException).getStatus()).toBeLessThan(500);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('any coordinates get a zone or invalid_coordinates', () => {
    fc.assert(
      fc.property(fc.double({ min: -200, max: 200 }), fc.double({ min: -200, max: 200 }), (lat, lon) => {
        try {
          expect(typeof engine.zoneAt(lat, lon, 0).timezone).toBe('string');
        } catch (err) {
          expect((err as ProblemException).problem.code).toBe('invalid_coordinates');
        }
      }),
      { numRuns: 500 },
    );
  });
});
