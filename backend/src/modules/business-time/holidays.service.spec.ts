/** The holiday answers' own fields: where a holiday applies, instants from our tz engine, the date check. */
import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { BusinessTimeService } from './business-time.service.js';
import { HolidayData } from './holiday-data.js';
import { HolidaysService } from './holidays.service.js';

const data = new HolidayData();
const holidays = new HolidaysService(sharedTimeEngine(), data, new BusinessTimeService(sharedTimeEngine(), data));

describe('holiday answers', () => {
  it('names the subdivisions a holiday applies to: Epiphany in three German states, Unity Day in all sixteen', () => {
    const answer = holidays.holidays({ country: 'DE', year: '2027', types: 'public' });
    expect(answer.holidays.find((h) => h.date === '2027-10-03')?.subdivisions).toHaveLength(16);
    const bavaria = holidays.holidays({ country: 'DE', subdivision: 'by', year: '2027' });
    expect(bavaria.subdivision).toBe('BY');
    expect(bavaria.holidays.find((h) => h.date === '2027-01-06')?.subdivisions).toEqual(['BW', 'BY', 'ST']);
  });

  it('gives start and end with the offset in force: Passover 2027 begins at 18:00 the evening before, in Israeli summer time', () => {
    const answer = holidays.holidays({ country: 'IL', year: '2027' });
    // 15 Nisan 5787 is 22 April 2027; Israel is on IDT (+03:00) from 26 March 2027.
    expect(answer.holidays.find((h) => h.date === '2027-04-22')).toMatchObject({ start: '2027-04-21T18:00:00+03:00', end: '2027-04-22T18:00:00+03:00' });
    expect(answer.timeZone).toBe('Asia/Jerusalem');
  });

  it('names holidays in lang and in the country’s own language', () => {
    const answer = holidays.holidays({ country: 'DE', year: '2027', lang: 'en' });
    expect(answer.holidays.find((h) => h.date === '2027-12-25')).toMatchObject({ name: 'Christmas Day', localName: '1. Weihnachtstag' });
  });

  it('checks a date: a substitute day is a holiday and no business day; Sunday is a business day in Israel', () => {
    expect(holidays.check({ country: 'US', date: '2027-07-05' })).toMatchObject({ isHoliday: true, isWeekend: false, isBusinessDay: false });
    expect(holidays.check({ country: 'IL', date: '2027-01-10' })).toMatchObject({ dayOfWeek: 'sunday', isWeekend: false, isBusinessDay: true });
  });

  it('lists every country with its CLDR weekend', () => {
    const { countries, total } = holidays.countries({});
    expect(total).toBe(countries.length);
    expect(countries.find((c) => c.code === 'AE')?.weekend).toEqual(['saturday', 'sunday']);
    expect(countries.find((c) => c.code === 'DE')?.subdivisions).toContainEqual({ code: 'BY', name: 'Bayern' });
  });
});
