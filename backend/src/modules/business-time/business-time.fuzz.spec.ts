/**
 * Bad input, at the size of the logic: random bodies and queries through the routes' DTO validation (checkInput, as the
 * lane and MCP run it) and the services. Every outcome is an answer or a 4xx ProblemException with a stable code; never
 * another error (a call that looped would not return: the work per request is bounded by the checks it meets).
 */
import fc from 'fast-check';
import { checkInput } from '../gateway/checked-input.js';
import { ProblemException } from '../../common/problems/problem.js';
import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { fuzz, fuzzRuns, nasty } from '../../../test/support/fuzz.js';
import { BusinessTimeService } from './business-time.service.js';
import { HolidayData } from './holiday-data.js';
import { HolidaysService } from './holidays.service.js';
import { BusinessDaysRequest, BusinessDurationRequest, BusinessHoursRequest, HolidayCheckQuery, HolidaysQuery, OpenQuery } from './dto/business-time.dto.js';

const data = new HolidayData();
const business = new BusinessTimeService(sharedTimeEngine(), data);
const holidays = new HolidaysService(sharedTimeEngine(), data, business);

const country = fc.oneof(fc.constantFrom('US', 'de', 'IL', 'XX', 'JP', ''), nasty);
const day = fc.oneof(fc.constantFrom('2027-07-03', '1969-12-31', '2100-12-31', '2101-01-01', '2027-02-30', '0000-01-01'), nasty);
const ranges = fc.array(fc.oneof(fc.constantFrom('09:00-17:00', '00:00-24:00', '17:00-09:00', '24:00-24:00', '9-5', '12:00-12:00'), nasty), { maxLength: 4 });
const calendar = {
  country,
  subdivision: fc.oneof(fc.constantFrom('CA', 'BY', 'ZZ'), nasty),
  weekend: fc.oneof(
    fc.constantFrom(['friday', 'saturday'], [], ['caturday'], ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
    nasty,
  ),
  extraClosures: fc.oneof(fc.array(day, { maxLength: 3 }), nasty),
  types: fc.oneof(fc.constantFrom(['public'], ['bank', 'school'], ['holiday']), nasty),
};

const ROUTES: [string, fc.Arbitrary<Record<string, unknown>>, (source: Record<string, unknown>) => unknown][] = [
  [
    'business-days',
    fc.record({ ...calendar, startDate: day, days: fc.oneof(fc.integer({ min: -12_000, max: 12_000 }), nasty) }, { requiredKeys: [] }),
    (s) => business.businessDays(checkInput(BusinessDaysRequest, s, 'body')),
  ],
  [
    'business-duration',
    fc.record({ ...calendar, startDate: day, endDate: day, includeEnd: nasty }, { requiredKeys: [] }),
    (s) => business.businessDuration(checkInput(BusinessDurationRequest, s, 'body')),
  ],
  [
    'business-hours',
    fc.record(
      {
        ...calendar,
        start: fc.oneof(fc.constantFrom('2027-03-14T02:30:00', '2026-11-13T16:00:00Z', '2100-12-31T23:00:00'), nasty),
        hours: fc.oneof(fc.double({ min: -10_000, max: 10_000, noNaN: true }), nasty),
        minutes: fc.oneof(fc.integer(), nasty),
        timeZone: fc.oneof(fc.constantFrom('America/New_York', 'Mars/Base', 'EST'), nasty),
        openingHours: fc.oneof(fc.dictionary(fc.constantFrom('monday', 'sunday', 'funday'), ranges, { maxKeys: 3 }), nasty),
        dstAmbiguity: nasty,
      },
      { requiredKeys: [] },
    ),
    (s) => business.businessHours(checkInput(BusinessHoursRequest, s, 'body')),
  ],
  [
    'holidays',
    fc.record(
      { country, subdivision: nasty, year: fc.oneof(fc.integer({ min: 1900, max: 2200 }).map(String), nasty), types: nasty, lang: nasty, timeZone: nasty },
      { requiredKeys: [] },
    ),
    (s) => holidays.holidays(checkInput(HolidaysQuery, s, 'query')),
  ],
  [
    'check',
    fc.record({ country, date: day, types: nasty, lang: nasty }, { requiredKeys: [] }),
    (s) => holidays.check(checkInput(HolidayCheckQuery, s, 'query')),
  ],
  [
    'open',
    fc.record(
      {
        country,
        timeZone: fc.oneof(fc.constant('Europe/Berlin'), nasty),
        at: nasty,
        hours: fc.oneof(fc.constantFrom('09:00-17:00', '', ',,'), nasty),
        weekend: nasty,
      },
      { requiredKeys: [] },
    ),
    (s) => business.openAt(checkInput(OpenQuery, s, 'query'), Date.parse('2027-01-01T00:00:00Z')),
  ],
];

describe('business-time inputs, fuzzed', () => {
  for (const [name, arbitrary, call] of ROUTES) {
    it(`${name}: any input is an answer or a 4xx problem with a code`, async () => {
      const failures: string[] = [];
      await fuzz(
        fc.asyncProperty(arbitrary, async (source) => {
          try {
            call(source);
          } catch (error) {
            const doc = error instanceof ProblemException ? error.toDocument() : null;
            if (!doc || doc.status < 400 || doc.status >= 500 || typeof doc.code !== 'string') {
              failures.push(`${JSON.stringify(source)} -> ${error instanceof Error ? error.stack : String(error)}`);
              return false;
            }
          }
          return true;
        }),
        failures,
        fuzzRuns(8),
      );
      expect(failures).toEqual([]);
    });
  }
});
