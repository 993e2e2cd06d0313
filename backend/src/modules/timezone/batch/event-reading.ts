import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import { formatInstant, formatOffset } from '../engine/civil.js';
import { resolveLocal } from '../engine/local-time.js';
import { utcText } from './batch-items.js';

/** How a stored wall-clock time maps to an instant in one release (Temporal's words: gaps and overlaps resolved `compatible`). */
export interface EventReading {
  utc: string;
  utcOffset: string;
  abbreviation: string;
  dst: boolean;
  /** `exact`: the time occurs once; `gap`: skipped by a clock change, read forward (compatible); `overlap`: occurs twice, the earlier (compatible). */
  resolution: 'exact' | 'gap' | 'overlap';
  gap?: { start: string; end: string; firstValid: string };
  overlap?: { earlier: string; later: string };
}

/** A stored wall-clock time read in one release's zone: its instant, offset and how a gap or overlap resolved it. */
export function readEvent(clock: CompiledZone, civil: number): EventReading {
  const r = resolveLocal(clock, civil, 'compatible');
  const period = clock.periodAt(r.epochMs);
  const reading: EventReading = {
    utc: utcText(r.epochMs),
    utcOffset: formatOffset(r.offsetSeconds),
    abbreviation: period.abbreviation,
    dst: period.dst,
    resolution: r.gap ? 'gap' : r.ambiguous ? 'overlap' : 'exact',
  };
  if (r.gap) reading.gap = r.gap;
  if (r.ambiguous)
    reading.overlap = {
      earlier: formatInstant(r.options[0].epochMs, r.options[0].offsetSeconds),
      later: formatInstant(r.options[1].epochMs, r.options[1].offsetSeconds),
    };
  return reading;
}
