import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isGzip, readTarball } from './tar.js';
import { ReleaseError } from './zic-source.js';

/**
 * The two ways IANA's Makefile builds a release: `backzone` (PACKRATDATA=backzone PACKRATLIST=zone.tab, as Debian and
 * Python's zoneinfo ship it: a zone such as Europe/Oslo keeps its own history before 1970) and `main` (PACKRATDATA
 * empty, `make`'s default, as ICU and the browsers: Oslo is a link to Berlin). They agree from 1970 on.
 */
export type TzBuild = 'backzone' | 'main';
export const TZ_BUILDS: readonly TzBuild[] = ['backzone', 'main'];

/** A release as IANA publishes it (tzdata*.tar.gz), as the single-file tzdata.zi, or as a folder of either. */
export type ReleaseInput = { kind: 'tarball'; bytes: Buffer } | { kind: 'zi'; text: string } | { kind: 'folder'; path: string };

/** The main files of a release tarball, in the order zic is given them; backzone comes last in its build. */
export const SOURCE_FILES = ['africa', 'antarctica', 'asia', 'australasia', 'europe', 'northamerica', 'southamerica', 'etcetera', 'factory', 'backward'];
/** The country tables a release folder keeps beside its zic source. */
export const TABLE_FILES = ['zone1970.tab', 'zone.tab', 'iso3166.tab'] as const;
/** A folder's main build beside its tzdata.zi (the backzone build), as `npm run tzdb:update` writes it. */
export const MAIN_ZI = 'tzdata-main.zi';
/** The list of backzone's zones that its build keeps, as Debian's build names it (PACKRATLIST). */
const PACKRATLIST = 'zone.tab';

/** A release's files by base name, and the SHA-256 (hex) that names its source. */
export interface ReleaseFiles {
  files: Map<string, Buffer>;
  digest: string;
}

/** Tells a gzip tarball from zic text by its first bytes. */
export function detectReleaseInput(bytes: Buffer): ReleaseInput {
  return isGzip(bytes) ? { kind: 'tarball', bytes } : { kind: 'zi', text: bytes.toString('utf8') };
}

/**
 * The files of a release input. A folder's digest leaves its tzdata-main.zi out: the file adds the main build without
 * changing what the release answers by default, so a folder stored before it existed is still recognized.
 */
export function readReleaseFiles(input: ReleaseInput): ReleaseFiles {
  const hash = createHash('sha256');
  if (input.kind === 'zi') {
    hash.update(input.text);
    return { files: new Map([['tzdata.zi', Buffer.from(input.text)]]), digest: hash.digest('hex') };
  }
  if (input.kind === 'tarball') {
    hash.update(input.bytes);
    try {
      return { files: readTarball(input.bytes), digest: hash.digest('hex') };
    } catch {
      throw new ReleaseError('not a gzip-compressed tar archive', 'release', 0);
    }
  }
  if (!existsSync(input.path) || !statSync(input.path).isDirectory()) throw new ReleaseError('no such folder', input.path, 0);
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(input.path).sort()) {
    const full = join(input.path, name);
    if (statSync(full).isFile()) files.set(name, readFileSync(full));
  }
  for (const name of [...files.keys()].sort()) if (name !== MAIN_ZI) hash.update(name).update(files.get(name)!);
  return { files, digest: hash.digest('hex') };
}

/** Which build a tzdata.zi is: IANA's Makefile writes "# ddeps backzone …" into the one built with backzone. */
export function ziBuild(text: string): TzBuild {
  return /^#\s*ddeps\b.*\bbackzone\b/m.test(text) ? 'backzone' : 'main';
}

/**
 * The zic source of one build, as [file name, text] in zic's order, or null when the files do not hold that build: a
 * tarball holds both (its backzone build guarded as ziguard.awk guards it), a folder its tzdata.zi and tzdata-main.zi,
 * a bare tzdata.zi only the build its ddeps line names.
 */
export function buildSources(files: ReadonlyMap<string, Buffer>, build: TzBuild): [string, string][] | null {
  const text = (name: string) => files.get(name)!.toString('utf8');
  const main: [string, string][] = SOURCE_FILES.filter((n) => files.has(n)).map((n) => [n, text(n)]);
  if (main.length > 0) {
    if (build === 'main') return main;
    return files.has('backzone') ? guardBackzone([...main, ['backzone', text('backzone')]], packratList(files.get(PACKRATLIST))) : null;
  }
  if (build === 'main' && files.has(MAIN_ZI)) return [[MAIN_ZI, text(MAIN_ZI)]];
  const zi = files.get('tzdata.zi')?.toString('utf8');
  return zi !== undefined && ziBuild(zi) === build ? [['tzdata.zi', zi]] : null;
}

