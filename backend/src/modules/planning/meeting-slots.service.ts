import { Injectable } from '@nestjs/common';
import { BusinessTimeService } from '../business-time/business-time.service.js';
import { Clock } from '../timezone/clock.js';
import { MS_PER_DAY } from '../timezone/engine/civil.js';
import { parseDate, resolveLocal } from '../timezone/engine/local-time.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { timezoneProblem } from '../timezone/timezone.errors.js';
import { ProblemException } from '../../common/problems/problem.js';
import type { MeetingSlotsRequest } from './dto/meeting-slots.dto.js';
import { searchSlots, type DayOverlap, type Slot } from './meeting-slots.js';
import { resolveParticipants, WEEKDAY_NAMES, type Participant } from './participants.js';
import { MAX_DAYS, PlanningProblems, STEPS } from './planning.errors.js';

export interface MeetingSlotsAnswer {
  fullOverlap: boolean;
  from: string;
  to: string;
  durationMinutes: number;
  stepMinutes: number;
  candidates: number;
  tzdbVersion: string;
  people: { label: string; timezone: string; workingHours: Record<string, string | null>; country: string | null; subdivision: string | null }[];
  slots: Slot[];
  days: DayOverlap[];
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function hoursShown(p: Participant): Record<string, string | null> {
  return Object.fromEntries(WEEKDAY_NAMES.map((name, i) => [name, p.hours[i + 1] ? `${hhmm(p.hours[i + 1]![0])}-${hhmm(p.hours[i + 1]![1])}` : null]));
}

/** Candidate slots one request evaluates, each for every participant: the weight (one request per 100) and its bound. */
export function slotCells(body: { participants?: unknown; from?: unknown; to?: unknown; stepMinutes?: unknown }): number {
  const people = Array.isArray(body.participants) ? body.participants.length : 0;
  const days = typeof body.from === 'string' && typeof body.to === 'string' ? (Date.parse(body.to) - Date.parse(body.from)) / MS_PER_DAY + 1 : NaN;
  const step = typeof body.stepMinutes === 'number' ? body.stepMinutes : 30;
  if (!(days >= 1 && days <= MAX_DAYS) || !(STEPS as readonly number[]).includes(step) || people > 20) return 1;
  return Math.ceil((days * 1440) / step) * people;
}

@Injectable()
export class MeetingSlotsService {
  constructor(
    private readonly engine: TimeEngine,
    private readonly business: BusinessTimeService,
    private readonly clock: Clock,
  ) {}

  /** The best slots for everyone over the first participant's dates `from` to `to`. */
  find(body: MeetingSlotsRequest, maxDays = MAX_DAYS): MeetingSlotsAnswer {
    const step = body.stepMinutes ?? 30;
    if (!(STEPS as readonly number[]).includes(step)) throw PlanningProblems.step(step);
    const first = parseDate(body.from, 'from');
    const last = parseDate(body.to, 'to');
    if (last < first) throw timezoneProblem('invalid_range', `to ${body.to} is before from ${body.from}.`, 'to');
    const days = (last - first) / MS_PER_DAY + 1;
    if (days > maxDays)
      throw new ProblemException({
        status: 400,
        code: 'range_too_long',
        detail: `from and to span ${days} days; ask for at most ${maxDays} days per request.`,
        field: 'to',
        extra: { days, maxDays },
      });
    const participants = resolveParticipants(this.engine, this.business, body.participants, this.clock.now());
    const organiser = participants[0].clock;
    const result = searchSlots(participants, {
      start: resolveLocal(organiser, first, 'compatible').epochMs,
      end: resolveLocal(organiser, last + MS_PER_DAY, 'compatible').epochMs,
      stepMinutes: step,
      durationMinutes: body.durationMinutes,
      limit: body.limit ?? 10,
    });
    return {
      fullOverlap: result.fullOverlap,
      from: body.from,
      to: body.to,
      durationMinutes: body.durationMinutes,
      stepMinutes: step,
      candidates: result.candidates,
      tzdbVersion: this.engine.release.version,
      people: participants.map((p) => ({ label: p.label, timezone: p.timezone, workingHours: hoursShown(p), country: p.country, subdivision: p.subdivision })),
      slots: result.slots,
      days: result.days,
    };
  }
}
