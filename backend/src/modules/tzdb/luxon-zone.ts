import { Zone } from 'luxon';
import type { CompiledZone } from './compiled-zone.js';

/**
 * A luxon Zone answered from our compiled tables instead of the runtime's Intl, so luxon's calendar arithmetic runs
 * on the active tz release. Luxon counts offsets in minutes; offsets with seconds become fractional minutes, which
 * its arithmetic (ts ± offset × 60,000) keeps exact.
 */
export class CompiledLuxonZone extends Zone {
  constructor(private readonly zone: CompiledZone) {
    super();
  }

  override get type(): string {
    return 'tzdb';
  }

  override get name(): string {
    return this.zone.name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): boolean {
    return true;
  }

  override offsetName(ts: number): string {
    return this.zone.periodAt(ts).abbreviation;
  }

  override formatOffset(ts: number, format: 'narrow' | 'short' | 'techie'): string {
    const seconds = this.zone.offsetAt(ts);
    const sign = seconds < 0 ? '-' : '+';
    const abs = Math.abs(seconds);
    const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
    const mm = String(Math.floor(abs / 60) % 60).padStart(2, '0');
    if (format === 'narrow') return mm === '00' ? `${sign}${Number(hh)}` : `${sign}${Number(hh)}:${mm}`;
    return format === 'techie' ? `${sign}${hh}${mm}` : `${sign}${hh}:${mm}`;
  }

  override offset(ts: number): number {
    return this.zone.offsetAt(ts) / 60;
  }

  override equals(other: Zone): boolean {
    return other instanceof CompiledLuxonZone && other.zone === this.zone;
  }
}