/** The builds the files hold, the default (backzone) first. */
export function availableBuilds(files: ReadonlyMap<string, Buffer>): TzBuild[] {
  return TZ_BUILDS.filter((build) => buildSources(files, build) !== null);
}

/**
 * One build as a single tzdata.zi (the download, the bundled folder): a tzdata.zi as it is, else the zic files joined
 * under a "# version" line (and the ddeps line IANA's Makefile writes into a backzone build). Null: no such build.
 */
export function tzdataZi(files: ReadonlyMap<string, Buffer>, build: TzBuild, version: string): Buffer | null {
  const sources = buildSources(files, build);
  if (!sources) return null;
  if (sources.length === 1 && sources[0][0].endsWith('.zi')) return Buffer.from(sources[0][1]);
  const head = build === 'backzone' ? `# version ${version}\n# ddeps backzone ${PACKRATLIST}\n` : `# version ${version}\n`;
  return Buffer.from(head + sources.map(([name, text]) => `# ${name}\n${text}`).join('\n'));
}

/** The zone names a zone.tab lists (its third column), or null without one (then every backzone zone is kept). */
function packratList(table: Buffer | undefined): Set<string> | null {
  if (!table) return null;
  const names = new Set<string>();
  for (const line of table.toString('utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    const name = line.trim().split(/[\t ]+/)[2];
    if (name) names.add(name);
  }
  return names;
}

const fieldsOf = (line: string) => line.trim().split(/[\t ]+/);

/**
 * ziguard.awk's PACKRATDATA/PACKRATLIST handling, line for line (every line keeps its number, so zic's errors still
 * name the right one): "#PACKRATLIST zone.tab" lines become data; backzone's Zones not in the list are commented out,
 * with the lines after them up to the next Zone (Rules excepted); a Zone or Link comments out an earlier Link of the
 * same name, so backzone's zones override the main files' links; last, a link to a link is cut short to the end of the
 * chain as the script's link table reads it (which keeps a link a later Zone overrode: IANA's make links
 * Arctic/Longyearbyen to Europe/Berlin in both builds, and so do we).
 */
function guardBackzone(sources: [string, string][], list: Set<string> | null): [string, string][] {
  const files = sources.map(([name, text]) => ({ name, lines: text.split('\n') }));
  const linkAt = new Map<string, { lines: string[]; index: number }>();
  const linkTarget = new Map<string, string>();
  const commentOutLink = (name: string) => {
    const at = linkAt.get(name);
    if (at && at.lines[at.index].startsWith('Link')) at.lines[at.index] = `#${at.lines[at.index]}`;
  };
  let ignored = false;
  for (const { name, lines } of files) {
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i];
      let fields = fieldsOf(line);
      if (fields[0] === '#PACKRATLIST' && fields[1] === PACKRATLIST) {
        line = line.replace(/^#PACKRATLIST[\t ]+[^\t ]+[\t ]+/, '');
        fields = fieldsOf(line);
      }
      if (line.startsWith('Zone')) ignored = name === 'backzone' && list !== null && !list.has(fields[1]);
      if (ignored && !line.startsWith('Rule')) line = `#${line}`;
      if (line.startsWith('Zone')) commentOutLink(fields[1]);
      if (line.startsWith('Link')) {
        commentOutLink(fields[2]);
        linkAt.set(fields[2], { lines, index: i });
        linkTarget.set(fields[2], fields[1]);
      }
      lines[i] = line;
    }
  }
  for (const [link, target] of linkTarget) {
    let end = linkTarget.get(target);
    if (end === undefined) continue;
    // Bounded: a cycle of links is zic's to refuse, not a reason to hang.
    for (let steps = 0, next = linkTarget.get(end); next !== undefined && steps < 64; steps++, next = linkTarget.get(end)) end = next;
    const at = linkAt.get(link)!;
    at.lines[at.index] = `Link\t${end}\t${link}\t#= ${target}`;
  }
  return files.map(({ name, lines }) => [name, lines.join('\n')]);
}

/** Zone names in zic text (any spelling of the keyword zic accepts), commented lines excepted. */
export function zoneNamesIn(texts: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/^[\t ]*zo?n?e?[\t ]+(\S+)/gim)) names.add(m[1]);
  return names;
}

/** A build's source kept for a later compile: comment lines emptied (line numbers stay), nothing else. */
export function withoutComments(sources: [string, string][]): [string, string][] {
  return sources.map(([name, text]) => [name, text.replace(/^#.*$/gm, '')]);
}
