import { Injectable } from '@nestjs/common';
import { formatInstant, MS_PER_DAY } from '../timezone/engine/civil.js';
import { resolveLocal } from '../timezone/engine/local-time.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { BusinessTimeProblems, HOLIDAY_YEARS } from './business-time.errors.js';
import { HOLIDAYS_DATA, HolidayData, type HolidayEntry, type HolidayType } from './holiday-data.js';
import { dayNumber, holidayTypes, BusinessTimeService } from './business-time.service.js';
import { dayText } from './business-days.js';
import { cldrWeekend, isoWeekday, weekdayName } from './weekend.js';
import type { CountriesAnswer, HolidayAnswer, HolidayCheckAnswer, HolidaysAnswer } from './business-time.answers.js';
import type { CountriesQuery, HolidayCheckQuery, HolidaysQuery } from './dto/business-time.dto.js';

const splitList = (text: string | undefined) =>
  text
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** The holiday answers: a year's list, the countries covered, and one date checked. */
@Injectable()
export class HolidaysService {
  private readonly countryLists = new Map<string, CountriesAnswer>();
  /** Per country, year and types: each holiday's subdivisions (its date and rule as the key); bounded like the lists. */
  private readonly whereKept = new Map<string, Map<string, string[]>>();

  constructor(
    private readonly engine: TimeEngine,
    private readonly data: HolidayData,
    private readonly business: BusinessTimeService,
  ) {}

  holidays(query: HolidaysQuery): HolidaysAnswer {
    const country = this.data.country(query.country);
    const subdivision = this.data.subdivision(country, query.subdivision);
    const year = Number(query.year);
    if (!Number.isSafeInteger(year) || year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) throw BusinessTimeProblems.yearOutOfRange(year, 'year');
    const types = holidayTypes(splitList(query.types));
    const zone = this.engine.zone(query.timeZone ?? this.data.timeZones(country, subdivision)[0] ?? 'UTC', 'timeZone');
    const clock = this.engine.clock(zone.canonical);
    const at = (civil: number) => {
      const epochMs = resolveLocal(clock, civil, 'compatible').epochMs;
      return formatInstant(epochMs, clock.offsetAt(epochMs));
    };
    const where = this.subdivisionsOf(country, year, types);
    const holidays: HolidayAnswer[] = [];
    for (const h of this.data.holidays(country, subdivision, year, { lang: query.lang, types })) {
      if (!types.includes(h.type)) continue;
      const same = holidays.find((o) => o.date === h.date && o.name === h.name);
      if (same) {
        if (!same.types.includes(h.type)) same.types.push(h.type);
        continue;
      }
      holidays.push({
        date: h.date,
        name: h.name,
        localName: h.localName,
        types: [h.type],
        substitute: h.substitute,
        start: at(h.startCivil),
        end: at(h.endCivil),
        subdivisions: where(h),
      });
    }
    return { country, subdivision: subdivision ?? null, year, timeZone: zone.canonical, requestedTypes: types, holidays, holidaysData: HOLIDAYS_DATA };
  }

  /** For each holiday, the subdivisions whose own list holds it (same date and rule); [] for a country without subdivisions. */
  private subdivisionsOf(country: string, year: number, types: HolidayType[]): (h: HolidayEntry) => string[] {
    const key = `${country}|${year}|${[...types].sort().join(',')}`;
    let where = this.whereKept.get(key);
    if (!where) {
      where = new Map();
      for (const code of Object.keys(this.data.subdivisions(country))) {
        for (const h of this.data.holidays(country, code, year, { types })) {
          const id = `${h.date}|${h.rule}`;
          const codes = where.get(id) ?? [];
          if (!codes.includes(code)) codes.push(code);
          where.set(id, codes);
        }
      }
      if (this.whereKept.size >= 1_000) this.whereKept.clear();
      this.whereKept.set(key, where);
    }
    const known = where;
    return (h) => (known.get(`${h.date}|${h.rule}`) ?? []).slice();
  }

  countries(query: CountriesQuery): CountriesAnswer {
    const lang = query.lang ?? 'en';
    let answer = this.countryLists.get(lang);
    if (!answer) {
      const names = { ...this.data.countries(), ...this.data.countryNames(lang) };
      const countries = Object.keys(this.data.countries())
        .sort()
        .map((code) => ({
          code,
          name: names[code],
          weekend: cldrWeekend(code).map(weekdayName),
          languages: this.data.languages(code),
          timeZones: this.data.timeZones(code),
          subdivisions: Object.entries(this.data.subdivisions(code, lang)).map(([c, name]) => ({ code: c, name })),
        }));
      answer = { countries, total: countries.length, holidaysData: HOLIDAYS_DATA };
      // A few languages at most are asked for; the list is the same every time.
      if (this.countryLists.size < 64) this.countryLists.set(lang, answer);
    }
    return answer;
  }

  check(query: HolidayCheckQuery): HolidayCheckAnswer {
    const day = dayNumber(query.date, 'date');
    const calendar = this.business.calendar(
      { country: query.country, subdivision: query.subdivision, types: splitList(query.types), lang: query.lang },
      'date',
    );
    const { country, subdivision, types, weekend } = calendar.rules;
    const from = day * MS_PER_DAY;
    const year = Number(query.date.trim().slice(0, 4));
    const holidays = this.data
      .holidays(country, subdivision, year, { lang: query.lang, types, field: 'date' })
      // Dated that day, or a holiday of several days that reaches it.
      .filter((h) => h.date === query.date.trim() || (h.wholeDay && h.date < query.date.trim() && h.endCivil > from))
      .map((h) => ({ name: h.name, localName: h.localName, types: [h.type] as HolidayType[], substitute: h.substitute }));
    return {
      date: dayText(day),
      dayOfWeek: weekdayName(isoWeekday(day)),
      country,
      subdivision: subdivision ?? null,
      weekend: weekend.map(weekdayName),
      isHoliday: holidays.length > 0,
      isWeekend: calendar.isWeekend(day),
      isBusinessDay: calendar.closure(day) === null,
      holidays,
      holidaysData: HOLIDAYS_DATA,
    };
  }
}
