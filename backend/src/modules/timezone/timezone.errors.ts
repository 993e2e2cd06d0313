import { ProblemException } from '../../common/problems/problem.js';

/** Stable problem codes of the time zone API; each maps to a 400 except not_acceptable (406). Titles: the catalog's (common/problems/problem-catalog.ts). */
export type TimezoneProblemCode =
  | 'invalid_timezone'
  | 'invalid_datetime'
  | 'invalid_local_time'
  | 'invalid_coordinates'
  | 'invalid_timespan'
  | 'invalid_date'
  | 'invalid_range'
  | 'datetime_out_of_range'
  | 'not_acceptable';

export function timezoneProblem(code: TimezoneProblemCode, detail: string, field?: string, extra?: Record<string, unknown>): ProblemException {
  return new ProblemException({
    status: code === 'not_acceptable' ? 406 : 400,
    code,
    detail,
    ...(field !== undefined && { field }),
    ...(extra !== undefined && { extra }),
  });
}
