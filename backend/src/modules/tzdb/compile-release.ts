import { createHash } from 'node:crypto';
import { CompiledZone } from './compiled-zone.js';
import { CompiledZonesCache, type CompiledZones } from './compiled-zones-cache.js';
import { availableBuilds, buildSources, readReleaseFiles, withoutComments, zoneNamesIn } from './release-files.js';
import type { ReleaseInput, TzBuild } from './release-files.js';
import { ReleaseBuilds, TzRelease, type ZoneGeography } from './tz-release.js';
import { compileZone } from './zic-compiler.js';
import { emptySource, parseZic, ReleaseError } from './zic-source.js';
import type { ZicSource, ZicZoneLine } from './zic-source.js';

export { ReleaseError } from './zic-source.js';
export { detectReleaseInput } from './release-files.js';
export type { ReleaseInput } from './release-files.js';

/** Years compiled eagerly; later ones follow each zone's ongoing rules on demand. */
export const COMPILED_THROUGH_YEAR = 2100;

const TABLE_FILES = ['zone1970.tab', 'zone.tab', 'iso3166.tab', 'version'] as const;
type Tables = Partial<Record<(typeof TABLE_FILES)[number], string>>;

/** "2026f" < "2026g" < "2026aa" < "2027a"; anything unparsable sorts first. */
export function compareTzVersions(a: string, b: string): number {
  const parse = (v: string): [number, string] => {
    const m = /^(\d{4})([a-z]+)$/.exec(v.trim());
    return m ? [Number(m[1]), m[2]] : [0, ''];
  };
  const [ya, la] = parse(a);
  const [yb, lb] = parse(b);
  return ya - yb || la.length - lb.length || (la < lb ? -1 : la > lb ? 1 : 0);
}

/** "+4230+00131" / "-0103-04833" / "+404251-0740023" → degrees. */
function parseCoordinates(text: string): { latitude: number; longitude: number } | null {
  const m = /^([+-])(\d{2})(\d{2})(\d{2})?([+-])(\d{3})(\d{2})(\d{2})?$/.exec(text);
  if (!m) return null;
  const deg = (sign: string, d: string, mi: string, s: string | undefined) =>
    ((sign === '-' ? -1 : 1) * Math.round((Number(d) + Number(mi) / 60 + Number(s ?? 0) / 3600) * 10000)) / 10000;
  return { latitude: deg(m[1], m[2], m[3], m[4]), longitude: deg(m[5], m[6], m[7], m[8]) };
}

function tabRows(text: string | undefined): string[][] {
  if (!text) return [];
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t'));
}

/** Country tables of the release; where the input has none (a bare tzdata.zi), `fallback`'s. */
function geographyOf(tables: Tables, fallback: TzRelease | null) {
  if (!tables['iso3166.tab'] && fallback) return { countries: fallback.countries, geography: fallback.geography };
  const countries = new Map<string, string>();
  for (const [code, name] of tabRows(tables['iso3166.tab'])) if (code && name) countries.set(code, name.trim());
  const geography = new Map<string, ZoneGeography>();
  const add = (codes: string[], coords: string, zone: string, comment: string | undefined, since1970: boolean) => {
    const existing = geography.get(zone);
    const point = parseCoordinates(coords);
    if (existing) {
      for (const c of codes) if (!existing.countryCodes.includes(c)) existing.countryCodes.push(c);
      existing.since1970 ||= since1970;
      return;
    }
    geography.set(zone, {
      countryCodes: [...codes],
      comment: comment?.trim() || null,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      since1970,
    });
  };
  // zone.tab names the one country a zone was chosen for; zone1970.tab every country that shares its history since 1970.
  for (const [code, coords, zone, comment] of tabRows(tables['zone.tab'])) if (zone) add([code], coords, zone, comment, false);
  for (const [codes, coords, zone, comment] of tabRows(tables['zone1970.tab'])) if (zone) add(codes.split(','), coords, zone, comment, true);
  return { countries, geography };
}

/** What a zone's compile depends on (its lines and the rules they name), as a hash: equal hashes, equal zones. */
function definitionOf(lines: ZicZoneLine[], source: ZicSource): string {
  const hash = createHash('sha1');
  const strip = <T extends { file: string; line: number }>({ file: _file, line: _line, ...rest }: T) => rest;
  // min and max years are ±Infinity, which JSON would write as null.
  const text = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  for (const line of lines) {
    hash.update(text(strip(line)));
    if (line.rules.kind === 'named') hash.update(text((source.rules.get(line.rules.name) ?? []).map(strip)));
  }
  return hash.digest('base64');
}

/** Every Link resolved to its Zone (chains followed); throws as zic would on a link to nowhere or a link named as a zone. */
function resolveLinks(source: ZicSource, zones: ReadonlyMap<string, CompiledZone>): Map<string, string> {
  const links = new Map<string, string>();
  for (const [name, link] of source.links) {
    let target = link.target;
    const seen = new Set([name]);
    while (!zones.has(target)) {
      const next = source.links.get(target);
      if (!next || seen.has(target)) throw new ReleaseError(`link ${name} leads to no zone (${target})`, link.file, link.line);
      seen.add(target);
      target = next.target;
    }
    if (zones.has(name)) throw new ReleaseError(`link ${name} has the name of a zone`, link.file, link.line);
    links.set(name, target);
  }
  return links;
}

