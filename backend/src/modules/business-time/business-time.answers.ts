import type { BusinessDuration, SkippedDay } from './business-days.js';
import type { HolidayType } from './holiday-data.js';

/** The answers of the business-time routes: the view classes (dto/business-time.responses.ts) implement them. */
export interface HolidaysDataNamed {
  /** The holiday data answered from (package and version). */
  holidaysData: string;
}

export interface CalendarNamed extends HolidaysDataNamed {
  country: string;
  subdivision: string | null;
  weekend: string[];
}

export interface HolidayAnswer {
  date: string;
  name: string;
  localName: string;
  types: HolidayType[];
  substitute: boolean;
  start: string;
  end: string;
  subdivisions: string[];
}

export interface HolidaysAnswer extends HolidaysDataNamed {
  country: string;
  subdivision: string | null;
  year: number;
  timeZone: string;
  requestedTypes: HolidayType[];
  holidays: HolidayAnswer[];
}

export interface SubdivisionAnswer {
  code: string;
  name: string;
}

export interface CountryAnswer {
  code: string;
  name: string;
  weekend: string[];
  languages: string[];
  timeZones: string[];
  subdivisions: SubdivisionAnswer[];
}

export interface CountriesAnswer extends HolidaysDataNamed {
  countries: CountryAnswer[];
  total: number;
}

export interface HolidayCheckAnswer extends CalendarNamed {
  date: string;
  dayOfWeek: string;
  isHoliday: boolean;
  isWeekend: boolean;
  isBusinessDay: boolean;
  holidays: { name: string; localName: string; types: HolidayType[]; substitute: boolean }[];
}

export interface BusinessDaysAnswer extends CalendarNamed {
  startDate: string;
  days: number;
  resultDate: string;
  calendarDays: number;
  startIsBusinessDay: boolean;
  skipped: SkippedDay[];
}

export interface BusinessDurationAnswer extends CalendarNamed, BusinessDuration {
  startDate: string;
  endDate: string;
  includeEnd: boolean;
}

export interface CountedInterval {
  start: string;
  end: string;
  minutes: number;
}

export interface BusinessHoursAnswer extends HolidaysDataNamed {
  start: string;
  timeZone: string;
  workingMinutes: number;
  deadline: string;
  counted: CountedInterval[];
  skipped: (SkippedDay | { date: string; reason: 'no_hours' })[];
}

export interface OpenAnswer extends HolidaysDataNamed {
  at: string;
  timeZone: string;
  open: boolean;
  closesAt: string | null;
  nextOpening: string | null;
}
