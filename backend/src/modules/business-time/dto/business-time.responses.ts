import { ApiProperty } from '@nestjs/swagger';
import { HOLIDAY_TYPES, type HolidayType } from '../holiday-data.js';
import { WEEKDAYS } from '../weekend.js';
import type {
  BusinessDaysAnswer,
  BusinessDurationAnswer,
  BusinessHoursAnswer,
  CountedInterval,
  CountriesAnswer,
  CountryAnswer,
  HolidayAnswer,
  HolidayCheckAnswer,
  HolidaysAnswer,
  OpenAnswer,
  SubdivisionAnswer,
} from '../business-time.answers.js';
import type { HolidayOnDay, SkippedDay } from '../business-days.js';

const DATA = { description: 'The holiday data answered from: the date-holidays package and its version (data CC BY-SA 3.0).', example: 'date-holidays 3.37.0' };
const WEEKEND = {
  enum: WEEKDAYS,
  isArray: true,
  description: 'Weekend days: CLDR weekData for the country, or the weekend sent.',
  example: ['saturday', 'sunday'],
};
const TYPES = { enum: HOLIDAY_TYPES, isArray: true, example: ['public'] };

export class HolidayView implements HolidayAnswer {
  @ApiProperty({ example: '2027-07-05' }) date!: string;
  @ApiProperty({ description: 'Name in `lang` (default English).', example: 'Independence Day (substitute day)' }) name!: string;
  @ApiProperty({ description: "Name in the country's own language.", example: 'Independence Day (substitute day)' }) localName!: string;
  @ApiProperty(TYPES) types!: HolidayType[];
  @ApiProperty({ description: 'True for a day observed in place of one that fell on a weekend.', example: true }) substitute!: boolean;
  @ApiProperty({ description: 'When it starts, with the offset in force then.', example: '2027-07-05T00:00:00-07:00' }) start!: string;
  @ApiProperty({ description: 'When it ends (exclusive), with the offset in force then.', example: '2027-07-06T00:00:00-07:00' }) end!: string;
  @ApiProperty({
    type: [String],
    description: "The country's subdivisions whose calendar holds it (all of them for a national holiday); [] for a country without subdivisions.",
    example: ['CA', 'NY'],
  })
  subdivisions!: string[];
}

export class HolidaysView implements HolidaysAnswer {
  @ApiProperty({ example: 'US' }) country!: string;
  @ApiProperty({ type: String, nullable: true, example: 'CA' }) subdivision!: string | null;
  @ApiProperty({ example: 2027 }) year!: number;
  @ApiProperty({ description: 'Zone of start and end.', example: 'America/Los_Angeles' }) timeZone!: string;
  @ApiProperty({ ...TYPES, description: 'The holiday types listed (types, default public).' }) requestedTypes!: HolidayType[];
  @ApiProperty({ type: [HolidayView] }) holidays!: HolidayView[];
  @ApiProperty(DATA) holidaysData!: string;
}

export class SubdivisionView implements SubdivisionAnswer {
  @ApiProperty({ example: 'CA' }) code!: string;
  @ApiProperty({ example: 'California' }) name!: string;
}

export class CountryView implements CountryAnswer {
  @ApiProperty({ example: 'US' }) code!: string;
  @ApiProperty({ example: 'United States of America' }) name!: string;
  @ApiProperty(WEEKEND) weekend!: string[];
  @ApiProperty({ type: [String], description: 'Languages the holiday names exist in, its own first.', example: ['en'] }) languages!: string[];
  @ApiProperty({ type: [String], description: "The data's zones for the country, its main one first.", example: ['America/New_York'] }) timeZones!: string[];
  @ApiProperty({ type: [SubdivisionView] }) subdivisions!: SubdivisionView[];
}

export class CountriesView implements CountriesAnswer {
  @ApiProperty({ type: [CountryView] }) countries!: CountryView[];
  @ApiProperty({ example: 207 }) total!: number;
  @ApiProperty(DATA) holidaysData!: string;
}

export class CheckedHolidayView {
  @ApiProperty({ example: 'Independence Day (substitute day)' }) name!: string;
  @ApiProperty({ example: 'Independence Day (substitute day)' }) localName!: string;
  @ApiProperty(TYPES) types!: HolidayType[];
  @ApiProperty({ example: true }) substitute!: boolean;
}

export class HolidayCheckView implements HolidayCheckAnswer {
  @ApiProperty({ example: '2027-07-05' }) date!: string;
  @ApiProperty({ enum: WEEKDAYS, example: 'monday' }) dayOfWeek!: string;
  @ApiProperty({ example: 'US' }) country!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) subdivision!: string | null;
  @ApiProperty(WEEKEND) weekend!: string[];
  @ApiProperty({ description: 'A holiday of the chosen types falls on the date (all of it or part of it).', example: true }) isHoliday!: boolean;
  @ApiProperty({ example: false }) isWeekend!: boolean;
  @ApiProperty({ description: 'Neither weekend nor closed all day by a holiday of the chosen types.', example: false }) isBusinessDay!: boolean;
  @ApiProperty({ type: [CheckedHolidayView] }) holidays!: CheckedHolidayView[];
  @ApiProperty(DATA) holidaysData!: string;
}

