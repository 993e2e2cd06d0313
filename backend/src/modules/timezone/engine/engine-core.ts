import type { CompiledZone } from '../../tzdb/compiled-zone.js';
import type { TzRelease } from '../../tzdb/tz-release.js';
import type { CurrentTime } from './answers.js';
import type { PlaceIndex } from './places.js';
import type { ResolvedZone, ZoneRegistry } from './zone-registry.js';

/** An instant with the offset it is shown at. */
export interface Instant {
  epochMs: number;
  offsetSeconds: number;
}

/**
 * What every question of the engine reads: the release this request answers from, its zones and clocks. TimeEngine is
 * the one implementation; each question (points, directory, zone history, conversion, calculation) is a class over it.
 */
export interface EngineCore {
  readonly release: TzRelease;
  readonly registry: ZoneRegistry;
  zone(input: string, field?: string, territory?: string): ResolvedZone;
  zoneOrNull(name: string): ResolvedZone | null;
  clock(canonical: string): CompiledZone;
  timeAt(zone: ResolvedZone, epochMs: number): CurrentTime;
  placeIndex(): PlaceIndex;
}
