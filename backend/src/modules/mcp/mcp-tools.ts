import type { Type } from '@nestjs/common';
import { Problems } from '../../common/problems/problem.js';
import { CalculationController } from '../timezone/calculation.controller.js';
import { ConversionController } from '../timezone/conversion.controller.js';
import type {
  CalculationView,
  CitySearchView,
  ConversionView,
  CurrentTimeView,
  DayOfWeekView,
  DifferenceView,
  LookupView,
  MultiConversionView,
  TransitionsView,
  ZoneAtPointView,
} from '../timezone/dto/timezone.responses.js';
import { TimeController } from '../timezone/time.controller.js';
import { TimezoneController } from '../timezone/timezone.controller.js';
import { IpTimeController } from '../timezone/ip/ip-time.controller.js';
import type { IpTimeView } from '../timezone/ip/ip.responses.js';
import { AirportController } from '../timezone/airports/airport.controller.js';
import type { AirportTimeView } from '../timezone/airports/airport.responses.js';
import { ImpactController } from '../timezone/batch/impact.controller.js';
import { MatrixController } from '../timezone/batch/matrix.controller.js';
import type { ImpactView, MatrixView } from '../timezone/batch/batch.responses.js';
import { HolidaysController } from '../business-time/holidays.controller.js';
import { BusinessCalculationController } from '../business-time/business-calculation.controller.js';
import type { BusinessDaysView, BusinessHoursView, HolidaysView } from '../business-time/dto/business-time.responses.js';
import { AstronomyController } from '../astronomy/astronomy.controller.js';
import type { AstronomyView } from '../astronomy/dto/astronomy.responses.js';
import { weightOfDays } from '../astronomy/astronomy.weight.js';
import { PLANNING_TOOLS } from './mcp-planning-tools.js';
import type { McpToolSpec, RestRoute } from './mcp-tool-spec.js';

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
/** One request per 100 items or cells (decisions §9), as the REST routes count. */
const per100 = (n: number) => Math.max(1, Math.ceil(n / 100));

const route = (controller: Type<object>, handler: string): RestRoute => ({ controller, handler });

const hhmm = (iso: string) => iso.slice(11, 16);
const date = (iso: string) => iso.slice(0, 10);

const DST_NOTE =
  'A wall-clock time skipped by a DST change is refused with invalid_local_time (naming the gap and the first valid time) unless dstAmbiguity says how to read it; ' +
  'a repeated time answers the earlier instant with ambiguous: true and both options.';

function conversionSummary(a: ConversionView): string {
  const line = `${a.originalDateTime} in ${a.fromTimeZone} is ${a.convertedDateTime} in ${a.toTimeZone} (${a.abbreviation}, UTC${a.utcOffset}${a.dstActive ? ', DST' : ''}).`;
  if (!a.ambiguous || !a.options || a.options.length < 2) return line;
  const [first, second] = a.options;
  return (
    `${line} Note: ${hhmm(first.originalDateTime)} happens twice in ${a.fromTimeZone} on ${date(first.originalDateTime)} (clocks go back); ` +
    `this is the first (${first.originalDateTime}); the second (${second.originalDateTime}) is ${second.convertedDateTime}: pass dstAmbiguity "later" for it.`
  );
}

