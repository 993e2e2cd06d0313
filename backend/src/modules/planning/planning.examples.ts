import { BusinessTimeService } from '../business-time/business-time.service.js';
import { HolidayData } from '../business-time/holiday-data.js';
import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import type { Clock } from '../timezone/clock.js';
import type { MeetingSlotsRequest } from './dto/meeting-slots.dto.js';
import type { RecurrenceRequest } from './dto/recurrence.dto.js';
import { MeetingSlotsService } from './meeting-slots.service.js';
import { recurrenceAnswer } from './recurrence-answer.js';

/** Documentation examples are real answers of the services, so they cannot drift from them. */
const engine = sharedTimeEngine();
const clock: Clock = { now: () => Date.UTC(2027, 0, 1) };
const slots = new MeetingSlotsService(engine, new BusinessTimeService(engine, new HolidayData()), clock);

export const PLANNING_REQUESTS = {
  meetingSlots: {
    participants: [
      { label: 'Ana (New York)', timezone: 'America/New_York' },
      { label: 'Ben (London)', city: 'London' },
      { label: 'Chie (Tokyo)', timezone: 'Asia/Tokyo', workingHours: { start: '08:00', end: '18:00' } },
    ],
    durationMinutes: 60,
    from: '2027-03-15',
    to: '2027-03-19',
    stepMinutes: 30,
    limit: 2,
  } satisfies MeetingSlotsRequest,
  recurrence: {
    rule: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\nEXDATE;TZID=America/New_York:20270308T093000',
    from: '2027-03-01',
  } satisfies RecurrenceRequest,
};

export const PLANNING_EXAMPLES = {
  meetingSlots: () => {
    const answer = slots.find({ ...PLANNING_REQUESTS.meetingSlots, participants: PLANNING_REQUESTS.meetingSlots.participants.map((p) => ({ ...p })) });
    return { ...answer, days: answer.days.slice(0, 2) };
  },
  recurrence: () => recurrenceAnswer(engine, PLANNING_REQUESTS.recurrence),
};

/** Each 400 example is the problem the service really throws for that input. */
export const PLANNING_PROBLEMS = {
  invalid_participants: () => slots.find({ ...PLANNING_REQUESTS.meetingSlots, participants: [{ label: 'Ana', timezone: 'America/New_York' }] }),
  invalid_participant: () =>
    slots.find({ ...PLANNING_REQUESTS.meetingSlots, participants: [{ label: 'Ana', timezone: 'America/New_York' }, { label: 'Ben' }] }),
  invalid_step: () => slots.find({ ...PLANNING_REQUESTS.meetingSlots, stepMinutes: 20 }),
  range_too_long: () => slots.find({ ...PLANNING_REQUESTS.meetingSlots, to: '2027-05-01' }),
  invalid_working_hours: () =>
    slots.find({
      ...PLANNING_REQUESTS.meetingSlots,
      participants: [
        { label: 'Ana', timezone: 'America/New_York', workingHours: { start: '18:00', end: '09:00' } },
        { label: 'Ben', timezone: 'Europe/London' },
      ],
    }),
};

export const RECURRENCE_PROBLEMS = {
  invalid_recurrence: () => recurrenceAnswer(engine, { rule: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=FORTNIGHTLY' }),
  recurrence_count_too_large: () => recurrenceAnswer(engine, { rule: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=DAILY;COUNT=5000' }),
  too_many_occurrences: () => recurrenceAnswer(engine, { rule: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=DAILY' }),
};
