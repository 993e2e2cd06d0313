import { formatDate, formatInstant, formatOffset, MS_PER_DAY, MS_PER_MINUTE } from '../timezone/engine/civil.js';
import { resolveLocal } from '../timezone/engine/local-time.js';
import type { Participant } from './participants.js';

/** One participant's view of a slot. */
export interface SlotSeat {
  label: string;
  timezone: string;
  start: string;
  end: string;
  utcOffset: string;
  abbreviation: string;
  inWorkingHours: boolean;
  /** Minutes of the slot outside their working hours (the whole slot on a day off). */
  minutesOutside: number;
  /** Why the day is off for them, if it is. */
  dayOff: 'holiday' | 'not_a_working_day' | null;
  holiday: string | null;
  /** Their local date at the start, against the first participant's: -1, 0 or +1. */
  dayOffset: number;
}

export interface Slot {
  start: string;
  end: string;
  score: number;
  everyoneInside: boolean;
  minutesOutside: number;
  /** The largest distance, in minutes, of the slot's middle from the middle of someone's working day. */
  worstMiddayDistance: number;
  participants: SlotSeat[];
}

/** A stretch of one of the first participant's dates in which everyone is inside their hours. */
export interface DayOverlap {
  date: string;
  overlaps: { start: string; end: string; minutes: number }[];
}

export interface SlotSearch {
  /** Instants: the first candidate starts at `start`; the last ends by `end`. */
  start: number;
  end: number;
  stepMinutes: number;
  durationMinutes: number;
  limit: number;
}

export interface SlotSearchResult {
  fullOverlap: boolean;
  candidates: number;
  slots: Slot[];
  days: DayOverlap[];
}

/** A score of 100 is a slot centred on everyone's working day; each 7.2 minutes of the worst distance costs a point. */
const MINUTES_PER_POINT = 7.2;

interface Seat extends SlotSeat {
  distance: number;
}

interface WorkingWindow {
  start: number;
  end: number;
  middle: number;
  off: SlotSeat['dayOff'];
  holiday: string | null;
}

/** The working window of a participant's local day as instants (the middle too), remembered per day. */
class WorkingDays {
  private readonly memo = new Map<number, WorkingWindow>();
  constructor(private readonly p: Participant) {}

  window(day: number): WorkingWindow {
    let w = this.memo.get(day);
    if (w === undefined) {
      const isoDay = ((((day + 3) % 7) + 7) % 7) + 1;
      const holiday = this.p.holiday(day);
      const hours = this.p.hours[isoDay];
      // A day off is measured against 09:00-17:00, so a compromise still prefers the middle of their day.
      const [from, to] = hours ?? [9 * 60, 17 * 60];
      const at = (minutes: number) => resolveLocal(this.p.clock, day * MS_PER_DAY + minutes * MS_PER_MINUTE, 'compatible').epochMs;
      const off = holiday !== null ? 'holiday' : hours === null ? 'not_a_working_day' : null;
      w = { start: at(from), end: at(to), middle: at((from + to) / 2), off, holiday };
      this.memo.set(day, w);
    }
    return w;
  }
}

/** An instant in UTC as the answers write it (2027-03-10T14:00:00Z). */
export const utc = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');

function localDay(p: Participant, at: number): number {
  return Math.floor((at + p.clock.offsetAt(at) * 1000) / MS_PER_DAY);
}

/** A seat's numbers only: what ranking needs, for every candidate. */
function measure(p: Participant, days: WorkingDays, start: number, end: number): { outside: number; distance: number } {
  const w = days.window(localDay(p, start));
  const inside = w.off ? 0 : Math.max(0, Math.min(end, w.end) - Math.max(start, w.start));
  return { outside: Math.round((end - start - inside) / MS_PER_MINUTE), distance: Math.round(Math.abs((start + end) / 2 - w.middle) / MS_PER_MINUTE) };
}

