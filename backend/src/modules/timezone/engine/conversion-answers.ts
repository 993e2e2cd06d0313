import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { formatInstant, formatOffset } from './civil.js';
import type { EngineCore, Instant } from './engine-core.js';
import { parseDateTime, resolveLocal, type DstAmbiguity, type LocalResolution } from './local-time.js';
import type { ConversionResult, TargetConversion } from './answers.js';

export const BODY_FIELDS = { from: 'fromTimeZone', to: 'toTimeZone', dateTime: 'dateTime' };
export const QUERY_FIELDS = { from: 'from', to: 'to', dateTime: 'datetime' };
/** A multi-conversion's target fields as a problem names them, written once (a request names up to 100). */
const TARGET_FIELDS = Array.from({ length: 100 }, (_, i) => `toTimeZones[${i}]`);

/** An input date-time to an instant: its own offset wins; otherwise read in `clock`'s zone. */
export function readInstant(value: string, field: string, clock: CompiledZone | null, choice?: DstAmbiguity): LocalResolution & { inputOffset: boolean } {
  const parsed = parseDateTime(value, field);
  if (parsed.offsetSeconds !== null) {
    return {
      epochMs: parsed.civil - parsed.offsetSeconds * 1000,
      offsetSeconds: parsed.offsetSeconds,
      ambiguous: false,
      options: [],
      gap: null,
      inputOffset: true,
    };
  }
  if (!clock) return { epochMs: parsed.civil, offsetSeconds: 0, ambiguous: false, options: [], gap: null, inputOffset: false };
  return { ...resolveLocal(clock, parsed.civil, choice, field), inputOffset: false };
}

/** The engine's conversions: one instant from one zone to one or many others. */
export class ConversionAnswers {
  constructor(private readonly core: EngineCore) {}

  /** `fields`: the names the request used (the GET form says from, to, datetime), so a problem names the field sent. */
  convert(fromInput: string, toInput: string, dateTime: string, choice?: DstAmbiguity, fields = BODY_FIELDS): ConversionResult {
    const from = this.core.zone(fromInput, fields.from);
    const to = this.core.zone(toInput, fields.to);
    const fromClock = this.core.clock(from.canonical);
    const toClock = this.core.clock(to.canonical);
    const start = readInstant(dateTime, fields.dateTime, fromClock, choice);
    const shown = (i: Instant) => formatInstant(i.epochMs, start.inputOffset ? start.offsetSeconds : fromClock.offsetAt(i.epochMs));
    const target = toClock.periodAt(start.epochMs);
    const result: ConversionResult = {
      fromTimeZone: from.canonical,
      toTimeZone: to.canonical,
      originalDateTime: shown(start),
      convertedDateTime: formatInstant(start.epochMs, target.offsetSeconds),
      dstActive: target.dst,
      abbreviation: target.abbreviation,
      utcOffset: formatOffset(target.offsetSeconds),
      inputOffsetUsed: start.inputOffset,
      ambiguous: start.ambiguous,
    };
    if (start.ambiguous) {
      result.options = start.options.map((o) => ({
        originalDateTime: formatInstant(o.epochMs, o.offsetSeconds),
        convertedDateTime: formatInstant(o.epochMs, toClock.offsetAt(o.epochMs)),
      }));
    }
    if (from.requestedLink || to.requestedLink) {
      result.requestedTimeZones = {
        ...(from.requestedLink && { fromTimeZone: from.requestedLink }),
        ...(to.requestedLink && { toTimeZone: to.requestedLink }),
      };
    }
    return result;
  }

  convertMany(fromInput: string, toInputs: string[], dateTime: string, choice?: DstAmbiguity) {
    const from = this.core.zone(fromInput, 'fromTimeZone');
    const fromClock = this.core.clock(from.canonical);
    const start = readInstant(dateTime, 'dateTime', fromClock, choice);
    // The request's release is looked up once for all targets (up to 100).
    const { registry, release } = this.core;
    const targets = toInputs.map((name, i) => this.core.zone(name, TARGET_FIELDS[i] ?? `toTimeZones[${i}]`));
    return {
      fromTimeZone: from.canonical,
      dateTime,
      originalDateTime: formatInstant(start.epochMs, start.offsetSeconds),
      ambiguous: start.ambiguous,
      conversions: targets.map((zone) => {
        const clock = release.zone(registry.zoneName(zone.canonical))!;
        const period = clock.periodAt(start.epochMs);
        const conversion: TargetConversion = {
          timezone: zone.canonical,
          convertedTime: formatInstant(start.epochMs, period.offsetSeconds),
          abbreviation: period.abbreviation,
          utcOffset: formatOffset(period.offsetSeconds),
          dstActive: period.dst,
        };
        // Both readings of a repeated time, as a single conversion answers them.
        if (start.ambiguous) {
          conversion.options = start.options.map((o) => ({
            originalDateTime: formatInstant(o.epochMs, o.offsetSeconds),
            convertedDateTime: formatInstant(o.epochMs, clock.offsetAt(o.epochMs)),
          }));
        }
        return conversion;
      }),
    };
  }
}
