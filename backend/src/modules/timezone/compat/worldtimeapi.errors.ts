import type { ErrorBody, ErrorBodyWriter } from '../../../common/problems/error-body.js';
import type { ProblemDocument } from '../../../common/problems/problem.js';

/** WorldTimeAPI's error texts and statuses for the problems our engine and IP locator raise; anything else keeps its status. */
function worldTimeError(problem: ProblemDocument): { status: number; error: string } {
  switch (problem.code) {
    case 'invalid_timezone':
    case 'ip_not_public':
    case 'ip_not_located':
    case 'not_found':
      return { status: 404, error: 'unknown location' };
    case 'invalid_ip':
      return { status: 400, error: 'malformed ip' };
    default:
      // The key, the plan's limits and a pinned release answer as everywhere else, in this namespace's shape.
      return { status: problem.status, error: problem.detail ?? problem.title };
  }
}

/** JSON routes: `{"error": "unknown location"}`. */
export const worldTimeJsonError: ErrorBodyWriter = (problem): ErrorBody => {
  const { status, error } = worldTimeError(problem);
  return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error }) };
};

/** .txt routes: the same text as one `error: ...` line, like the answers' `key: value` lines. */
export const worldTimeTextError: ErrorBodyWriter = (problem): ErrorBody => {
  const { status, error } = worldTimeError(problem);
  return { status, contentType: 'text/plain; charset=utf-8', body: `error: ${error}\n` };
};
