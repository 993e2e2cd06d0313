export interface ApiProduct {
  id: string;
  name: string;
  summary: string;
  endpoints: string[];
  features: string[];
  useCases: string[];
}

/** The API products; the header shows the first six. */
export const apiProducts: ApiProduct[] = [
  {
    id: 'current-time',
    name: 'Current Time API',
    summary: 'The exact current time in any IANA time zone, with offset, abbreviation and DST state.',
    endpoints: ['GET /api/time/current', 'GET /api/time/utc'],
    features: ['Any IANA zone, legacy names included', 'UTC offset and abbreviation', 'DST active flag', 'Unix timestamps and ISO week data'],
    useCases: ['Show local time on user profiles', 'Stamp events in the customer\u2019s zone', 'Synchronise distributed jobs'],
  },
  {
    id: 'conversion',
    name: 'Time Zone Conversion API',
    summary: 'Convert a local date and time from one zone to another, with explicit handling of DST gaps and overlaps.',
    endpoints: ['POST /api/conversion/timezone', 'GET /api/conversion/timezone'],
    features: ['ISO 8601 in and out', 'dstAmbiguity: earlier, later, compatible, reject', 'Clear errors for nonexistent local times', 'Cacheable GET form'],
    useCases: ['Meeting schedulers', 'Flight and train itineraries', 'Customer support shift planning'],
  },
  {
    id: 'multi-conversion',
    name: 'Multi-Zone Conversion API',
    summary: 'Convert one moment to up to 100 time zones in a single call.',
    endpoints: ['POST /api/conversion/multi'],
    features: ['Up to 100 target zones per request', 'Abbreviation for every result', 'One round trip instead of many'],
    useCases: ['World clocks', 'Global webinar announcements', 'Release windows across regions'],
  },
  {
    id: 'lookup',
    name: 'Time Zone Lookup API',
    summary: 'Resolve free text such as "Paris, France" or "Springfield, US" to ranked time zone candidates.',
    endpoints: ['GET /api/timezone/lookup', 'GET /api/timezone/search'],
    features: ['City and country matching', 'Ranked candidates', 'Main city of every zone'],
    useCases: ['Sign-up forms', 'Address book enrichment', 'Travel search boxes'],
  },
  {
    id: 'coordinates',
    name: 'Coordinates (GPS) API',
    summary: 'Find the time zone and the current time for any latitude and longitude on Earth.',
    endpoints: ['GET /api/timezone/coordinate', 'GET /api/time/current/coordinate'],
    features: ['Accurate zone boundaries', 'Works offshore and at borders', 'Current time in the same call'],
    useCases: ['Fleet and delivery tracking', 'IoT devices without a clock setting', 'Photo and check-in metadata'],
  },
  {
    id: 'directory',
    name: 'Time Zone List & Search API',
    summary: 'The full list of IANA zones with countries, regions and current offsets, searchable by city.',
    endpoints: ['GET /api/timezone/list', 'GET /api/timezone/search'],
    features: ['Every canonical IANA zone', 'Country and region for each zone', 'Current UTC offset'],
    useCases: ['Time zone pickers', 'Admin settings screens', 'Data validation'],
  },
  {
    id: 'calculation',
    name: 'Date Calculation API',
    summary: 'Add or subtract time spans, measure differences and get the day of the week, DST-aware.',
    endpoints: ['POST /api/calculation/add', 'POST /api/calculation/subtract', 'POST /api/calculation/difference', 'GET /api/calculation/dayofweek'],
    features: ['.NET time spans and ISO 8601 durations', 'Totals and breakdowns', 'Week number and day of year'],
    useCases: ['Billing periods and trials', 'SLA timers', 'Booking lead times'],
  },
  {
    id: 'business-time',
    name: 'Business Time API',
    summary: 'Public holidays of about 200 countries, business days and working-hours deadlines, computed in the right zone across DST changes.',
    endpoints: [
      'GET /api/holidays',
      'GET /api/holidays/countries',
      'GET /api/holidays/check',
      'POST /api/calculation/business-days',
      'POST /api/calculation/business-duration',
      'POST /api/calculation/business-hours',
      'GET /api/calculation/business-hours/open',
    ],
    features: [
      'Holidays by country and subdivision, substitute days flagged',
      'Weekends from Unicode CLDR (Friday and Saturday in Israel)',
      'Working hours counted as real time across DST changes',
      'The holiday data release named in every answer',
    ],
    useCases: ['SLA and support deadlines', 'Settlement and delivery dates (T+2)', 'Open-now badges for shops and help desks'],
  },
  {
    id: 'planning',
    name: 'Planning API',
    summary: 'Meeting slots across zones, who is at 9:00 right now, and recurring events (RFC 5545) that keep their time across DST changes.',
    endpoints: ['POST /api/planning/meeting-slots', 'GET /api/timezone/at-local-time', 'POST /api/calculation/recurrence'],
    features: [
      'Best slots scored by working hours, holidays and midday distance',
      'Compromises that say who is outside their hours, and by how much',
      'RRULE, RDATE and EXDATE with Windows zone IDs, gaps resolved as RFC 5545 says',
      'A free meeting planner page on the same engine',
    ],
    useCases: ['Scheduling across offices', 'Send at 9:00 local, everywhere', 'Calendar sync that survives DST'],
  },
  {
    id: 'dst',
    name: 'DST Information API',
    summary: 'When daylight saving time starts and ends in a zone, and whether it is active now.',
    endpoints: ['GET /api/timezone/info'],
    features: ['Next DST start and end', 'Standard and daylight offsets', 'Zone abbreviations'],
    useCases: ['Warn users before clocks change', 'Schedule recurring jobs safely', 'Calendar apps'],
  },
  {
    id: 'historical',
    name: 'Historical Time Zone Data API',
    summary: 'Every offset change of a zone back to 1970, from the IANA time zone database.',
    endpoints: ['GET /api/timezone/transitions'],
    features: ['Transitions since 1970', 'tzdb version in every answer', 'Updated within 24 hours of IANA releases'],
    useCases: ['Auditing historical records', 'Legal and financial timestamps', 'Data migrations'],
  },
  {
    id: 'astronomy',
    name: 'Sun & Moon API',
    summary: 'Sunrise, sunset, twilight, golden and blue hour, moonrise, moonset and moon phase for any place and date, in the place\u2019s own time.',
    endpoints: ['GET /api/astronomy'],
    features: [
      'Every time with the offset in force at that instant, right on DST days',
      'Polar day and night said, never an invented time',
      'By coordinates, city or IP address; up to 31 days per call',
      'Checked against an independent ephemeris to within 2 minutes',
    ],
    useCases: ['Photography and outdoor planning apps', 'Religious observance times', 'Smart lighting and solar schedules'],
  },
];
