import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BUNDLED_RELEASES_DIR, bundledRelease, bundledVersions, compileRelease, detectReleaseInput } from './release-compiler.js';
import type { TzRelease } from './tz-release.js';

/** A release read from disk or an upload: the compiled release and the bytes any instance can compile it from again. */
export interface ReleaseSource {
  release: TzRelease;
  /** A tzdata*.tar.gz or a tzdata.zi; a folder is packed as a tar.gz of its files. */
  bytes: Buffer;
  description: string;
  /** How it came: the bundled folder, TZDB_RELEASE, a super admin's upload, or the IANA feed (default upload). */
  origin?: ReleaseOrigin;
  /** For the feed: whether its detached signature was verified against TZDB_FEED_KEYS. */
  signature?: 'verified' | 'unsigned';
}

export type ReleaseOrigin = 'bundled' | 'env' | 'upload' | 'feed';

/** A source folder holds a few hundred kilobytes; anything far larger is not a tz release. */
const MAX_FOLDER_BYTES = 8 * 1024 * 1024;

/** Compiles a tarball, a tzdata.zi or a folder (TZDB_RELEASE, `npm run tzdb:update`). Throws ReleaseError when it does not compile. */
export function readReleasePath(path: string): ReleaseSource {
  if (statSync(path).isDirectory()) {
    const release = compileRelease({ kind: 'folder', path });
    return { release, bytes: packFolder(path), description: `folder ${basename(path)}` };
  }
  const bytes = readFileSync(path);
  return { release: compileBytes(bytes), bytes, description: `file ${basename(path)}` };
}

/**
 * Compiles stored or uploaded bytes (a tarball or a tzdata.zi, told apart by their first bytes). A bare tzdata.zi has
 * no country tables: it keeps the bundled release's geography.
 */
export function compileBytes(bytes: Buffer): TzRelease {
  return compileRelease(detectReleaseInput(bytes), bundledRelease());
}

/** The regular files of a folder (not its subfolders) as a gzipped ustar archive, the shape of IANA's tarballs. */
export function packFolder(path: string): Buffer {
  const blocks: Buffer[] = [];
  let total = 0;
  for (const name of readdirSync(path).sort()) {
    const file = join(path, name);
    const stat = statSync(file);
    if (!stat.isFile() || name.startsWith('.') || Buffer.byteLength(name) > 99) continue;
    total += stat.size;
    if (total > MAX_FOLDER_BYTES) throw new Error(`${path} holds more than ${MAX_FOLDER_BYTES} bytes: not a tz release folder`);
    const content = readFileSync(file);
    blocks.push(tarHeader(name, content.length), content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) => header.write(value, offset, length, 'ascii');
  field(name, 0, 100);
  field('0000644\0', 100, 8);
  field('0000000\0', 108, 8);
  field('0000000\0', 116, 8);
  field(size.toString(8).padStart(11, '0') + '\0', 124, 12);
  field('00000000000\0', 136, 12);
  field('        ', 148, 8);
  field('0', 156, 1);
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return header;
}

/** The zic source files of a tarball, in zic's order, and the country tables (as compile-release.ts reads them). */
const SOURCE_FILES = ['africa', 'antarctica', 'asia', 'australasia', 'europe', 'northamerica', 'southamerica', 'etcetera', 'factory', 'backward'];
export const TABLE_FILES = ['zone1970.tab', 'zone.tab', 'iso3166.tab'];

/**
 * The files a release folder under backend/data/tzdb/<version>/ holds, from a tarball, a tzdata.zi or a folder:
 * tzdata.zi (from a tarball, its zic sources concatenated under a "# version" line) and the three tables (a bare
 * tzdata.zi has none: the newest bundled release's are kept).
 */
export function releaseFolderFiles(path: string, version: string): Map<string, Buffer> {
  let files: Map<string, Buffer>;
  if (statSync(path).isDirectory()) {
    files = new Map();
    for (const name of readdirSync(path)) if (statSync(join(path, name)).isFile()) files.set(name, readFileSync(join(path, name)));
  } else {
    const bytes = readFileSync(path);
    files = bytes[0] === 0x1f && bytes[1] === 0x8b ? untar(gunzipSync(bytes)) : new Map([['tzdata.zi', bytes]]);
  }
  const out = new Map<string, Buffer>();
  const zi = files.get('tzdata.zi');
  if (zi) out.set('tzdata.zi', zi);
  else {
    const parts = SOURCE_FILES.filter((n) => files.has(n)).map((n) => `# ${n}\n${files.get(n)!.toString('utf8')}`);
    out.set('tzdata.zi', Buffer.from(`# version ${version}\n${parts.join('\n')}`));
  }
  const [newestBundled] = bundledVersions();
  for (const name of TABLE_FILES) {
    const table = files.get(name) ?? (newestBundled ? readFileSync(join(BUNDLED_RELEASES_DIR, newestBundled, name)) : undefined);
    if (table) out.set(name, table);
  }
  return out;
}

/** The regular files of a ustar archive, by base name. */
function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const name = text(0, 100);
    if (type === '0' || type === '7') files.set(name.slice(name.lastIndexOf('/') + 1), archive.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
