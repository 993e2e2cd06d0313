import type { FastifyRequest } from 'fastify';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { requestRelease } from '../tzdb/request-release.js';
import type { TzBuild, TzRelease } from '../tzdb/tz-release.js';
import { TzdbErrors } from '../tzdb/tzdb.errors.js';
import type { ResolvedKey } from '../keys/key-directory.js';
import type { PublicApiRequest } from './api-key.guard.js';

/** The request header that pins one request, like ?tzdb=. */
export const TZDB_VERSION_HEADER = 'tzdb-version';
/** ?tzdb=latest (or the header) answers from the active release, whatever the key is pinned to. */
export const LATEST = 'latest';

/** ?history=: which build of the release answers (backzone, the default, or IANA's main build). */
export const HISTORY_PARAM = 'history';
const BUILDS: ReadonlySet<string> = new Set<TzBuild>(['backzone', 'main']);

interface PinnedRequest extends PublicApiRequest {
  tzdbVersion?: string;
  tzdbBuild?: TzBuild;
}

/** The build a request asks for (?history=backzone|main), null for the release's default; 400 invalid_history otherwise. */
export function requestedBuild(request: FastifyRequest): TzBuild | null {
  let asked = (request.query as Record<string, unknown> | undefined)?.[HISTORY_PARAM];
  if (Array.isArray(asked)) asked = asked[0];
  if (asked === undefined) return null;
  if (typeof asked === 'string' && BUILDS.has(asked)) return asked as TzBuild;
  throw TzdbErrors.invalidHistory(typeof asked === 'string' ? asked : String(asked));
}

/** The release a request asks for: ?tzdb=, else the Tzdb-Version header, else its key's pin; null: the active one. */
export function requestedVersion(request: PublicApiRequest, key: Pick<ResolvedKey, 'tzdbVersion'> | undefined = request.apiKey): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  let asked = query?.tzdb ?? request.headers[TZDB_VERSION_HEADER];
  if (Array.isArray(asked)) asked = asked[0];
  if (typeof asked === 'string' && asked.trim() !== '') {
    const version = asked.trim();
    return version.toLowerCase() === LATEST ? null : version;
  }
  return key?.tzdbVersion ?? null;
}

/** The version a pinned request answered from (X-Tzdb-Version), or undefined for the active one. */
export function answeredVersion(request: FastifyRequest): string | undefined {
  return (request as PinnedRequest).tzdbVersion;
}

/** The build a request answered from when it is not the active release's default (X-Tzdb-Build), or undefined. */
export function answeredBuild(request: FastifyRequest): TzBuild | undefined {
  return (request as PinnedRequest).tzdbBuild;
}

/** `release` in the build asked for (null: its default), noted on the request for the headers; 404 build_unavailable when its source lacks it. */
function chooseBuild(request: FastifyRequest, release: TzRelease, build: TzBuild | null): TzRelease {
  const chosen = build === null ? release : release.as(build);
  if (!chosen) throw TzdbErrors.buildUnavailable(release.version, build!, release.builds.available);
  (request as PinnedRequest).tzdbBuild = chosen.build;
  return chosen;
}

/**
 * Step 5½ of a sold request (see README.md), after the key and limits: runs `answer` in the release and build the
 * request asks for, so every route answers from it without knowing (the time engine reads requestRelease). The active
 * release's default build needs nothing; a stored release is compiled on first use (ReleaseCache), its main build on
 * its first use too; an unknown release is 404 unknown_release, a bad ?history= 400 invalid_history.
 */
export function inRequestedRelease(releases: ReleaseCache, request: PublicApiRequest, answer: () => unknown, fail: (err: unknown) => void): void {
  let build: TzBuild | null;
  try {
    build = requestedBuild(request);
  } catch (err) {
    fail(err);
    return;
  }
  const version = requestedVersion(request);
  const active = version === null || releases.isActive(version);
  if (active && build === null) {
    answer();
    return;
  }
  const run = (release: TzRelease) => {
    let chosen: TzRelease;
    try {
      chosen = chooseBuild(request, release, build);
    } catch (err) {
      fail(err);
      return;
    }
    if (!active) (request as PinnedRequest).tzdbVersion = chosen.version;
    if (active && chosen === release) answer();
    else requestRelease.run(chosen, answer);
  };
  const release = releases.get(version ?? releases.activeVersion);
  if (release instanceof Promise) release.then(run).catch(fail);
  else run(release);
}

/**
 * For a transport that runs its calls itself (MCP): the release the request (Tzdb-Version) or its key's pin names, in
 * the build ?history= names, or null for the active release's default build; the answer's X-Tzdb-Version and
 * X-Tzdb-Build name it. Rejects with 404 unknown_release or build_unavailable, 400 invalid_history.
 */
export async function pinnedRelease(releases: ReleaseCache, request: FastifyRequest, key: ResolvedKey): Promise<TzRelease | null> {
  const build = requestedBuild(request);
  const version = requestedVersion(request as PublicApiRequest, key);
  const active = version === null || releases.isActive(version);
  if (active && build === null) return null;
  const release = await releases.get(version ?? releases.activeVersion);
  const chosen = chooseBuild(request, release, build);
  if (!active) (request as PinnedRequest).tzdbVersion = chosen.version;
  return active && chosen === release ? null : chosen;
}
