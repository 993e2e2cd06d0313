import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { BusinessTimeService } from './business-time.service.js';
import { HolidayData } from './holiday-data.js';
import { HolidaysService } from './holidays.service.js';
import type { BusinessDaysRequest, BusinessDurationRequest, BusinessHoursRequest } from './dto/business-time.dto.js';

/** Documentation examples are real answers of the services, so they cannot drift from them. */
const data = new HolidayData();
const business = new BusinessTimeService(sharedTimeEngine(), data);
const holidays = new HolidaysService(sharedTimeEngine(), data, business);

export const REQUESTS = {
  businessDays: { startDate: '2027-07-01', days: 3, country: 'US', subdivision: 'NY' } satisfies BusinessDaysRequest,
  businessDuration: { startDate: '2027-07-01', endDate: '2027-07-31', country: 'US', includeEnd: true } satisfies BusinessDurationRequest,
  businessHours: {
    start: '2026-11-13T16:00:00',
    hours: 4,
    timeZone: 'America/New_York',
    country: 'US',
    openingHours: { monday: ['09:00-17:00'], tuesday: ['09:00-17:00'], wednesday: ['09:00-17:00'], thursday: ['09:00-17:00'], friday: ['09:00-17:00'] },
  } satisfies BusinessHoursRequest,
};

export const BUSINESS_EXAMPLES = {
  holidays: (() => {
    const answer = holidays.holidays({ country: 'US', subdivision: 'CA', year: '2027' });
    return { ...answer, holidays: answer.holidays.slice(0, 3) };
  })(),
  countries: (() => {
    const answer = holidays.countries({});
    return {
      ...answer,
      countries: answer.countries.filter((c) => ['IL', 'US'].includes(c.code)).map((c) => ({ ...c, subdivisions: c.subdivisions.slice(0, 2) })),
    };
  })(),
  check: holidays.check({ country: 'US', date: '2027-07-05' }),
  businessDays: business.businessDays(REQUESTS.businessDays),
  businessDuration: business.businessDuration(REQUESTS.businessDuration),
  businessHours: business.businessHours(REQUESTS.businessHours),
  open: business.openAt({ country: 'US', timeZone: 'America/New_York', at: '2026-11-13T16:00:00-05:00' }, 0),
};

/** Each 400 example is the problem the service really throws for that input. */
export const BUSINESS_PROBLEMS = {
  unknown_country: () => business.calendar({ country: 'XX' }, 'days'),
  unknown_subdivision: () => business.calendar({ country: 'US', subdivision: 'ZZ' }, 'days'),
  year_out_of_range: () => holidays.holidays({ country: 'US', year: '1969' }),
  days_out_of_range: () => business.businessDays({ ...REQUESTS.businessDays, days: 10_001 }),
  working_time_out_of_range: () => business.businessHours({ ...REQUESTS.businessHours, hours: 9000 }),
  invalid_opening_hours: () => business.businessHours({ ...REQUESTS.businessHours, openingHours: { monday: ['09:00-12:00', '11:00-13:00'] } }),
  invalid_weekend: () => business.calendar({ country: 'US', weekend: ['caturday'] }, 'days'),
};
