import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BUNDLED_RELEASES_DIR, bundledRelease, bundledVersions, compileRelease, detectReleaseInput } from './release-compiler.js';
import { MAIN_ZI, readReleaseFiles, TABLE_FILES, tzdataZi } from './release-files.js';
import { packTarball } from './tar.js';
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
  const files: [string, Buffer][] = [];
  let total = 0;
  for (const name of readdirSync(path).sort()) {
    const file = join(path, name);
    const stat = statSync(file);
    if (!stat.isFile() || name.startsWith('.') || Buffer.byteLength(name) > 99) continue;
    total += stat.size;
    if (total > MAX_FOLDER_BYTES) throw new Error(`${path} holds more than ${MAX_FOLDER_BYTES} bytes: not a tz release folder`);
    files.push([name, readFileSync(file)]);
  }
  return packTarball(files);
}

/**
 * The files a release folder under backend/data/tzdb/<version>/ holds, from a tarball, a tzdata.zi or a folder:
 * tzdata.zi (the backzone build when the source has one, as Debian ships it; from a tarball, its zic sources joined
 * under a "# version" line), tzdata-main.zi (the main build, when the source has it beside the backzone build) and the
 * three tables (a bare tzdata.zi has none: the newest bundled release's are kept).
 */
export function releaseFolderFiles(path: string, version: string): Map<string, Buffer> {
  const input = statSync(path).isDirectory() ? { kind: 'folder' as const, path } : detectReleaseInput(readFileSync(path));
  const { files } = readReleaseFiles(input);
  const out = new Map<string, Buffer>();
  const backzone = tzdataZi(files, 'backzone', version);
  const main = tzdataZi(files, 'main', version);
  out.set('tzdata.zi', (backzone ?? main)!);
  if (backzone && main) out.set(MAIN_ZI, main);
  const [newestBundled] = bundledVersions();
  for (const name of TABLE_FILES) {
    const table = files.get(name) ?? (newestBundled ? readFileSync(join(BUNDLED_RELEASES_DIR, newestBundled, name)) : undefined);
    if (table) out.set(name, table);
  }
  return out;
}