const REASONS = ['holiday', 'weekend', 'closure'];

export class SkippedDayView implements SkippedDay {
  @ApiProperty({ example: '2027-07-03' }) date!: string;
  @ApiProperty({ enum: REASONS, description: 'holiday (a chosen holiday covers the day), weekend, or closure (extraClosures).', example: 'weekend' })
  reason!: SkippedDay['reason'];
  @ApiProperty({ required: false, description: 'The holiday, for reason holiday.', example: 'Independence Day (substitute day)' }) name?: string;
}

export class BusinessDaysView implements BusinessDaysAnswer {
  @ApiProperty({ example: '2027-07-02' }) startDate!: string;
  @ApiProperty({ example: 3 }) days!: number;
  @ApiProperty({ example: '2027-07-08' }) resultDate!: string;
  @ApiProperty({ description: 'Calendar days from startDate to resultDate (negative going back).', example: 6 }) calendarDays!: number;
  @ApiProperty({ example: true }) startIsBusinessDay!: boolean;
  @ApiProperty({ type: [SkippedDayView], description: 'The days passed over, in the order walked.' }) skipped!: SkippedDayView[];
  @ApiProperty({ example: 'US' }) country!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) subdivision!: string | null;
  @ApiProperty(WEEKEND) weekend!: string[];
  @ApiProperty(DATA) holidaysData!: string;
}

export class HolidayOnDayView implements HolidayOnDay {
  @ApiProperty({ example: '2027-07-05' }) date!: string;
  @ApiProperty({ example: 'Independence Day (substitute day)' }) name!: string;
}

export class BusinessDurationView implements BusinessDurationAnswer {
  @ApiProperty({ example: '2027-07-01' }) startDate!: string;
  @ApiProperty({ example: '2027-07-31' }) endDate!: string;
  @ApiProperty({ example: false }) includeEnd!: boolean;
  @ApiProperty({ example: 20 }) businessDays!: number;
  @ApiProperty({ example: 30 }) calendarDays!: number;
  @ApiProperty({ description: 'Weekend days that are not holidays.', example: 9 }) weekendDays!: number;
  @ApiProperty({ description: 'Days closed by extraClosures only.', example: 0 }) closedDays!: number;
  @ApiProperty({ type: [HolidayOnDayView], description: 'The days a holiday closed (a holiday on a weekend day counts here, not in weekendDays).' })
  holidays!: HolidayOnDayView[];
  @ApiProperty({ example: 'US' }) country!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) subdivision!: string | null;
  @ApiProperty(WEEKEND) weekend!: string[];
  @ApiProperty(DATA) holidaysData!: string;
}

export class CountedIntervalView implements CountedInterval {
  @ApiProperty({ example: '2027-07-02T16:00:00-04:00' }) start!: string;
  @ApiProperty({ example: '2027-07-02T17:00:00-04:00' }) end!: string;
  @ApiProperty({ description: 'Real minutes elapsed in the interval.', example: 60 }) minutes!: number;
}

export class ClosedDayView {
  @ApiProperty({ example: '2027-07-03' }) date!: string;
  @ApiProperty({
    enum: [...REASONS, 'no_hours'],
    description: 'As for business days, or no_hours: the opening hours have no range that weekday.',
    example: 'weekend',
  })
  reason!: string;
  @ApiProperty({ required: false, example: 'Independence Day (substitute day)' }) name?: string;
}

export class BusinessHoursView implements BusinessHoursAnswer {
  @ApiProperty({ example: '2027-07-02T16:00:00-04:00' }) start!: string;
  @ApiProperty({ example: 'America/New_York' }) timeZone!: string;
  @ApiProperty({ description: 'The working time asked for, in minutes (negative going back).', example: 240 }) workingMinutes!: number;
  @ApiProperty({ description: 'The instant the working time runs out, with the offset in force then.', example: '2027-07-06T12:00:00-04:00' })
  deadline!: string;
  @ApiProperty({ type: [CountedIntervalView], description: 'The working intervals counted, in time order.' }) counted!: CountedIntervalView[];
  @ApiProperty({ type: [ClosedDayView], description: 'The days passed over, in the order walked.' }) skipped!: BusinessHoursAnswer['skipped'];
  @ApiProperty(DATA) holidaysData!: string;
}

export class OpenView implements OpenAnswer {
  @ApiProperty({ example: '2027-07-02T16:00:00-04:00' }) at!: string;
  @ApiProperty({ example: 'America/New_York' }) timeZone!: string;
  @ApiProperty({ example: true }) open!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When open: the end of the working stretch (windows that meet are one).',
    example: '2027-07-02T17:00:00-04:00',
  })
  closesAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The next opening after `at` (after this stretch when open); null when none within a year.',
    example: '2027-07-06T09:00:00-04:00',
  })
  nextOpening!: string | null;
  @ApiProperty(DATA) holidaysData!: string;
}
