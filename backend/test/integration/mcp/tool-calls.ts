/** Each MCP tool beside the REST call it wraps (tools.case.ts holds the two to the same answer), and the tools' names in the order tools/list gives them. */
import { TZDB_VERSION } from '../../../src/modules/tzdb/bundled-release.js';

export type Json = Record<string, any>;

const MEETING = {
  participants: [
    { label: 'Ana', timezone: 'America/New_York' },
    { label: 'Ben', timezone: 'Europe/London' },
  ],
  durationMinutes: 60,
  from: '2027-03-15',
  to: '2027-03-16',
  stepMinutes: 60,
  limit: 3,
};

/** One call per tool, with the REST request that must answer the same JSON. */
export const CASES: { tool: string; args: Json; method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: Json }[] = [
  { tool: 'get_current_time', args: { timezone: 'Asia/Calcutta' }, method: 'GET', path: '/api/time/current', query: { timezone: 'Asia/Calcutta' } },
  { tool: 'get_time_at_ip', args: { ip: '81.2.69.142' }, method: 'GET', path: '/api/time/current/ip', query: { ip: '81.2.69.142' } },
  { tool: 'get_time_at_airport', args: { code: 'EGLL' }, method: 'GET', path: '/api/timezone/airport', query: { code: 'EGLL' } },
  {
    tool: 'convert_time',
    args: { fromTimeZone: 'Europe/London', toTimeZone: 'America/New_York', dateTime: '2024-10-27T01:30:00', dstAmbiguity: 'later' },
    method: 'POST',
    path: '/api/conversion/timezone',
    body: { fromTimeZone: 'Europe/London', toTimeZone: 'America/New_York', dateTime: '2024-10-27T01:30:00', dstAmbiguity: 'later' },
  },
  {
    tool: 'convert_time_multi',
    args: { dateTime: '2024-07-01T09:00:00', fromTimeZone: 'America/New_York', toTimeZones: ['Europe/London', 'Asia/Tokyo', 'Asia/Kathmandu'] },
    method: 'POST',
    path: '/api/conversion/multi',
    body: { dateTime: '2024-07-01T09:00:00', fromTimeZone: 'America/New_York', toTimeZones: ['Europe/London', 'Asia/Tokyo', 'Asia/Kathmandu'] },
  },
  { tool: 'find_timezone', args: { location: 'Springfield, US' }, method: 'GET', path: '/api/timezone/lookup', query: { location: 'Springfield, US' } },
  {
    tool: 'find_timezone',
    args: { latitude: 51.5074, longitude: -0.1278 },
    method: 'GET',
    path: '/api/timezone/coordinate',
    query: { latitude: '51.5074', longitude: '-0.1278' },
  },
  { tool: 'search_cities', args: { city: 'san fran' }, method: 'GET', path: '/api/timezone/search', query: { city: 'san fran' } },
  {
    tool: 'time_difference',
    args: { startDateTime: '2024-03-30T12:00:00', endDateTime: '2024-03-31T12:00:00', timeZone: 'Europe/London' },
    method: 'POST',
    path: '/api/calculation/difference',
    body: { startDateTime: '2024-03-30T12:00:00', endDateTime: '2024-03-31T12:00:00', timeZone: 'Europe/London' },
  },
  {
    tool: 'add_duration',
    args: { baseDateTime: '2024-03-30T12:00:00', timeSpan: '1.12:30:00', timeZone: 'Europe/London' },
    method: 'POST',
    path: '/api/calculation/add',
    body: { baseDateTime: '2024-03-30T12:00:00', timeSpan: '1.12:30:00', timeZone: 'Europe/London' },
  },
  { tool: 'day_of_week', args: { date: '2024-07-01' }, method: 'GET', path: '/api/calculation/dayofweek', query: { date: '2024-07-01' } },
  {
    tool: 'list_transitions',
    args: { timezone: 'Europe/London', from: '2024-01-01', to: '2025-01-01' },
    method: 'GET',
    path: '/api/timezone/transitions',
    query: { timezone: 'Europe/London', from: '2024-01-01', to: '2025-01-01' },
  },
  {
    tool: 'convert_time_matrix',
    args: { instants: ['2024-07-01T12:00:00Z', 'soon'], timeZones: ['Europe/London', 'Mars/Olympus'] },
    method: 'POST',
    path: '/api/conversion/matrix',
    body: { instants: ['2024-07-01T12:00:00Z', 'soon'], timeZones: ['Europe/London', 'Mars/Olympus'] },
  },
  {
    tool: 'check_release_impact',
    args: { from: TZDB_VERSION, to: TZDB_VERSION, events: [{ localDateTime: '2024-03-10T02:30:00', timeZone: 'America/New_York' }] },
    method: 'POST',
    path: '/api/timezone/impact',
    body: { from: TZDB_VERSION, to: TZDB_VERSION, events: [{ localDateTime: '2024-03-10T02:30:00', timeZone: 'America/New_York' }] },
  },
  {
    tool: 'list_holidays',
    args: { country: 'US', subdivision: 'CA', year: '2027' },
    method: 'GET',
    path: '/api/holidays',
    query: { country: 'US', subdivision: 'CA', year: '2027' },
  },
  {
    tool: 'add_business_days',
    args: { startDate: '2027-07-02', days: 1, country: 'US' },
    method: 'POST',
    path: '/api/calculation/business-days',
    body: { startDate: '2027-07-02', days: 1, country: 'US' },
  },
  {
    tool: 'business_deadline',
    args: { start: '2026-11-13T16:00:00', hours: 4, timeZone: 'America/New_York', country: 'US' },
    method: 'POST',
    path: '/api/calculation/business-hours',
    body: { start: '2026-11-13T16:00:00', hours: 4, timeZone: 'America/New_York', country: 'US' },
  },
  {
    tool: 'get_sun_and_moon',
    args: { latitude: 52.52, longitude: 13.405, from: '2027-03-27', to: '2027-03-29' },
    method: 'GET',
    path: '/api/astronomy',
    query: { latitude: '52.52', longitude: '13.405', from: '2027-03-27', to: '2027-03-29' },
  },
  {
    tool: 'find_meeting_slots',
    args: MEETING,
    method: 'POST',
    path: '/api/planning/meeting-slots',
    body: MEETING,
  },
  {
    tool: 'zones_at_local_time',
    args: { time: '09:00', at: '2027-03-10T14:00:00Z' },
    method: 'GET',
    path: '/api/timezone/at-local-time',
    query: { time: '09:00', at: '2027-03-10T14:00:00Z' },
  },
  {
    tool: 'expand_recurrence',
    args: { rule: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3' },
    method: 'POST',
    path: '/api/calculation/recurrence',
    body: { rule: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3' },
  },
];

export const TOOL_NAMES = [
  'get_current_time',
  'get_time_at_ip',
  'get_time_at_airport',
  'convert_time',
  'convert_time_multi',
  'find_timezone',
  'search_cities',
  'time_difference',
  'add_duration',
  'day_of_week',
  'list_transitions',
  'convert_time_matrix',
  'check_release_impact',
  'list_holidays',
  'add_business_days',
  'business_deadline',
  'get_sun_and_moon',
  'find_meeting_slots',
  'zones_at_local_time',
  'expand_recurrence',
];