interface CompiledBuild {
  version: string;
  zones: Map<string, CompiledZone>;
  links: Map<string, string>;
  definitions: Map<string, string>;
}

/**
 * One build's zic source compiled. A zone whose definition equals the one in `share` (the release's other build) is
 * that build's compiled zone, not a second copy: the builds differ in a few dozen zones of several hundred.
 */
function compileSources(
  sources: [string, string][],
  share?: { release: TzRelease; definitions: ReadonlyMap<string, string> },
  cacheDir?: string,
): CompiledBuild {
  const cache = cacheDir ? new CompiledZonesCache(sources, COMPILED_THROUGH_YEAR, cacheDir) : undefined;
  const source = emptySource();
  for (const [name, text] of sources) parseZic(text, name, source);
  const zones = new Map<string, CompiledZone>();
  const definitions = new Map<string, string>();
  const cached = cache?.read();
  const compiled: CompiledZones = new Map();
  for (const [name, lines] of source.zones) {
    const hit = cached?.get(name);
    const definition = hit?.[0] ?? definitionOf(lines, source);
    definitions.set(name, definition);
    const same = share?.definitions.get(name) === definition ? share.release.zones.get(name) : undefined;
    if (same) zones.set(name, same);
    else {
      const transitions = hit?.[1] ?? compileZone(name, lines, source, COMPILED_THROUGH_YEAR);
      compiled.set(name, [definition, transitions]);
      zones.set(name, new CompiledZone(name, transitions, COMPILED_THROUGH_YEAR));
    }
  }
  if (zones.size === 0) throw new ReleaseError('the release has no zones', sources[0][0], 0);
  if (cache && (!cached || cached.size !== compiled.size)) cache.write(compiled);
  return { version: source.version ?? '', zones, links: resolveLinks(source, zones), definitions };
}

/**
 * Compiles a release: every Zone to the second through COMPILED_THROUGH_YEAR and its ongoing rules beyond, every
 * Link resolved, the country tables read. Throws ReleaseError naming the file and line that zic would refuse.
 * `fallback` lends its country tables to an input that has none. The default build (backzone when the source holds
 * it) is compiled now, the other on its first use (`release.as('main')`). With `cacheDir`, the default build's zones are
 * kept there for the next process that compiles the same source (the bundled release: tzdb/compiled-zones-cache.ts).
 */
export function compileRelease(input: ReleaseInput, fallback: TzRelease | null = null, options: { cacheDir?: string } = {}): TzRelease {
  const started = performance.now();
  const { files, digest } = readReleaseFiles(input);
  const available = availableBuilds(files);
  if (available.length === 0) throw new ReleaseError('no zic source (tzdata.zi, or africa, europe, northamerica, …) in the release', 'release', 0);
  const [first] = available;
  const sources = buildSources(files, first)!;
  const tables: Tables = {};
  for (const name of TABLE_FILES) if (files.has(name)) tables[name] = files.get(name)!.toString('utf8');
  const compiled = compileSources(sources, undefined, options.cacheDir);
  const version = tables.version?.trim() || compiled.version;
  if (!version || !/^\d{4}[a-z]+$/.test(version)) {
    throw new ReleaseError('the release names no version (a "# version 2026f" line, or a version file)', sources[0][0], 0);
  }
  const { countries, geography } = geographyOf(tables, fallback);
  // Only the other build's source is kept (without its comments) until its first use.
  const other = available.length > 1 ? withoutComments(buildSources(files, available[1])!) : null;
  const builds: ReleaseBuilds = new ReleaseBuilds(available, backzoneZonesOf(first, compiled, other, geography), (build, firstRelease): TzRelease => {
    const start = performance.now();
    const made = compileSources(other!, { release: firstRelease, definitions: compiled.definitions });
    const zones = made.zones;
    const links = made.links;
    // Names stay what they are in the default build: a backzone zone answers its main-build link target's data.
    if (build === 'main') {
      for (const name of builds.backzoneZones) {
        const target = links.get(name);
        if (target === undefined || zones.has(name)) continue;
        zones.set(name, zones.get(target)!);
        links.delete(name);
      }
    }
    return new TzRelease(version, zones, links, countries, geography, digest, round(performance.now() - start), build, builds);
  });
  const release = new TzRelease(version, compiled.zones, compiled.links, countries, geography, digest, round(performance.now() - started), first, builds);
  builds.first(release);
  return release;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The zones with their own history before 1970 in backzone: Zones of the backzone build that are not Zones of the main
 * build. Without the main build's source, zone.tab's zones that zone1970.tab does not list (tzdb's rule for merging
 * zones since 1970, and exactly backzone's with PACKRATLIST=zone.tab).
 */
function backzoneZonesOf(
  first: TzBuild,
  compiled: CompiledBuild,
  other: [string, string][] | null,
  geography: ReadonlyMap<string, ZoneGeography>,
): Set<string> {
  if (first !== 'backzone') return new Set();
  if (other) {
    const main = zoneNamesIn(other.map(([, text]) => text));
    return new Set([...compiled.zones.keys()].filter((zone) => !main.has(zone)));
  }
  return new Set([...compiled.zones.keys()].filter((zone) => geography.get(zone)?.since1970 === false));
}
