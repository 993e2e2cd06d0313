import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CompiledZone } from './compiled-zone.js';
import { TzRelease, type ZoneGeography } from './tz-release.js';
import { compileZone } from './zic-compiler.js';
import { emptySource, parseZic, ReleaseError } from './zic-source.js';

export { ReleaseError } from './zic-source.js';

/** A release as IANA publishes it (tzdata*.tar.gz), as the single-file tzdata.zi, or as a folder of either. */
export type ReleaseInput = { kind: 'tarball'; bytes: Buffer } | { kind: 'zi'; text: string } | { kind: 'folder'; path: string };

/** Years compiled eagerly; later ones follow each zone's ongoing rules on demand. */
export const COMPILED_THROUGH_YEAR = 2100;

/** The zic source files of a release tarball, in the order zic is given them (backzone is not part of the default build). */
const SOURCE_FILES = ['africa', 'antarctica', 'asia', 'australasia', 'europe', 'northamerica', 'southamerica', 'etcetera', 'factory', 'backward'];
const TABLE_FILES = ['zone1970.tab', 'zone.tab', 'iso3166.tab', 'version'] as const;

interface ReleaseFiles {
  /** File name → zic source text, in compile order. */
  sources: [string, string][];
  tables: Partial<Record<(typeof TABLE_FILES)[number], string>>;
  digest: string;
}

/** Tells a gzip tarball from zic text by its first bytes. */
export function detectReleaseInput(bytes: Buffer): ReleaseInput {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return { kind: 'tarball', bytes };
  return { kind: 'zi', text: bytes.toString('utf8') };
}

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

/**
 * The files of a ustar archive. IANA's tarballs are plain ustar with short names; a hand-read is a few lines and
 * keeps compiling synchronous (the streaming tar packages on the registry are asynchronous).
 */
function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  let longName: string | null = null;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const prefix = text(345, 155);
    let name = longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    longName = null;
    const body = archive.subarray(offset + 512, offset + 512 + size);
    if (type === 'L') longName = body.toString('latin1').replace(/\0.*$/s, '');
    else if (type === 'x') {
      const path = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (path) longName = path[1];
    } else if (type === '0' || type === '7') {
      name = name.replace(/^\.\//, '');
      files.set(name.slice(name.lastIndexOf('/') + 1), body);
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

function readFiles(input: ReleaseInput): ReleaseFiles {
  const hash = createHash('sha256');
  if (input.kind === 'zi') {
    hash.update(input.text);
    return { sources: [['tzdata.zi', input.text]], tables: {}, digest: hash.digest('hex') };
  }
  let files: Map<string, Buffer>;
  if (input.kind === 'tarball') {
    hash.update(input.bytes);
    let archive: Buffer;
    try {
      archive = gunzipSync(input.bytes);
    } catch {
      throw new ReleaseError('not a gzip-compressed tar archive', 'release', 0);
    }
    files = untar(archive);
  } else {
    if (!existsSync(input.path) || !statSync(input.path).isDirectory()) throw new ReleaseError('no such folder', input.path, 0);
    files = new Map();
    for (const name of readdirSync(input.path).sort()) {
      const full = join(input.path, name);
      if (statSync(full).isFile()) files.set(name, readFileSync(full));
    }
    for (const name of [...files.keys()].sort()) hash.update(name).update(files.get(name)!);
  }
  const tables: ReleaseFiles['tables'] = {};
  for (const name of TABLE_FILES) if (files.has(name)) tables[name] = files.get(name)!.toString('utf8');
  const sources: [string, string][] = files.has('tzdata.zi')
    ? [['tzdata.zi', files.get('tzdata.zi')!.toString('utf8')]]
    : SOURCE_FILES.filter((n) => files.has(n)).map((n) => [n, files.get(n)!.toString('utf8')]);
  if (sources.length === 0) throw new ReleaseError('no zic source (tzdata.zi, or africa, europe, northamerica, …) in the release', 'release', 0);
  return { sources, tables, digest: hash.digest('hex') };
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
function geographyOf(tables: ReleaseFiles['tables'], fallback: TzRelease | null) {
  if (!tables['iso3166.tab'] && fallback) return { countries: fallback.countries, geography: fallback.geography };
  const countries = new Map<string, string>();
  for (const [code, name] of tabRows(tables['iso3166.tab'])) if (code && name) countries.set(code, name.trim());
  const geography = new Map<string, ZoneGeography>();
  const add = (codes: string[], coords: string, zone: string, comment: string | undefined) => {
    const existing = geography.get(zone);
    const point = parseCoordinates(coords);
    if (existing) {
      for (const c of codes) if (!existing.countryCodes.includes(c)) existing.countryCodes.push(c);
      return;
    }
    geography.set(zone, { countryCodes: [...codes], comment: comment?.trim() || null, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null });
  };
  // zone.tab names the one country a zone was chosen for; zone1970.tab every country that shares its history since 1970.
  for (const [code, coords, zone, comment] of tabRows(tables['zone.tab'])) if (zone) add([code], coords, zone, comment);
  for (const [codes, coords, zone, comment] of tabRows(tables['zone1970.tab'])) if (zone) add(codes.split(','), coords, zone, comment);
  return { countries, geography };
}

/**
 * Compiles a release: every Zone to the second through COMPILED_THROUGH_YEAR and its ongoing rules beyond, every
 * Link resolved, the country tables read. Throws ReleaseError naming the file and line that zic would refuse.
 * `fallback` lends its country tables to an input that has none.
 */
export function compileRelease(input: ReleaseInput, fallback: TzRelease | null = null): TzRelease {
  const started = performance.now();
  const files = readFiles(input);
  const source = emptySource();
  for (const [name, text] of files.sources) parseZic(text, name, source);
  const version = files.tables.version?.trim() || source.version;
  if (!version || !/^\d{4}[a-z]+$/.test(version)) {
    throw new ReleaseError('the release names no version (a "# version 2026f" line, or a version file)', files.sources[0][0], 0);
  }
  const zones = new Map<string, CompiledZone>();
  for (const [name, lines] of source.zones) {
    zones.set(name, new CompiledZone(name, compileZone(name, lines, source, COMPILED_THROUGH_YEAR), COMPILED_THROUGH_YEAR));
  }
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
  if (zones.size === 0) throw new ReleaseError('the release has no zones', files.sources[0][0], 0);
  const { countries, geography } = geographyOf(files.tables, fallback);
  return new TzRelease(version, zones, links, countries, geography, files.digest, Math.round((performance.now() - started) * 10) / 10);
}
