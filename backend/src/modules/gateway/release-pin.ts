import type { FastifyRequest } from 'fastify';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { requestRelease } from '../tzdb/request-release.js';
import type { TzRelease } from '../tzdb/tz-release.js';
import type { ResolvedKey } from '../keys/key-directory.js';
import type { PublicApiRequest } from './api-key.guard.js';

/** The request header that pins one request, like ?tzdb=. */
export const TZDB_VERSION_HEADER = 'tzdb-version';
/** ?tzdb=latest (or the header) answers from the active release, whatever the key is pinned to. */
export const LATEST = 'latest';

interface PinnedRequest extends PublicApiRequest {
  tzdbVersion?: string;
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

/**
 * Step 5½ of a sold request (see README.md), after the key and limits: runs `answer` in the release the request is
 * pinned to, so every route answers from it without knowing (the time engine reads requestRelease). The active release
 * needs nothing; a stored one is compiled on first use (ReleaseCache); an unknown one is 404 unknown_release.
 */
export function inRequestedRelease(releases: ReleaseCache, request: PublicApiRequest, answer: () => unknown, fail: (err: unknown) => void): void {
  const version = requestedVersion(request);
  if (version === null || releases.isActive(version)) {
    answer();
    return;
  }
  const run = (release: TzRelease) => {
    (request as PinnedRequest).tzdbVersion = release.version;
    requestRelease.run(release, answer);
  };
  const release = releases.get(version);
  if (release instanceof Promise) release.then(run).catch(fail);
  else run(release);
}

/**
 * For a transport that runs its calls itself (MCP): the release the request (Tzdb-Version) or its key's pin names, or
 * null for the active one; the answer's X-Tzdb-Version names it. Rejects with 404 unknown_release.
 */
export async function pinnedRelease(releases: ReleaseCache, request: FastifyRequest, key: ResolvedKey): Promise<TzRelease | null> {
  const version = requestedVersion(request as PublicApiRequest, key);
  if (version === null || releases.isActive(version)) return null;
  const release = await releases.get(version);
  (request as PinnedRequest).tzdbVersion = release.version;
  return release;
}
