/**
 * Reading a release into a compiled one: an upload's bytes, the TZDB_RELEASE path, and the process's small cache of
 * compiled stored releases. Every failure names what is wrong; uploads answer 400 invalid_release.
 */
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { checkReleaseBuilds } from './release-check.js';
import { bundledRelease, ReleaseError } from './release-compiler.js';
import { compileBytes, readReleasePath } from './release-source.js';
import type { ReleaseSource } from './release-source.js';
import type { TzRelease } from './tz-release.js';
import { TzdbErrors } from './tzdb.errors.js';

/** Compiled releases by version and stored digest, shared by the apps of one process (releases are immutable). */
export const compiledCache = new Map<string, TzRelease>();
export function cacheRelease(key: string, release: TzRelease): TzRelease {
  compiledCache.delete(key);
  compiledCache.set(key, release);
  while (compiledCache.size > 4) compiledCache.delete(compiledCache.keys().next().value!);
  return release;
}

/**
 * The compiled release of a stored row: from this process's cache, the bundled release, or its stored source (read
 * only when neither has it). 404 release_not_found when the row has no source.
 */
export async function compiledStoredRelease(row: { version: string; digest: string }, readSourceGz: () => Promise<Buffer | undefined>): Promise<TzRelease> {
  const key = `${row.version}:${row.digest}`;
  const cached = compiledCache.get(key);
  if (cached) return cached;
  const bundled = bundledRelease();
  if (bundled.version === row.version && bundled.digest === row.digest) return cacheRelease(key, bundled);
  const stored = await readSourceGz();
  if (!stored) throw TzdbErrors.releaseNotFound(row.version);
  return cacheRelease(key, compileBytes(gunzipSync(stored)));
}

/** The release TZDB_RELEASE names, compiled and checked; start-up fails with a line saying why it can't be used. */
export function readConfiguredRelease(path: string): ReleaseSource {
  try {
    const source = readReleasePath(resolve(path));
    const problems = checkReleaseBuilds(source.release);
    if (problems.length) throw new Error(`fails the engine check: ${problems.join('; ')}`);
    return source;
  } catch (err) {
    throw new Error(`TZDB_RELEASE=${path} can't be used: ${(err as Error).message}`, { cause: err });
  }
}

/** The upload's base64 (a data: URL prefix, as FileReader gives it, is accepted) as bytes; 400 when it is not base64. */
export function decodeUpload(base64: string): Buffer {
  const text = base64.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!text || text.length % 4 === 1 || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) {
    throw TzdbErrors.invalidRelease('release must be the base64 of a tzdata*.tar.gz or a tzdata.zi.', { file: null, line: null });
  }
  return Buffer.from(text, 'base64');
}

/** Compiles uploaded bytes and runs the engine check; every failure is a 400 invalid_release naming the file and line. */
export function compileUpload(bytes: Buffer): TzRelease {
  let release: TzRelease;
  try {
    release = compileBytes(bytes);
  } catch (err) {
    if (err instanceof ReleaseError) {
      throw TzdbErrors.invalidRelease(err.message, { file: err.file, line: err.line > 0 ? err.line : null });
    }
    throw TzdbErrors.invalidRelease(`Not a tz release: ${(err as Error).message}`, { file: null, line: null });
  }
  const problems = checkReleaseBuilds(release);
  if (problems.length) throw TzdbErrors.invalidRelease(`The release compiles but fails the engine check: ${problems.join('; ')}`, { file: null, line: null });
  return release;
}
