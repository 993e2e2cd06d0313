import { Injectable } from '@nestjs/common';
import { Problems } from '../../common/problems/problem.js';
import { formatInstant } from '../timezone/engine/civil.js';
import { parseDate, parseDateTime, resolveLocal, type DstAmbiguity } from '../timezone/engine/local-time.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { timezoneProblem } from '../timezone/timezone.errors.js';
import { BusinessCalendar } from './business-calendar.js';
import { addBusinessDays, businessDuration, dayText, type SkippedDay } from './business-days.js';
import { BusinessTimeProblems, HOLIDAY_YEARS } from './business-time.errors.js';
import { HOLIDAY_TYPES, HOLIDAYS_DATA, HolidayData, type HolidayType } from './holiday-data.js';
import { parseOpeningHours, everyDay, DEFAULT_WINDOW } from './opening-hours.js';
import { cldrWeekend, parseWeekend, weekdayName } from './weekend.js';
import { WorkingTime, type ClosedDay } from './working-time.js';
import type { BusinessDaysRequest, BusinessDurationRequest, BusinessHoursRequest, OpenQuery } from './dto/business-time.dto.js';
import type { BusinessDaysAnswer, BusinessDurationAnswer, BusinessHoursAnswer, OpenAnswer } from './business-time.answers.js';

/** One hour of working time in ms; a request asks for at most a leap year of round-the-clock hours. */
const HOUR_MS = 3_600_000;
const MAX_HOURS = 366 * 24;

export interface CalendarInput {
  country: string;
  subdivision?: string;
  weekend?: string[];
  extraClosures?: string[];
  types?: string[];
  lang?: string;
}

/** A day (YYYY-MM-DD) as days since 1970-01-01, within the data's years. */
export function dayNumber(text: string, field: string): number {
  const civil = parseDate(text, field);
  const year = Number(text.trim().slice(0, 4));
  if (year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) throw BusinessTimeProblems.yearOutOfRange(year, field);
  return Math.floor(civil / 86_400_000);
}

export function holidayTypes(input: string[] | undefined, field = 'types'): HolidayType[] {
  if (input === undefined) return ['public'];
  for (const t of input) {
    if (!HOLIDAY_TYPES.includes(t as HolidayType))
      throw Problems.validation([{ field, message: `${field}: "${t}" is not a holiday type; use ${HOLIDAY_TYPES.join(', ')}` }]);
  }
  return input as HolidayType[];
}

@Injectable()
export class BusinessTimeService {
  constructor(
    private readonly engine: TimeEngine,
    readonly data: HolidayData,
  ) {}

  calendar(input: CalendarInput, field: string): BusinessCalendar {
    const country = this.data.country(input.country);
    const subdivision = this.data.subdivision(country, input.subdivision);
    return new BusinessCalendar(
      this.data,
      {
        country,
        subdivision,
        types: holidayTypes(input.types),
        weekend: input.weekend ? parseWeekend(input.weekend) : cldrWeekend(country),
        extraClosures: new Set((input.extraClosures ?? []).map((d, i) => dayNumber(d, `extraClosures[${i}]`))),
        lang: input.lang,
      },
      field,
    );
  }

  businessDays(body: BusinessDaysRequest): BusinessDaysAnswer {
    const start = dayNumber(body.startDate, 'startDate');
    const calendar = this.calendar(body, 'days');
    const move = addBusinessDays(calendar, start, body.days);
    return { startDate: dayText(start), days: body.days, ...move, ...this.named(calendar) };
  }

  businessDuration(body: BusinessDurationRequest): BusinessDurationAnswer {
    const start = dayNumber(body.startDate, 'startDate');
    const end = dayNumber(body.endDate, 'endDate');
    if (end < start) throw timezoneProblem('invalid_range', `endDate ${body.endDate} is before startDate ${body.startDate}.`, 'endDate');
    const calendar = this.calendar(body, 'endDate');
    const includeEnd = body.includeEnd ?? false;
    return { startDate: dayText(start), endDate: dayText(end), includeEnd, ...businessDuration(calendar, start, end, includeEnd), ...this.named(calendar) };
  }

  businessHours(body: BusinessHoursRequest): BusinessHoursAnswer {
    if ((body.hours === undefined) === (body.minutes === undefined))
      throw timezoneProblem('invalid_timespan', 'Send the working time as hours or as minutes (one of them).', 'hours');
    const field = body.hours !== undefined ? 'hours' : 'minutes';
    const amountMs = body.hours !== undefined ? Math.round(body.hours * HOUR_MS) : body.minutes! * 60_000;
    if (Math.abs(amountMs) > MAX_HOURS * HOUR_MS) throw BusinessTimeProblems.workingTimeOutOfRange(field);
    const zone = this.engine.zone(body.timeZone, 'timeZone');
    const clock = this.engine.clock(zone.canonical);
    const start = this.instant(body.start, 'start', zone.canonical, body.dstAmbiguity);
    const hours = parseOpeningHours(body.openingHours);
    const working = new WorkingTime(this.calendar(body, field), clock, hours);
    const found = working.deadline(start, Math.abs(amountMs), amountMs < 0, field);
    const shown = (ms: number) => formatInstant(ms, clock.offsetAt(ms));
    return {
      start: shown(start),
      timeZone: zone.canonical,
      workingMinutes: amountMs / 60_000,
      deadline: shown(found.deadline),
      counted: found.counted.map((i) => ({ start: shown(i.start), end: shown(i.end), minutes: (i.end - i.start) / 60_000 })),
      skipped: found.closed.map(closedDay),
      holidaysData: HOLIDAYS_DATA,
    };
  }

  openAt(query: OpenQuery, now: number): OpenAnswer {
    const zone = this.engine.zone(query.timeZone, 'timeZone');
    const clock = this.engine.clock(zone.canonical);
    const at = query.at !== undefined ? this.instant(query.at, 'at', zone.canonical, 'compatible') : now;
    const hours = everyDay((query.hours ?? DEFAULT_WINDOW).split(','), 'hours');
    const calendar = this.calendar(
      { country: query.country, subdivision: query.subdivision, types: query.types?.split(','), weekend: query.weekend?.split(',').filter((w) => w !== '') },
      'at',
    );
    const working = new WorkingTime(calendar, clock, hours);
    const found = working.openAt(at);
    const shown = (ms: number | null) => (ms === null ? null : formatInstant(ms, clock.offsetAt(ms)));
    return {
      at: shown(at)!,
      timeZone: zone.canonical,
      open: found.open,
      closesAt: shown(found.closesAt),
      nextOpening: shown(found.nextOpening),
      holidaysData: HOLIDAYS_DATA,
    };
  }

  /** An input date-time as an instant: its own offset, else read in `zone` as conversions read it. */
  private instant(value: string, field: string, zone: string, choice: DstAmbiguity | undefined): number {
    const parsed = parseDateTime(value, field);
    if (parsed.offsetSeconds !== null) return parsed.civil - parsed.offsetSeconds * 1000;
    return resolveLocal(this.engine.clock(zone), parsed.civil, choice, field).epochMs;
  }

  private named(calendar: BusinessCalendar) {
    const { country, subdivision, weekend } = calendar.rules;
    return { country, subdivision: subdivision ?? null, weekend: weekend.map(weekdayName), holidaysData: HOLIDAYS_DATA };
  }
}

function closedDay(c: ClosedDay): SkippedDay | { date: string; reason: 'no_hours' } {
  return { date: dayText(c.day), reason: c.reason, ...(c.name !== undefined && { name: c.name }) } as SkippedDay;
}
