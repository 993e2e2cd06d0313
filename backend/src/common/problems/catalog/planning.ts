import { problemType as p, type ProblemType } from '../problem-type.js';

/** The problem types of planning across zones: meeting slots and recurring events (see problem-catalog.ts). */
export const PLANNING: ProblemType[] = [
  p(
    'invalid_participants',
    400,
    'Wrong number of participants',
    'A meeting-slots request names fewer than 2 or more than 20 participants.',
    'Send 2 to 20 participants; for a larger group, ask for the people whose hours matter most.',
  ),
  p(
    'invalid_participant',
    400,
    'Participant without one place',
    'A participant names no place, or names it more than one way (timezone, city, latitude/longitude).',
    'Give each participant exactly one of timezone, city, or latitude and longitude.',
  ),
  p('invalid_step', 400, 'Step not offered', 'stepMinutes is not 15, 30 or 60.', 'Send 15, 30 or 60 (default 30).'),
  p(
    'invalid_working_hours',
    400,
    'Working hours not readable',
    "A participant's workingHours has a time that is not HH:MM, a day that is not a weekday, a day ending before it starts, or both byWeekday and start/end/days.",
    'Send {"start": "09:00", "end": "17:00", "days": ["monday", …]} or {"byWeekday": {"monday": "09:00-17:00"}}.',
  ),
  p(
    'invalid_recurrence',
    400,
    'Rule set does not parse',
    'The iCalendar rule set has a line, an RRULE part or a value that RFC 5545 does not allow (or one the expansion does not take), or its rule matches too rarely to expand.',
    'The detail names the line or part. Send DTSTART;TZID=Zone:YYYYMMDDTHHMMSS, then RRULE:FREQ=…, RDATE and EXDATE lines.',
  ),
  p(
    'recurrence_count_too_large',
    400,
    'COUNT above the cap',
    'The RRULE asks for more than 1,000 occurrences with COUNT.',
    'Ask for at most 1,000, or leave COUNT out and bound the answer with from and to.',
  ),
  p(
    'too_many_occurrences',
    400,
    'Too many occurrences',
    'The rule has no end and no `to` bounds it, or the window from `from` to `to` holds more than 1,000 occurrences.',
    'Send `to` (or a shorter window), or give the rule a COUNT or UNTIL.',
  ),
];