function seat(p: Participant, days: WorkingDays, start: number, end: number, firstDay: number): Seat {
  const day = localDay(p, start);
  const w = days.window(day);
  const inside = w.off ? 0 : Math.max(0, Math.min(end, w.end) - Math.max(start, w.start));
  const minutesOutside = Math.round((end - start - inside) / MS_PER_MINUTE);
  const period = p.clock.periodAt(start);
  return {
    label: p.label,
    timezone: p.timezone,
    start: formatInstant(start, period.offsetSeconds),
    end: formatInstant(end, p.clock.offsetAt(end)),
    utcOffset: formatOffset(period.offsetSeconds),
    abbreviation: period.abbreviation,
    inWorkingHours: minutesOutside === 0,
    minutesOutside,
    dayOff: w.off,
    holiday: w.holiday,
    dayOffset: day - firstDay,
    distance: Math.round(Math.abs((start + end) / 2 - w.middle) / MS_PER_MINUTE),
  };
}

/**
 * Every candidate slot from `start`, one per step, each scored; the best `limit` first. Ranking: everyone inside
 * their hours first (score 0 to 100: 100 minus the worst distance of the slot's middle from the middle of someone's
 * working day, a point per 7.2 minutes), then compromises (score: minus the minutes spent outside hours, summed over
 * the participants); ties go to the smaller worst distance, then the earlier start.
 */
export function searchSlots(participants: Participant[], search: SlotSearch): SlotSearchResult {
  const days = participants.map((p) => new WorkingDays(p));
  const step = search.stepMinutes * MS_PER_MINUTE;
  const duration = search.durationMinutes * MS_PER_MINUTE;
  const scored: { at: number; score: number; worst: number; outside: number }[] = [];
  const overlaps = new Map<number, { start: number; end: number }[]>();
  let candidates = 0;
  for (let at = search.start; at + duration <= search.end; at += step) {
    candidates++;
    let outside = 0;
    let worst = 0;
    for (let i = 0; i < participants.length; i++) {
      const m = measure(participants[i], days[i], at, at + duration);
      outside += m.outside;
      if (m.distance > worst) worst = m.distance;
    }
    const score = outside === 0 ? Math.max(0, Math.round((100 - worst / MINUTES_PER_POINT) * 10) / 10) : -outside;
    scored.push({ at, score, worst, outside });
    if (outside === 0) {
      const firstDay = localDay(participants[0], at);
      const list = overlaps.get(firstDay) ?? [];
      const last = list.at(-1);
      if (last && last.end >= at) last.end = at + duration;
      else list.push({ start: at, end: at + duration });
      overlaps.set(firstDay, list);
    }
  }
  scored.sort((a, b) => b.score - a.score || a.worst - b.worst || a.at - b.at);
  // Only the answered slots are written out, seat by seat.
  const slots: Slot[] = scored.slice(0, search.limit).map(({ at, score, worst, outside }) => {
    const firstDay = localDay(participants[0], at);
    return {
      start: utc(at),
      end: utc(at + duration),
      score,
      everyoneInside: outside === 0,
      minutesOutside: outside,
      worstMiddayDistance: worst,
      participants: participants.map((p, i) => {
        const { distance: _distance, ...shown } = seat(p, days[i], at, at + duration, firstDay);
        return shown;
      }),
    };
  });
  const firstDays = new Set<number>();
  for (let at = search.start; at < search.end; at += MS_PER_DAY / 2) firstDays.add(localDay(participants[0], at));
  return {
    fullOverlap: overlaps.size > 0,
    candidates,
    slots,
    days: [...firstDays]
      .filter((d) => localDay(participants[0], search.end - 1) >= d)
      .map((day) => ({
        date: formatDate(day * MS_PER_DAY),
        overlaps: (overlaps.get(day) ?? []).map((o) => ({
          start: utc(o.start),
          end: utc(o.end),
          minutes: Math.round((o.end - o.start) / MS_PER_MINUTE),
        })),
      })),
  };
}
