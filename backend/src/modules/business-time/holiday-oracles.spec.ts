/**
 * Our holiday lists (date-holidays through HolidayData, public holidays) against independent sources for 2025-2028:
 * US federal holidays (@18f/us-federal-holidays, OPM's rules), Japan (@holiday-jp/holiday_jp, the Cabinet Office's list)
 * and every German state (feiertagejs). Agreements are counted date by date; where the sources legitimately differ,
 * the difference is a named exception below, and any other difference fails.
 */
import fedHolidays from '@18f/us-federal-holidays';
import holidayJp from '@holiday-jp/holiday_jp';
import { getHolidays as germanHolidays, type Region } from 'feiertagejs';
import { HolidayData } from './holiday-data.js';

const YEARS = [2025, 2026, 2027, 2028];
const data = new HolidayData();
const iso = (d: Date) => d.toISOString().slice(0, 10);
const weekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const ours = (country: string, subdivision?: string) =>
  new Set(YEARS.flatMap((y) => data.holidays(country, subdivision, y, { types: ['public'] }).map((h) => h.date)));

function compare(oracle: Set<string>, mine: Set<string>) {
  return {
    agree: [...oracle].filter((d) => mine.has(d)).length,
    oracleOnly: [...oracle].filter((d) => !mine.has(d)).sort(),
    oursOnly: [...mine].filter((d) => !oracle.has(d)).sort(),
  };
}

/** Days the oracle lists that we do not, each with the reason the sources differ. */
const US_EXCEPTIONS: Record<string, string> = {
  // 11 November 2028 is a Saturday. OPM gives federal staff the Friday before; date-holidays keeps Veterans Day on the
  // 11th with no substitute, as the Federal Reserve and most states do (banks open that Friday).
  '2028-11-10': 'Veterans Day observed by federal staff only',
};
const DE_ORACLE_ONLY: Record<string, string[]> = {
  // Mariä Himmelfahrt is a public holiday only in Bavaria's predominantly Catholic communities (about 1,700 of 2,056);
  // date-holidays keeps it to those regions, feiertagejs gives it to the whole state.
  BY: ['2025-08-15', '2026-08-15', '2027-08-15', '2028-08-15'],
};
const DE_OURS_ONLY: Record<string, string[]> = {
  // One-off holidays by Berlin law for anniversaries (80 years since the end of the war in Europe; 75 years since the
  // 17 June 1953 uprising), which feiertagejs, a list of recurring holidays, does not carry.
  BE: ['2025-05-08', '2028-06-17'],
};
const GERMAN_STATES: Region[] = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'];

describe('holidays against independent sources, 2025-2028', () => {
  it('US federal: every observed federal day off is a public holiday on a weekday, but one named exception', () => {
    const oracle = new Set(YEARS.flatMap((y) => fedHolidays.allForYear(y).map((h) => iso(h.date))));
    // A federal holiday on a weekend is not a day off: the observed weekday is, and date-holidays lists it as a substitute.
    const mine = new Set([...ours('US')].filter(weekday));
    const result = compare(oracle, mine);
    expect(result.oracleOnly).toEqual(Object.keys(US_EXCEPTIONS));
    expect(result.oursOnly).toEqual([]);
    expect(result.agree).toBe(oracle.size - 1);
    expect(result.agree).toBe(43);
  });

  it('Japan: the same days, substitute and citizens’ holidays included', () => {
    const oracle = new Set(holidayJp.between(new Date('2025-01-01T00:00:00Z'), new Date('2028-12-31T00:00:00Z')).map((h) => iso(h.date)));
    const result = compare(oracle, ours('JP'));
    expect(result).toEqual({ agree: oracle.size, oracleOnly: [], oursOnly: [] });
    expect(result.agree).toBe(70);
  });

  it('Germany, every state: the same days, but the named regional and one-off exceptions', () => {
    let agree = 0;
    for (const state of GERMAN_STATES) {
      const oracle = new Set(YEARS.flatMap((y) => germanHolidays(y, state).map((h) => iso(h.date))));
      const result = compare(oracle, ours('DE', state));
      expect({ state, oracleOnly: result.oracleOnly, oursOnly: result.oursOnly }).toEqual({
        state,
        oracleOnly: DE_ORACLE_ONLY[state] ?? [],
        oursOnly: DE_OURS_ONLY[state] ?? [],
      });
      agree += result.agree;
    }
    expect(agree).toBe(696);
  });
});
