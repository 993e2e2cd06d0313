import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { BusinessTimeService } from '../business-time/business-time.service.js';
import { HolidayData } from '../business-time/holiday-data.js';
import type { Clock } from '../timezone/clock.js';
import { MeetingSlotsService } from './meeting-slots.service.js';
import type { MeetingSlotsRequest } from './dto/meeting-slots.dto.js';
import { ProblemException } from '../../common/problems/problem.js';

const engine = sharedTimeEngine();
const clock: Clock = { now: () => Date.UTC(2027, 0, 1) };
const service = new MeetingSlotsService(engine, new BusinessTimeService(engine, new HolidayData()), clock);

const city = (label: string, timezone: string) => ({ label, timezone });
const newYork = city('Ana', 'America/New_York');
const london = city('Ben', 'Europe/London');
const tokyo = city('Chie', 'Asia/Tokyo');

function problemCode(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof ProblemException) return String(err.toDocument().code);
    throw err;
  }
  throw new Error('no problem thrown');
}

const ask = (body: Partial<MeetingSlotsRequest>) =>
  service.find({ participants: [newYork, london], durationMinutes: 60, from: '2027-03-10', to: '2027-03-17', stepMinutes: 60, ...body } as MeetingSlotsRequest);

describe('meeting slots', () => {
  it("widens New York and London's overlap by an hour once the US has changed and the EU has not", () => {
    const answer = ask({});
    expect(answer.fullOverlap).toBe(true);
    const byDate = Object.fromEntries(answer.days.map((d) => [d.date, d.overlaps]));
    // Wednesday 10 March: New York is on EST (14:00-22:00Z), London on GMT (09:00-17:00Z): 14:00-17:00Z.
    expect(byDate['2027-03-10']).toEqual([{ start: '2027-03-10T14:00:00Z', end: '2027-03-10T17:00:00Z', minutes: 180 }]);
    // Monday 15 March, after the US change on the 14th: EDT (13:00-21:00Z), London still GMT: 13:00-17:00Z.
    expect(byDate['2027-03-15']).toEqual([{ start: '2027-03-15T13:00:00Z', end: '2027-03-15T17:00:00Z', minutes: 240 }]);
    expect(byDate['2027-03-13']).toEqual([]);
    for (const slot of answer.slots) {
      expect(slot.everyoneInside).toBe(true);
      for (const seat of slot.participants) expect(seat.inWorkingHours).toBe(true);
    }
  });

  it('answers compromises naming who is outside their hours and by how much when no slot fits New York, London and Tokyo', () => {
    const answer = ask({ participants: [newYork, london, tokyo], limit: 3 });
    expect(answer.fullOverlap).toBe(false);
    expect(answer.days.every((d) => d.overlaps.length === 0)).toBe(true);
    const [best] = answer.slots;
    expect(best.score).toBeLessThan(0);
    expect(best.minutesOutside).toBe(-best.score);
    expect(best.participants.some((p) => !p.inWorkingHours && p.minutesOutside > 0)).toBe(true);
  });

  it('gives each local date against the first participant (Tokyo is a day ahead in the New York evening)', () => {
    const answer = ask({ participants: [newYork, tokyo], limit: 1 });
    const seat = answer.slots[0].participants[1];
    expect([0, 1]).toContain(seat.dayOffset);
  });

  it("treats a participant's public holiday as a day off", () => {
    const answer = ask({ participants: [{ ...newYork, country: 'US' }, london], from: '2027-07-05', to: '2027-07-05' });
    expect(answer.fullOverlap).toBe(false);
    expect(answer.slots[0].participants[0]).toMatchObject({ dayOff: 'holiday', inWorkingHours: false });
  });

  it('refuses bad input with stable codes', () => {
    expect(problemCode(() => ask({ participants: [newYork] }))).toBe('invalid_participants');
    expect(problemCode(() => ask({ participants: Array.from({ length: 21 }, () => newYork) }))).toBe('invalid_participants');
    expect(problemCode(() => ask({ participants: [newYork, { label: 'x' } as never] }))).toBe('invalid_participant');
    expect(problemCode(() => ask({ participants: [newYork, { label: 'x', timezone: 'Mars/Base' }] }))).toBe('invalid_timezone');
    expect(problemCode(() => ask({ to: '2027-04-20' }))).toBe('range_too_long');
    expect(problemCode(() => ask({ stepMinutes: 20 }))).toBe('invalid_step');
    expect(problemCode(() => ask({ participants: [newYork, { ...london, workingHours: { start: '18:00', end: '09:00' } }] }))).toBe('invalid_working_hours');
  });
});