export const MCP_TOOLS: McpToolSpec[] = [
  {
    name: 'get_current_time',
    title: 'Current time in a time zone',
    description:
      'The current local time in an IANA time zone (e.g. "Europe/London", "America/New_York"), with its UTC offset, whether daylight saving time is in force, the abbreviation and the country. ' +
      'Use it instead of guessing what time it is anywhere. Abbreviations such as EST or IST are refused because they are ambiguous: use find_timezone to get the zone name of a place first.',
    routes: [route(TimeController, 'current')],
    summary: (a: CurrentTimeView) =>
      `It is ${a.current_time.slice(0, 19).replace('T', ' ')} in ${a.timezone} (${a.abbreviation}, UTC${a.utc_offset}${a.dst_active ? ', daylight saving time' : ''}).`,
  },
  {
    name: 'get_time_at_ip',
    title: 'Current time at an IP address',
    description:
      'The time zone and current local time where an IPv4 or IPv6 address is (GeoLite2 City data by MaxMind, approximate), with the country and city of the address. ' +
      'ip is required here. Private, loopback and reserved addresses are refused with ip_not_public; a public address the data does not hold with ip_not_located.',
    routes: [route(IpTimeController, 'current')],
    summary: (a: IpTimeView) =>
      `${a.ip_location.ip} is in ${[a.location.city, a.location.country].filter(Boolean).join(', ') || 'an unknown place'}: it is ${a.current_time.slice(0, 19).replace('T', ' ')} there (${a.timezone}, UTC${a.utc_offset}${a.dst_active ? ', daylight saving time' : ''}).`,
  },
  {
    name: 'get_time_at_airport',
    title: 'Current time at an airport',
    description:
      'The current local time at an airport by its IATA (e.g. "LHR") or ICAO (e.g. "EGLL") code, with the airport\'s name, city, country and coordinates; the zone is the one at the airport\'s coordinates. ' +
      'An unknown code is refused with unknown_airport. Other tools also take "airport:LHR" wherever they take a time zone.',
    routes: [route(AirportController, 'airport')],
    summary: (a: AirportTimeView) =>
      `It is ${a.current_time.slice(0, 19).replace('T', ' ')} at ${a.airport.name} (${[a.airport.iata, a.airport.icao].filter(Boolean).join('/')}, ${[a.airport.city, a.airport.country].filter(Boolean).join(', ')}): ${a.timezone}, UTC${a.utc_offset}${a.dst_active ? ', daylight saving time' : ''}.`,
  },
  {
    name: 'convert_time',
    title: 'Convert a date-time between time zones',
    description:
      'Converts a date-time from one IANA time zone to another with the real DST rules of both (history back to 1970). dateTime is ISO 8601 such as "2024-07-01T09:00:00"; ' +
      `an offset in it ("...+02:00" or "Z") wins over fromTimeZone. ${DST_NOTE}`,
    routes: [route(ConversionController, 'convert')],
    summary: conversionSummary,
  },
  {
    name: 'convert_time_multi',
    title: 'Convert a date-time to several time zones',
    description: `Converts one date-time from fromTimeZone to up to 100 target time zones in one call, e.g. to plan a meeting across cities. ${DST_NOTE}`,
    routes: [route(ConversionController, 'convertMany')],
    summary: (a: MultiConversionView) =>
      `${a.originalDateTime} in ${a.fromTimeZone} is ` +
      a.conversions.map((c) => `${c.convertedTime.slice(0, 16).replace('T', ' ')} ${c.abbreviation} in ${c.timezone}`).join('; ') +
      (a.ambiguous ? '. The local time happens twice (clocks go back): the earlier instant was used; pass dstAmbiguity "later" for the other.' : '.'),
  },
  {
    name: 'find_timezone',
    title: 'Find the time zone of a place',
    description:
      'The IANA time zone of a place. Either location: free text such as "Paris", "Paris, France", "Springfield, US" or "Tokyo JP" (ranked candidates, most populous first, each with zone, city, country and coordinates); ' +
      'or latitude and longitude in decimal degrees (the zone at that point; at sea the nautical Etc/GMT±N zone). Give one of the two, not both.',
    routes: [route(TimezoneController, 'lookup'), route(TimezoneController, 'coordinate')],
    route: (args) => {
      const given = (k: string) => args[k] !== undefined && args[k] !== null;
      const point = given('latitude') || given('longitude');
      if (given('location') && point) throw Problems.validation([{ field: 'location', message: 'Give either location, or latitude and longitude, not both' }]);
      if (!given('location') && !point)
        throw Problems.validation([{ field: 'location', message: 'location (free text), or latitude and longitude, is required' }]);
      return point ? 1 : 0;
    },
    summary: (a: LookupView | ZoneAtPointView) => {
      if ('coordinates' in a && !('candidates' in a)) {
        return `The time zone at ${a.coordinates.latitude}, ${a.coordinates.longitude} is ${a.timezone} (${a.abbreviation}, UTC${a.utc_offset}).`;
      }
      const lookup = a as LookupView;
      if (lookup.candidates.length === 0) return lookup.hint ?? `No place matches "${lookup.query}". Try the city name with its country, e.g. "Paris, France".`;
      const best = lookup.candidates[0];
      const place = [best.city, best.province, best.country].filter(Boolean).join(', ');
      const more = lookup.matches > 1 ? ` (${lookup.matches} places match; the most populous first)` : '';
      return `"${lookup.query}": ${place} is in ${best.timezone} (UTC${best.utc_offset} now)${more}.`;
    },
  },
  {
    name: 'search_cities',
    title: 'Search cities by name',
    description:
      'Cities whose name starts with the given text (accents and letter case ignored), exact names first, then by population, each with its IANA time zone, country and coordinates. Up to 20 results; matches counts all.',
    routes: [route(TimezoneController, 'search')],
    summary: (a: CitySearchView) =>
      a.timezones.length === 0
        ? `No city starts with "${a.query}".`
        : `${a.matches} cities match "${a.query}"; first: ` +
          a.timezones
            .slice(0, 3)
            .map((c) => `${c.city} (${c.country_code ?? '?'}) in ${c.timezone}`)
            .join(', ') +
          '.',
  },
  {
    name: 'time_difference',
    title: 'Time between two date-times',
    description:
      'The exact difference between two ISO 8601 date-times in seconds, minutes, hours and days (negative when end is before start), and a days/hours/minutes/seconds breakdown. ' +
      'With timeZone, date-times without an offset are read in that zone and breakdown.days counts calendar days there (a 23-hour DST day is one day).',
    routes: [route(CalculationController, 'difference')],
    summary: (a: DifferenceView) => {
      const b = a.difference.breakdown;
      return `From ${a.startDateTime} to ${a.endDateTime} is ${a.difference.totalHours} hours (${b.days} days ${b.hours} h ${b.minutes} min ${b.seconds} s${a.timeZone ? ` in ${a.timeZone} calendar days` : ''}).`;
    },
  },
  {
    name: 'add_duration',
    title: 'Add a duration to a date-time',
    description:
      'Adds a duration to an ISO 8601 date-time. timeSpan is an ISO 8601 duration ("P1DT12H30M", "PT90M") or .NET style "[-][d.]hh:mm:ss" ("1.12:30:00"); start it with "-" to go back in time. ' +
      'With timeZone, days, months and years keep the wall-clock time across DST changes (calendar arithmetic) and hours, minutes and seconds are exact; without it everything is exact.',
    routes: [route(CalculationController, 'add')],
    summary: (a: CalculationView) =>
      `${a.originalDateTime} plus ${a.timeSpan} is ${a.resultDateTime}${a.timeZone ? ` (${a.arithmetic} arithmetic in ${a.timeZone})` : ' (exact arithmetic)'}.`,
  },
  {
    name: 'day_of_week',
    title: 'Day of the week of a date',
    description:
      'The weekday of a calendar date (YYYY-MM-DD), its ISO number (Monday 1 … Sunday 7), whether it is a weekend day, its ISO 8601 week number and its day of the year.',
    routes: [route(CalculationController, 'dayOfWeek')],
    summary: (a: DayOfWeekView) =>
      `${a.date} is a ${a.dayOfWeek} (ISO week ${a.weekNumber}, day ${a.dayOfYear} of the year${a.isWeekend ? ', a weekend day' : ''}).`,
  },
  {
    name: 'list_transitions',
    title: 'DST and offset changes of a time zone',
    description:
      'Every change of UTC offset of an IANA time zone in [from, to): when it happens (UTC), the wall clock just before and after, the offsets and abbreviations, and whether DST starts. ' +
      'Use it to answer "when do the clocks change" or to check historical offsets (back to 1970). Default range: the current year.',
    routes: [route(TimezoneController, 'transitions')],
    summary: (a: TransitionsView) =>
      a.transitions.length === 0
        ? `${a.timezone} has no offset change between ${date(a.from)} and ${date(a.to)}.`
        : `${a.timezone} changes its clocks ${a.total} time(s) between ${date(a.from)} and ${date(a.to)}: ` +
          a.transitions
            .slice(0, 4)
            .map((t) => `${date(t.local_before)} ${hhmm(t.local_before)} → ${hhmm(t.local_after)} (${t.abbreviation_before} → ${t.abbreviation_after})`)
            .join('; ') +
          (a.total > 4 ? '; …' : '') +
          '.',
  },
  {
    name: 'check_release_impact',
    title: 'Which stored times a tz release changes',
    description:
      'For stored wall-clock times (events: [{ localDateTime, timeZone }]) or stored instants (instants: [{ utc, timeZone }]), whether their meaning changes between two tz database releases this server has stored ' +
      '(from and to, e.g. "2025b" and "2026a"): changed per item, both readings, and any new gap or overlap (resolved as Temporal\'s "compatible"). ' +
      'Use it after a government changes its clocks to find the meetings that now mean another instant. Counts one request per 100 items; an unknown release is refused with unknown_release listing the stored ones.',
    routes: [route(ImpactController, 'impact')],
    weight: (args) => per100(count(args.events) + count(args.instants)),
    summary: (a: ImpactView) =>
      a.changed === 0
        ? `None of the ${a.total} ${a.kind} changes meaning between ${a.from} and ${a.to}${a.errors ? ` (${a.errors} could not be read)` : ''}.`
        : `${a.changed} of the ${a.total} ${a.kind} change meaning between ${a.from} and ${a.to}: ` +
          a.items
            .filter((i) => i.changed)
            .slice(0, 5)
            .map((i) => `#${i.index} ${i.timeZone} ${i.localDateTime ?? i.utc}`)
            .join('; ') +
          (a.changed > 5 ? '; …' : '.'),
  },
  {
    name: 'convert_time_matrix',
    title: 'Convert many instants into many time zones',
    description:
      'The local time of every instant (instants: ISO 8601 with Z or an offset, up to 1,000) in every time zone (timeZones, up to 50), e.g. for a report or a schedule. ' +
      'A bad zone or instant is an error in its cells, the rest is answered. Counts one request per 100 cells; answers larger than the tool-call ceiling are refused: use the REST endpoint (streamed) for big matrices.',
    routes: [route(MatrixController, 'matrix')],
    weight: (args) => per100(count(args.instants) * count(args.timeZones)),
    summary: (a: MatrixView) =>
      `${a.cells} cells (${a.instants} instants × ${a.timeZones.length} zones)${a.errors ? `, ${a.errors} with an error` : ''}. ` +
      a.rows
        .slice(0, 1)
        .map(
          (r) =>
            `${r.instant}: ` + r.cells.map((c) => (c.localDateTime ? `${c.localDateTime} in ${c.timeZone}` : `${c.timeZone}: ${c.error?.code}`)).join('; '),
        )
        .join(''),
  },
  {
    name: 'list_holidays',
    title: 'Public holidays of a country',
    description:
      'The holidays of a country (ISO 3166-1 alpha-2, e.g. "US", "DE") in a year (1970-2100), or of one of its subdivisions (subdivision "CA", "BY"), with their names, substitute (observed) days, ' +
      'start and end with the offset in force, and the subdivisions each applies to. types: comma-separated of public, bank, school, optional, observance (default public). From the date-holidays data.',
    routes: [route(HolidaysController, 'list')],
    summary: (a: HolidaysView) =>
      `${a.holidays.length} ${a.requestedTypes.join('/')} holiday(s) in ${a.country}${a.subdivision ? `-${a.subdivision}` : ''} in ${a.year}: ` +
      a.holidays
        .slice(0, 12)
        .map((h) => `${h.date} ${h.name}`)
        .join('; ') +
      (a.holidays.length > 12 ? '; …' : '.'),
  },
  {
    name: 'add_business_days',
    title: 'Add or subtract business days',
    description:
      "The date a number of business days (days, negative to go back, at most 10,000) after startDate (YYYY-MM-DD) in a country's working calendar: its weekend (Friday and Saturday in Israel) and public holidays, " +
      'with subdivision, weekend, extraClosures and types to adjust it. The start is never counted: Saturday + 1 is Monday. Answers the days skipped and why.',
    routes: [route(BusinessCalculationController, 'businessDays')],
    summary: (a: BusinessDaysView) =>
      `${a.days} business day(s) from ${a.startDate} in ${a.country}${a.subdivision ? `-${a.subdivision}` : ''} is ${a.resultDate} (${a.calendarDays} calendar days)` +
      (a.skipped.some((s) => s.reason === 'holiday')
        ? `, skipping ${a.skipped
            .filter((s) => s.reason === 'holiday')
            .map((s) => `${s.name} (${s.date})`)
            .join(', ')}.`
        : '.'),
  },
  {
    name: 'business_deadline',
    title: 'Deadline in working hours',
    description:
      'The instant a number of working hours (hours, or minutes; negative to go back) after start runs out, in opening hours kept in timeZone (default 09:00-17:00 on business days; openingHours per weekday), ' +
      "skipping the country's weekend and public holidays. Working time is real time across DST changes. Use it for SLA and response-time deadlines. " +
      DST_NOTE,
    routes: [route(BusinessCalculationController, 'businessHours')],
    summary: (a: BusinessHoursView) =>
      `${a.workingMinutes / 60} working hour(s) from ${a.start} in ${a.timeZone} run out at ${a.deadline}` +
      (a.skipped.length > 0 ? `, after ${a.skipped.length} closed day(s).` : '.'),
  },
  {
    name: 'get_sun_and_moon',
    title: 'Sunrise, sunset, twilight and moon at a place',
    description:
      'Sunrise, sunset, solar noon, day length, civil/nautical/astronomical twilight, golden and blue hour, moonrises, moonsets, moon phase and illumination for local dates at a place: ' +
      'latitude and longitude, or city ("Paris, France"), or ip. date is the place\'s local date (YYYY-MM-DD, default today there), or from and to for up to 31 days (1900-2100). ' +
      'Every time is written with the UTC offset in force at the place at that instant, and in UTC. In polar day or night sun_status is sun_always_up or sun_always_down and sunrise and sunset are null. ' +
      'Counts one request per 7 days asked.',
    routes: [route(AstronomyController, 'sunAndMoon')],
    summary: (a: AstronomyView) => {
      const day = a.days[0];
      const sun =
        day.sun_status === 'normal'
          ? `sunrise ${day.sunrise ? hhmm(day.sunrise.time) : 'none'}, sunset ${day.sunset ? hhmm(day.sunset.time) : 'none'}`
          : day.sun_status === 'sun_always_up'
            ? 'the sun does not set (polar day)'
            : 'the sun does not rise (polar night)';
      const more = a.days.length > 1 ? ` (${a.days.length} days answered)` : '';
      return `${day.date} at ${a.place.latitude}, ${a.place.longitude} (${a.timezone}): ${sun}; moon ${day.moon_phase.name}, ${Math.round(day.moon_illumination * 100)}% lit${more}.`;
    },
    weight: weightOfDays,
  },
  ...PLANNING_TOOLS,
];
