import { timezoneProblem } from '../timezone.errors.js';
import type { CompiledZone, ZonePeriod } from '../../tzdb/compiled-zone.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import { civilMs, formatCivil, formatDate, formatInstant, formatOffset, MS_PER_DAY, MS_PER_HOUR } from './civil.js';
import type { EngineCore } from './engine-core.js';
import { parseDate, parseDateTime, resolveLocal } from './local-time.js';
import type { TransitionsAnswer, TransitionView, ZoneInfo } from './answers.js';

/** Transitions answers remembered per release (zone and range), and the changes in them all (a 1970-2100 range holds hundreds); more empty the memory and start again. */
const TRANSITIONS_KEPT = 2_000;
const TRANSITION_ITEMS_KEPT = 20_000;

/** The API serves history back to 1970 (decisions §3) and rules known up to 2100. */
export const TRANSITION_RANGE = { from: civilMs(1970, 1, 1), to: civilMs(2101, 1, 1) };

/** The range transitions() answers when `from` or `to` is left out: the UTC year `now` falls in, [its start, the next's). */
export function defaultTransitionRange(now: number): [number, number] {
  const year = new Date(now).getUTCFullYear();
  return [civilMs(year, 1, 1), civilMs(year + 1, 1, 1)];
}

/** DST periods that overlap the UTC year of `at`. */
export function dstPeriods(clock: CompiledZone, at: number): ZonePeriod[] {
  const year = new Date(at).getUTCFullYear();
  const from = civilMs(year, 1, 1);
  const to = civilMs(year + 1, 1, 1);
  const out: ZonePeriod[] = [];
  let t = from;
  while (t < to) {
    const p = clock.periodAt(t);
    if (p.dst) out.push(p);
    t = p.end;
  }
  return out;
}

/** Transitions answers of one release, with the count of changes they hold. */
interface TransitionsMemo {
  byRange: Map<string, TransitionsAnswer>;
  items: number;
}

/** The engine's answers about one zone over time: its info on a date, and its transitions in a range. */
export class ZoneAnswers {
  /** Transitions answers by zone and range: clients ask for the same zone's year again and again. */
  private readonly transitionsMemo = new WeakMap<TzRelease, TransitionsMemo>();

  constructor(private readonly core: EngineCore) {}

  info(input: string, date: string | undefined, now: number, territory?: string): ZoneInfo {
    const zone = this.core.zone(input, 'timezone', territory);
    const clock = this.core.clock(zone.canonical);
    let at = now;
    if (date !== undefined) {
      // Noon local: a date always has a noon, even on days with a transition.
      const civil = parseDate(date) + 12 * MS_PER_HOUR;
      at = resolveLocal(clock, civil, 'compatible', 'date').epochMs;
    }
    const base = this.core.timeAt(zone, at);
    const period = clock.periodAt(at);
    const { start, end } = dstWindow(clock, at);
    const dstPeriod = start !== null ? clock.periodAt(start) : null;
    return {
      ...base,
      date: formatDate(at + period.offsetSeconds * 1000),
      raw_offset: formatOffset(period.standardOffsetSeconds),
      dst_offset: dstPeriod ? formatOffset(dstPeriod.offsetSeconds) : null,
      observes_dst: start !== null,
      backzone_history: this.core.release.hasBackzoneHistory(this.core.registry.zoneName(zone.canonical)),
      dst_start: start !== null ? formatInstant(start, clock.offsetAt(start)) : null,
      dst_end: end !== null ? formatInstant(end, clock.offsetAt(end)) : null,
    };
  }

  /** The answer is shared between requests for the same zone and range (callers copy what they change, as localizeAnswer does). */
  transitions(input: string, from: string | undefined, to: string | undefined, now: number, territory?: string): TransitionsAnswer {
    const zone = this.core.zone(input, 'timezone', territory);
    const [yearStart, nextYear] = defaultTransitionRange(now);
    const fromMs = from !== undefined ? boundary(from, 'from') : yearStart;
    const toMs = to !== undefined ? boundary(to, 'to') : nextYear;
    if (fromMs < TRANSITION_RANGE.from || toMs > TRANSITION_RANGE.to) {
      throw timezoneProblem('invalid_range', 'Transitions are available from 1970-01-01 to 2100-12-31.', fromMs < TRANSITION_RANGE.from ? 'from' : 'to');
    }
    if (toMs <= fromMs) throw timezoneProblem('invalid_range', '"to" must be after "from".', 'to');
    const release = this.core.release;
    let memo = this.transitionsMemo.get(release);
    if (!memo) this.transitionsMemo.set(release, (memo = { byRange: new Map(), items: 0 }));
    const key = `${zone.canonical}|${fromMs}|${toMs}`;
    let answer = memo.byRange.get(key);
    if (!answer) {
      answer = this.transitionsAnswer(zone.canonical, fromMs, toMs);
      if (memo.byRange.size >= TRANSITIONS_KEPT || memo.items + answer.total > TRANSITION_ITEMS_KEPT) {
        memo.byRange.clear();
        memo.items = 0;
      }
      memo.byRange.set(key, answer);
      memo.items += answer.total;
    }
    return answer;
  }

  private transitionsAnswer(canonical: string, fromMs: number, toMs: number): TransitionsAnswer {
    const clock = this.core.clock(canonical);
    const list: TransitionView[] = clock.transitionsBetween(fromMs, toMs).map(({ at, before, after }) => ({
      at: new Date(at).toISOString(),
      local_before: formatCivil(at + before.offsetSeconds * 1000),
      local_after: formatCivil(at + after.offsetSeconds * 1000),
      offset_before: formatOffset(before.offsetSeconds),
      offset_after: formatOffset(after.offsetSeconds),
      offset_before_seconds: before.offsetSeconds,
      offset_after_seconds: after.offsetSeconds,
      abbreviation_before: before.abbreviation,
      abbreviation_after: after.abbreviation,
      dst_after: after.dst,
    }));
    return {
      timezone: canonical,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      transitions: list,
      total: list.length,
    };
  }
}

/** The DST stretch in force at `at`, else the next one within a year, else none. */
function dstWindow(clock: CompiledZone, at: number): { start: number | null; end: number | null } {
  const horizon = at + 366 * MS_PER_DAY;
  let p = clock.periodAt(at);
  if (!p.dst) {
    let t = p.end;
    p = clock.periodAt(t);
    while (!p.dst && t < horizon) {
      t = p.end;
      p = clock.periodAt(t);
    }
    // The next DST may begin years later (Montevideo in 1996: 2004): beyond a year it is not "the next one".
    if (!p.dst || p.start > horizon) return { start: null, end: null };
  }
  // One DST stretch may span several periods (an abbreviation change inside summer time, the clamps of years
  // computed from the carried-forward rules): walk over them. A stretch with no end in sight has none.
  let start = p.start;
  while (Number.isFinite(start) && clock.periodAt(start - 1).dst && start > at - 2 * 366 * MS_PER_DAY) start = clock.periodAt(start - 1).start;
  let end = p.end;
  while (Number.isFinite(end) && clock.periodAt(end).dst && end < horizon + 366 * MS_PER_DAY) end = clock.periodAt(end).end;
  return { start: Number.isFinite(start) ? start : null, end: Number.isFinite(end) && end < horizon + 366 * MS_PER_DAY ? end : null };
}

/** A range boundary: a date (UTC midnight) or a date-time (its offset, else UTC). */
function boundary(value: string, field: string): number {
  const parsed = parseDateTime(value, field);
  return parsed.civil - (parsed.offsetSeconds ?? 0) * 1000;
}
