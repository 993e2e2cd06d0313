import { checkInput } from '../gateway/checked-input.js';
import { Problems, ProblemException } from '../../common/problems/problem.js';
import type { BusinessTimeService } from '../business-time/business-time.service.js';
import type { CompiledZone } from '../tzdb/compiled-zone.js';
import type { TimeEngine } from '../timezone/engine/time-engine.js';
import { ParticipantBody } from './dto/meeting-slots.dto.js';
import { PARTICIPANTS, PlanningProblems } from './planning.errors.js';

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DEFAULT_HOURS: [number, number] = [9 * 60, 17 * 60];

/** A participant as the search reads them: their zone, their hours per ISO weekday and their days off. */
export interface Participant {
  label: string;
  timezone: string;
  clock: CompiledZone;
  /** Index 1 (Monday) to 7 (Sunday): the working window in minutes after local midnight, or null for a day off. */
  hours: ([number, number] | null)[];
  /** The holiday on a local day (days since 1970-01-01), or null. */
  holiday: (day: number) => string | null;
  country: string | null;
  subdivision: string | null;
}

const HHMM = /^(\d{2}):(\d{2})$/;

function minutesOf(text: string | undefined, fallback: number, index: number): number {
  if (text === undefined) return fallback;
  const m = HHMM.exec(text.trim());
  const n = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || Number(m[2]) > 59 || n > 24 * 60) throw PlanningProblems.workingHours(index, `"${text}" is not a time of day as HH:MM (00:00 to 24:00).`);
  return n;
}

function window(start: number, end: number, index: number): [number, number] {
  if (end <= start) throw PlanningProblems.workingHours(index, 'the working day must end after it starts (a night shift over midnight is not supported).');
  return [start, end];
}

function weekdayIndex(name: unknown, index: number): number {
  const i = typeof name === 'string' ? WEEKDAY_NAMES.indexOf(name.trim().toLowerCase() as (typeof WEEKDAY_NAMES)[number]) : -1;
  if (i < 0) throw PlanningProblems.workingHours(index, `"${String(name)}" is not a weekday (monday … sunday).`);
  return i + 1;
}

/** Hours per ISO weekday from the body (default 09:00-17:00 on the working days). */
function workingHours(body: ParticipantBody, index: number, weekend: (isoDay: number) => boolean): ([number, number] | null)[] {
  const hours: ([number, number] | null)[] = new Array(8).fill(null);
  const wh = body.workingHours ?? {};
  if (wh.byWeekday !== undefined) {
    if (wh.start !== undefined || wh.end !== undefined || wh.days !== undefined)
      throw PlanningProblems.workingHours(index, 'give either byWeekday or start/end/days, not both.');
    for (const [day, range] of Object.entries(wh.byWeekday)) {
      const [from, to, extra] = typeof range === 'string' ? range.split('-') : [];
      if (to === undefined || extra !== undefined)
        throw PlanningProblems.workingHours(index, `byWeekday.${day} "${String(range)}" is not a range HH:MM-HH:MM.`);
      hours[weekdayIndex(day, index)] = window(minutesOf(from, 0, index), minutesOf(to, 0, index), index);
    }
    return hours;
  }
  const span = window(minutesOf(wh.start, DEFAULT_HOURS[0], index), minutesOf(wh.end, DEFAULT_HOURS[1], index), index);
  const days = wh.days !== undefined ? new Set(wh.days.map((d) => weekdayIndex(d, index))) : null;
  for (let d = 1; d <= 7; d++) hours[d] = (days ? days.has(d) : !weekend(d)) ? span : null;
  return hours;
}

/** The participant's zone: from its zone name (IANA or Windows), its city (lookup's first match) or its coordinates. */
function zoneOf(engine: TimeEngine, body: ParticipantBody, index: number, now: number): string {
  const given = [
    ...(body.timezone !== undefined ? ['timezone'] : []),
    ...(body.city !== undefined ? ['city'] : []),
    ...(body.latitude !== undefined || body.longitude !== undefined ? ['latitude/longitude'] : []),
  ];
  if (given.length !== 1) throw PlanningProblems.participantPlace(index, given);
  const field = `participants[${index}]`;
  if (body.timezone !== undefined) return engine.zone(body.timezone, `${field}.timezone`).canonical;
  if (body.city !== undefined) {
    const candidate = engine.lookup(body.city, now).candidates[0];
    if (!candidate?.timezone)
      throw new ProblemException({
        status: 404,
        code: 'unknown_city',
        detail: `No city matches "${body.city}" (${field}.city). Try "Paris, France" or "Springfield, US" (GET /api/timezone/lookup shows the candidates), or send a timezone.`,
        field: `${field}.city`,
        extra: { city: body.city },
      });
    return candidate.timezone;
  }
  if (body.latitude === undefined || body.longitude === undefined) throw PlanningProblems.participantPlace(index, []);
  return engine.zoneAt(body.latitude, body.longitude, now).timezone;
}

/** Each participant checked and resolved (2 to 20 of them); a bad one is a 4xx naming it. */
export function resolveParticipants(engine: TimeEngine, business: BusinessTimeService, raw: unknown[], now: number): Participant[] {
  if (raw.length < PARTICIPANTS.min || raw.length > PARTICIPANTS.max) throw PlanningProblems.participantCount(raw.length);
  return raw.map((item, index) => {
    let body: ParticipantBody;
    try {
      body = checkInput(ParticipantBody, item, 'body');
    } catch (problem) {
      if (!(problem instanceof ProblemException)) throw problem;
      throw Problems.validation([{ field: `participants[${index}]`, message: `participants[${index}]: ${String(problem.toDocument().detail)}` }]);
    }
    const timezone = zoneOf(engine, body, index, now);
    const calendar =
      body.country !== undefined ? business.calendar({ country: body.country, subdivision: body.subdivision }, `participants[${index}].country`) : null;
    // With a country, its weekend (Unicode CLDR) is the default days off; 1970-01-05 was a Monday (day 4).
    const weekend = (isoDay: number) => (calendar ? calendar.isWeekend(3 + isoDay) : isoDay >= 6);
    return {
      label: body.label,
      timezone,
      clock: engine.clock(timezone),
      hours: workingHours(body, index, weekend),
      holiday: (day: number) => {
        if (!calendar) return null;
        const found = calendar.holidaysOn(day);
        return found.length > 0 ? found.map((h) => h.name).join(', ') : null;
      },
      country: calendar?.rules.country ?? null,
      subdivision: calendar?.rules.subdivision ?? null,
    };
  });
}
