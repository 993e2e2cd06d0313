import type { CompiledZone, ZonePeriod } from './compiled-zone.js';
import type { TzRelease } from './tz-release.js';

/** How far ahead a new release is compared with the one it replaces. */
export const CHANGE_WINDOW_MONTHS = 24;

/** What a zone's clocks read during a stretch of time. */
export interface OffsetReading {
  utcOffset: string;
  abbreviation: string;
  dst: boolean;
}

/** A stretch of time during which the two releases disagree about a zone. */
export interface ZoneChange {
  from: string;
  to: string;
  before: OffsetReading;
  after: OffsetReading;
}

export interface ChangedZone {
  zone: string;
  /** For a link (e.g. Canada/Mountain), the zone it resolves to in the new release. */
  linkTo?: string;
  changes: ZoneChange[];
}

export interface ReleaseChanges {
  previousVersion: string | null;
  version: string;
  window: { from: string; to: string };
  /** Zones and links whose offset, abbreviation or DST differ within the window, by name. */
  zones: ChangedZone[];
  /** Names (zones or links) the new release has and the previous one had not, and the reverse. */
  added: string[];
  removed: string[];
}

export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  const ss = abs % 60;
  return `${sign}${hh}:${mm}${ss ? ':' + String(ss).padStart(2, '0') : ''}`;
}

function reading(p: ZonePeriod): OffsetReading {
  return { utcOffset: formatOffset(p.offsetSeconds), abbreviation: p.abbreviation, dst: p.dst };
}

function sameReading(a: OffsetReading, b: OffsetReading): boolean {
  return a.utcOffset === b.utcOffset && a.abbreviation === b.abbreviation && a.dst === b.dst;
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** The stretches of [fromMs, toMs) in which two compiled zones read differently, merged where they run on. */
export function diffZone(before: CompiledZone, after: CompiledZone, fromMs: number, toMs: number): ZoneChange[] {
  const points = new Set<number>([fromMs]);
  for (const t of before.transitionsBetween(fromMs, toMs)) points.add(t.at);
  for (const t of after.transitionsBetween(fromMs, toMs)) points.add(t.at);
  const sorted = [...points].filter((p) => p >= fromMs && p < toMs).sort((a, b) => a - b);
  const changes: (ZoneChange & { endMs: number })[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const at = sorted[i];
    const end = sorted[i + 1] ?? toMs;
    const a = reading(before.periodAt(at));
    const b = reading(after.periodAt(at));
    if (sameReading(a, b)) continue;
    const last = changes[changes.length - 1];
    if (last && last.endMs === at && sameReading(last.before, a) && sameReading(last.after, b)) {
      last.endMs = end;
      last.to = new Date(end).toISOString();
      continue;
    }
    changes.push({ from: new Date(at).toISOString(), to: new Date(end).toISOString(), before: a, after: b, endMs: end });
  }
  return changes.map(({ endMs: _, ...change }) => change);
}

/** What changes for customers when `next` replaces `previous`: every zone and link that reads differently in the coming months. */
export function summarizeChanges(previous: TzRelease | null, next: TzRelease, nowMs: number, months = CHANGE_WINDOW_MONTHS): ReleaseChanges {
  const toMs = addMonths(nowMs, months);
  const window = { from: new Date(nowMs).toISOString(), to: new Date(toMs).toISOString() };
  if (!previous) return { previousVersion: null, version: next.version, window, zones: [], added: [], removed: [] };
  const names = (r: TzRelease) => new Set([...r.zones.keys(), ...r.links.keys()]);
  const before = names(previous);
  const after = names(next);
  const byPair = new Map<string, ZoneChange[]>();
  const zones: ChangedZone[] = [];
  for (const name of [...after].sort()) {
    if (!before.has(name)) continue;
    const oldZone = previous.zone(name);
    const newZone = next.zone(name);
    if (!oldZone || !newZone) continue;
    const pair = `${oldZone.name}\u0000${newZone.name}`;
    let changes = byPair.get(pair);
    if (!changes) {
      changes = diffZone(oldZone, newZone, nowMs, toMs);
      byPair.set(pair, changes);
    }
    if (changes.length === 0) continue;
    const linkTo = next.links.get(name);
    zones.push({ zone: name, ...(linkTo && { linkTo }), changes });
  }
  return {
    previousVersion: previous.version,
    version: next.version,
    window,
    zones,
    added: [...after].filter((n) => !before.has(n)).sort(),
    removed: [...before].filter((n) => !after.has(n)).sort(),
  };
}

/** A changed zone as the console's review lists it: the links (Asia/Calcutta, US/Eastern) that change with it folded under it. */
export interface ReviewedZone extends ChangedZone {
  aliases: string[];
}

/**
 * Folds every changed link under the changed zone it resolves to, when it changes exactly as that zone does; a link
 * that changes on its own (it moved to another zone) stays an entry of its own, with `linkTo`.
 */
export function foldAliases(zones: readonly ChangedZone[]): ReviewedZone[] {
  const byZone = new Map<string, ReviewedZone>();
  for (const z of zones) if (!z.linkTo) byZone.set(z.zone, { ...z, aliases: [] });
  const alone: ReviewedZone[] = [];
  for (const z of zones) {
    if (!z.linkTo) continue;
    const target = byZone.get(z.linkTo);
    if (target && JSON.stringify(target.changes) === JSON.stringify(z.changes)) target.aliases.push(z.zone);
    else alone.push({ ...z, aliases: [] });
  }
  return [...byZone.values(), ...alone].sort((a, b) => (a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0));
}
