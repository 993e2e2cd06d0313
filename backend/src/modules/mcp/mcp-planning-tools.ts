import type { McpToolSpec } from './mcp-tool-spec.js';
import { MeetingSlotsController } from '../planning/meeting-slots.controller.js';
import { RecurrenceController } from '../planning/recurrence.controller.js';
import type { MeetingSlotsView, RecurrenceView } from '../planning/dto/planning.responses.js';
import { meetingSlotsWeight, recurrenceWeight } from '../planning/planning.weight.js';
import { AtLocalTimeController } from '../timezone/at-local-time/at-local-time.controller.js';
import type { AtLocalTimeView } from '../timezone/at-local-time/at-local-time.dto.js';

const hhmm = (iso: string) => iso.slice(11, 16);

/** Planning across zones: meeting slots, who is at a local time, recurring events (issue 52). */
export const PLANNING_TOOLS: McpToolSpec[] = [
  {
    name: 'find_meeting_slots',
    title: 'Find meeting slots across time zones',
    description:
      'The best meeting slots for 2 to 20 participants (each: label and one of timezone, city or latitude/longitude; optional workingHours {start, end, days} or {byWeekday}, default 09:00-17:00 Monday to Friday; ' +
      "optional country/subdivision whose public holidays are days off), durationMinutes, from and to (the first participant's local dates, at most 31 days), stepMinutes 15, 30 or 60, limit. " +
      "Slots inside everyone's hours score 0-100 (closest to the middle of everyone's working day best); when none fits (fullOverlap false) the answer gives compromises naming who is outside their hours and by how much. " +
      'Counts one request per 100 participant-slots.',
    routes: [{ controller: MeetingSlotsController, handler: 'meetingSlots' }],
    weight: meetingSlotsWeight,
    summary: (a: MeetingSlotsView) => {
      const best = a.slots[0];
      if (!best) return 'No candidate slot fits in the range.';
      const seats = best.participants.map((p) => `${p.label} ${hhmm(p.start)}${p.inWorkingHours ? '' : ` (${p.minutesOutside} min outside hours)`}`).join(', ');
      return `${a.fullOverlap ? 'Best slot everyone can make' : 'No slot fits everyone; best compromise'}: ${best.start} (${seats}); ${a.slots.length} slot(s) answered.`;
    },
  },
  {
    name: 'zones_at_local_time',
    title: 'Which places are at a local time',
    description:
      'The time zones whose local time at `at` (ISO 8601 instant, default now) is `time` (HH:MM), or anywhere in that hour with precision "hour", grouped by UTC offset with each zone\'s country and largest city. ' +
      'Use it to send something at 9:00 local everywhere.',
    routes: [{ controller: AtLocalTimeController, handler: 'atLocalTime' }],
    summary: (a: AtLocalTimeView) =>
      a.total_zones === 0
        ? `No zone is at ${a.time} at ${a.at}.`
        : `${a.total_zones} zone(s) are at ${a.time} at ${a.at}: ` +
          a.groups
            .map(
              (g) =>
                `UTC${g.utc_offset} (${g.zones
                  .slice(0, 3)
                  .map((z) => z.city ?? z.timezone)
                  .join(', ')}${g.zones.length > 3 ? ', …' : ''})`,
            )
            .join('; ') +
          '.',
  },
  {
    name: 'expand_recurrence',
    title: 'Expand a recurring event (RFC 5545 RRULE)',
    description:
      'The occurrences of an iCalendar rule set (rule: "DTSTART;TZID=America/New_York:20270301T093000\\nRRULE:FREQ=WEEKLY;BYDAY=MO", with RDATE and EXDATE lines; Windows TZIDs accepted) between from and to, ' +
      'each as local time with its offset and UTC. A time skipped by a DST change moves forward by the gap, a repeated time takes the first (RFC 5545); such occurrences say so. ' +
      'At most 1,000 occurrences; a rule without COUNT or UNTIL needs `to`. Counts one request per 100 occurrences.',
    routes: [{ controller: RecurrenceController, handler: 'recurrence' }],
    weight: recurrenceWeight,
    summary: (a: RecurrenceView) =>
      `${a.total} occurrence(s) in ${a.timeZone}${a.adjusted ? ` (${a.adjusted} moved by a DST gap or overlap)` : ''}: ` +
      a.occurrences
        .slice(0, 6)
        .map((o) => o.localDateTime)
        .join('; ') +
      (a.total > 6 ? '; …' : '.'),
  },
];
