import Holidays, { type HolidaysTypes } from 'date-holidays';
import { MS_PER_DAY } from '../timezone/engine/civil.js';
import { BusinessTimeProblems, HOLIDAY_YEARS } from './business-time.errors.js';

/**
 * The `date-holidays` package (ISC code; its LICENSE puts the data, from Wikipedia articles, under CC BY-SA 3.0, though package.json says CC-BY-3.0): about 200 countries' holiday rules, read here and nowhere
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
  /** Dated from midnight (or from the evening before): it closes its day; one dated later in the day (from 14:00) closes its hours only. */
  wholeDay: boolean;
  name: string;
  localName: string;
  type: HolidayType;
  substitute: boolean;
  /** The data's rule text: the same holiday in any language and subdivision. */
  rule: string;
}

/** Holiday lists kept (country, subdivision, year, types, language); more empty the memory and start again. */
const LISTS_KEPT = 4_000;

export interface ListOptions {
  /** Language of `name`; default English. */
  lang?: string;
  /** Types listed; default all. The data is asked for these types only: asked for all, it lets an observance of the same day hide a public holiday. */
  types?: readonly HolidayType[];
  /** The input field a year out of range is blamed on. */
  field?: string;
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
    return this.calendar(country, undefined, HOLIDAY_TYPES).getLanguages();
  }

  /** The zones the data names for a country, its main one first. */
  timeZones(country: string, subdivision?: string): string[] {
    return this.calendar(country, subdivision, HOLIDAY_TYPES).getTimezones();
  }

  /**
   * A year's holidays of the chosen types, in the data's order. The data is read in UTC, so its start and end are the
   * wall-clock readings in the country: a holiday dated 2025-04-13 that the data starts at sunset (its date written
   * "2025-04-13 00:00:00 -0600") runs from 18:00 the evening before.
   */
  holidays(country: string, subdivision: string | undefined, year: number, options: ListOptions = {}): HolidayEntry[] {
    const { lang = 'en', types = HOLIDAY_TYPES, field = 'year' } = options;
    if (!Number.isInteger(year) || year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) throw BusinessTimeProblems.yearOutOfRange(year, field);
    const key = `${country}|${subdivision ?? ''}|${year}|${[...types].sort().join(',')}|${lang}`;
    let list = this.lists.get(key);
    if (!list) {
      const calendar = this.calendar(country, subdivision, types);
      const own = calendar.getLanguages()[0];
      const local = calendar.getHolidays(year, own);
      const named = lang === own ? local : calendar.getHolidays(year, lang);
      list = named.map((h: HolidaysTypes.Holiday, i: number) => ({
        date: h.date.slice(0, 10),
        startCivil: h.start.getTime(),
        endCivil: h.end.getTime(),
        wholeDay: h.date.slice(11, 19) === '00:00:00',
        name: h.name,
        localName: local[i]?.rule === h.rule ? local[i].name : h.name,
        type: h.type as HolidayType,
        substitute: h.substitute === true,
        rule: h.rule,
      }));
      if (this.lists.size >= LISTS_KEPT) this.lists.clear();
      this.lists.set(key, list);
    }
    return list;
  }

  private calendar(country: string, subdivision: string | undefined, types: readonly HolidayType[]): Holidays {
    const key = `${country}|${subdivision ?? ''}|${[...types].sort().join(',')}`;
    let calendar = this.calendars.get(key);
    if (!calendar) {
      const options = { types: [...types], timezone: 'UTC' };
      calendar = subdivision ? new Holidays(country, subdivision, options) : new Holidays(country, options);
      this.calendars.set(key, calendar);
    }
    return calendar;
  }
}
/** Civil day number (days since 1970-01-01) of civil ms. */
export const dayOf = (civil: number): number => Math.floor(civil / MS_PER_DAY);
