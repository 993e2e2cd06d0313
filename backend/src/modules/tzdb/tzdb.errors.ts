import { ProblemException, Problems } from '../../common/problems/problem.js';

/** The tzdb module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type TzdbProblemCode = 'invalid_release' | 'older_release' | 'unknown_release' | 'invalid_history' | 'build_unavailable';

/** The tzdb module's stable error codes. */
export const TzdbErrors = {
  /** The upload is not a tz release, or a line of its zic source does not compile, or the compiled data fails the engine check. */
  invalidRelease: (detail: string, where: { file: string | null; line: number | null }) =>
    new ProblemException({ status: 400, code: 'invalid_release', title: 'Invalid release', detail, extra: { file: where.file, line: where.line } }),
  /** Loading an older release than the active one is a rollback: it needs force. */
  olderRelease: (version: string, active: string) =>
    new ProblemException({
      status: 409,
      code: 'older_release',
      title: 'Older release',
      detail: `${version} is older than the active release ${active}. Send force: true to roll back.`,
      extra: { version, activeVersion: active },
    }),
  /** tzdb=, Tzdb-Version or a key's pin names a release this server has not stored. */
  unknownRelease: (version: string, stored: readonly string[]) =>
    new ProblemException({
      status: 404,
      code: 'unknown_release',
      title: 'Unknown release',
      detail: `This server has no tz release ${JSON.stringify(version.slice(0, 32))}. Stored releases: ${stored.join(', ')}.`,
      extra: { version: version.slice(0, 32), storedVersions: [...stored] },
    }),
  /** ?history= is neither backzone nor main. */
  invalidHistory: (value: string) =>
    new ProblemException({
      status: 400,
      code: 'invalid_history',
      title: 'Invalid history',
      detail: `history must be backzone (the default: each zone's own history before 1970) or main (IANA's default build, as browsers and ICU answer); got ${JSON.stringify(value.slice(0, 32))}.`,
      field: 'history',
    }),
  /** The release's stored source holds only one build (a bare tzdata.zi upload). */
  buildUnavailable: (version: string, build: string, available: readonly string[]) =>
    new ProblemException({
      status: 404,
      code: 'build_unavailable',
      title: 'Build unavailable',
      detail: `Release ${version} was loaded as a tzdata.zi of its ${available.join(' and ')} build only; history=${build} needs its tarball. Leave history out, or pick another release.`,
      extra: { version, availableBuilds: [...available] },
    }),
  releaseNotFound: (version: string) => Problems.notFound(`Release ${version}`),
  /** No TZDB_FEED_URL: there is no feed to check. */
  feedOff: () => Problems.notFound('The IANA release feed (TZDB_FEED_URL is not set)'),
};
