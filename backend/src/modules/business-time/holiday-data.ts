import Holidays, { type HolidaysTypes } from 'date-holidays';
import { civilMs, MS_PER_DAY } from '../timezone/engine/civil.js';
import { BusinessTimeProblems, HOLIDAY_YEARS } from './business-time.errors.js';

/**
 * The `date-holidays` package (ISC code, CC-BY-3.0 data): about 200 countries' holiday rules, read here and nowhere
 * else. Its own start/end instants come from the runtime's time zone support, so only its civil dates and times are
 * used; the instants are made by our tz engine.
 */
export const HOLIDAY_TYPES = ['public', 'bank', 'school', 'optional', 'observance'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

export { HOLIDAYS_DATA } from './holidays-data-version.js';

export interface HolidayEntry {
  /** YYYY-MM-DD of its first day. */
  date: string;
  /** Its start and end as wall-clock readings (civil ms) in the country. */
  startCivil: number;
  endCivil: number;
  name: string;
  localName: string;
  type: HolidayType;
  substitute: boolean;
  /** The data's rule text: the same holiday in any language and subdivision. */
  rule: string;
}

/** Holiday lists kept (country, subdivision, year, language); more empty the memory and start again. */
const LISTS_KEPT = 4_000;
const ALL_TYPES = { types: [...HOLIDAY_TYPES], timezone: 'UTC' };

/** "2026-12-24 14:00:00" as civil ms. */
function civilOf(text: string): number {
  const [d, t = '00:00:00'] = text.split(' ');
  const [y, m, day] = d.split('-').map(Number);
  const [h, mi, s] = t.split(':').map(Number);
  return civilMs(y, m, day, h, mi, s);
}

export class HolidayData {
  private readonly calendars = new Map<string, Holidays>();
  private readonly lists = new Map<string, HolidayEntry[]>();
  private englishNames: Record<string, string> | undefined;

  /** Country codes to English names. */
  countries(): Record<string, string> {
    return (this.englishNames ??= new Holidays().getCountries('en'));
  }

  /** The country code as the data spells it (upper case), or unknown_country. */
  country(input: string, field = 'country'): string {
    const code = input.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code) || !(code in this.countries())) throw BusinessTimeProblems.unknownCountry(input, field);
    return code;
  }

  /** Country codes to names in `lang` (English where the data has none). */
  countryNames(lang: string): Record<string, string> {
    return new Holidays().getCountries(lang) ?? {};
  }

  /** A country's subdivisions (codes to names); empty when the data has none. */
  subdivisions(country: string, lang = 'en'): Record<string, string> {
    return new Holidays().getStates(country, lang) ?? {};
  }

  /** The subdivision code as the data spells it, or unknown_subdivision; undefined stays undefined. */
  subdivision(country: string, input: string | undefined): string | undefined {
    if (input === undefined || input === '') return undefined;
    const known = Object.keys(this.subdivisions(country));
    const code = input
      .trim()
      .toUpperCase()
      .replace(new RegExp(`^${country}-`), '');
    if (!known.includes(code)) throw BusinessTimeProblems.unknownSubdivision(country, input, known);
    return code;
  }

  /** The languages the data has names in for a country, its own first. */
  languages(country: string): string[] {
    return this.calendar(country, undefined).getLanguages();
  }

  /** The zones the data names for a country, its main one first. */
  timeZones(country: string, subdivision?: string): string[] {
    return this.calendar(country, subdivision).getTimezones();
  }

  /** Every holiday of a year (all types), in the data's order; `lang` picks `name`'s language (default English). */
  holidays(country: string, subdivision: string | undefined, year: number, lang = 'en', field = 'year'): HolidayEntry[] {
    if (!Number.isInteger(year) || year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) throw BusinessTimeProblems.yearOutOfRange(year, field);
    const key = `${country}|${subdivision ?? ''}|${year}|${lang}`;
    let list = this.lists.get(key);
    if (!list) {
      const calendar = this.calendar(country, subdivision);
      const local = calendar.getHolidays(year, calendar.getLanguages()[0]);
      const named = lang === calendar.getLanguages()[0] ? local : calendar.getHolidays(year, lang);
      list = named.map((h: HolidaysTypes.Holiday, i: number) => {
        const startCivil = civilOf(h.date);
        return {
          date: h.date.slice(0, 10),
          startCivil,
          // The data's span (UTC-read, so exact in civil terms), e.g. one day, or from 14:00 to midnight.
          endCivil: startCivil + (h.end.getTime() - h.start.getTime()),
          name: h.name,
          localName: local[i]?.rule === h.rule ? local[i].name : h.name,
          type: h.type as HolidayType,
          substitute: h.substitute === true,
          rule: h.rule,
        };
      });
      if (this.lists.size >= LISTS_KEPT) this.lists.clear();
      this.lists.set(key, list);
    }
    return list;
  }

  private calendar(country: string, subdivision: string | undefined): Holidays {
    const key = `${country}|${subdivision ?? ''}`;
    let calendar = this.calendars.get(key);
    if (!calendar) {
      calendar = subdivision ? new Holidays(country, subdivision, ALL_TYPES) : new Holidays(country, ALL_TYPES);
      this.calendars.set(key, calendar);
    }
    return calendar;
  }
}

/** Civil day number (days since 1970-01-01) of civil ms. */
export const dayOf = (civil: number): number => Math.floor(civil / MS_PER_DAY);
