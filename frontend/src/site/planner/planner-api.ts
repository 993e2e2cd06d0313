import { useQuery } from '@tanstack/react-query';
import { api, type ApiBodyOf } from '../../lib/api';
import type { Models } from '../../lib/api-models';

export type MeetingSlots = Models['MeetingSlotsView'];
export type Slot = Models['SlotView'];
export type Seat = Models['SlotSeatView'];

/** The site's keyless, IP-throttled planner path (backend: planning/public-planner.controller.ts). */
export const PLANNER_PATH = '/api/public/planner/meeting-slots' as const;
/** The sold route the page advertises. */
export const SOLD_ROUTE = 'POST /api/planning/meeting-slots';
export const MAX_DAYS = 14;

export interface PlannerState {
  zones: string[];
  from: string;
  days: number;
  duration: number;
}

/** "New York" from America/New_York: the participant's label. */
export const cityOfZone = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function body(
  state: PlannerState,
  from: string,
  to: string,
  stepMinutes: number,
  limit: number,
  durationMinutes: number,
): ApiBodyOf<'post', typeof PLANNER_PATH> {
  return {
    participants: state.zones.map((timezone) => ({ label: cityOfZone(timezone), timezone })),
    durationMinutes,
    from,
    to,
    stepMinutes,
    limit,
  };
}

const ask = (payload: ReturnType<typeof body>, signal: AbortSignal) => api.post(PLANNER_PATH, { body: payload, signal });

/** The best slots over the planner's dates (every 30 minutes). */
export function useBestSlots(state: PlannerState) {
  const payload = body(state, state.from, addDays(state.from, state.days - 1), 30, 5, state.duration);
  return useQuery({
    queryKey: ['planner-best', payload],
    queryFn: ({ signal }) => ask(payload, signal),
    enabled: state.zones.length >= 2,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Every hour of one of the first participant's dates, for the 24-hour strips. */
export function useDayHours(state: PlannerState, date: string) {
  const payload = body(state, date, date, 60, 24, 60);
  return useQuery({
    queryKey: ['planner-hours', payload],
    queryFn: ({ signal }) => ask(payload, signal),
    enabled: state.zones.length >= 2,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const hhmm = (iso: string) => iso.slice(11, 16);
const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dayName = (iso: string) => WEEKDAY[new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay()];

/** One participant's side of a slot: "New York: Mon 2027-03-15 09:00–10:00 EDT". */
export const seatText = (s: Seat) => `${s.label}: ${dayName(s.start)} ${s.start.slice(0, 10)} ${hhmm(s.start)}–${hhmm(s.end)} ${s.abbreviation}`;

/** A slot as text to paste into an invitation. */
export function slotText(slot: Slot, durationMinutes: number): string {
  return [`Meeting (${durationMinutes} min), ${slot.start.slice(0, 10)} ${hhmm(slot.start)} UTC`, ...slot.participants.map(seatText)].join('\n');
}

export type HourKind = 'work' | 'evening' | 'night';

/** Working hours from the answer; otherwise 07:00–22:00 is evening (or early morning), the rest night. */
export function hourKind(seat: Seat): HourKind {
  if (seat.inWorkingHours) return 'work';
  const hour = Number(seat.start.slice(11, 13));
  return hour >= 7 && hour < 22 ? 'evening' : 'night';
}

export function readState(params: URLSearchParams, today: string): PlannerState {
  const zones = (params.get('zones') ?? '')
    .split(',')
    .filter((z) => /^[A-Za-z_+\-/0-9]+$/.test(z))
    .slice(0, 10);
  const from = /^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? params.get('from')! : today;
  const days = Math.min(MAX_DAYS, Math.max(1, Number(params.get('days')) || 5));
  const duration = [30, 60, 90, 120].includes(Number(params.get('duration'))) ? Number(params.get('duration')) : 60;
  return { zones, from, days, duration };
}

export function writeState(state: PlannerState): URLSearchParams {
  return new URLSearchParams({ zones: state.zones.join(','), from: state.from, days: String(state.days), duration: String(state.duration) });
}
