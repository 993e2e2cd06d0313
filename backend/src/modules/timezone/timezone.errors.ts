import { ProblemException } from '../../common/problem.js';

/** Stable problem codes of the time zone API; each maps to a 400 except not_acceptable (406). */
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

const TITLES: Record<TimezoneProblemCode, string> = {
  invalid_timezone: 'Invalid time zone',
  invalid_datetime: 'Invalid date-time',
  invalid_local_time: 'Invalid local time',
  invalid_coordinates: 'Invalid coordinates',
  invalid_timespan: 'Invalid time span',
  invalid_date: 'Invalid date',
  invalid_range: 'Invalid range',
  datetime_out_of_range: 'Date-time out of range',
  not_acceptable: 'Not Acceptable',
};

export function timezoneProblem(
  code: TimezoneProblemCode,
  detail: string,
  field?: string,
  extra?: Record<string, unknown>,
): ProblemException {
  return new ProblemException({
    status: code === 'not_acceptable' ? 406 : 400,
    code,
    title: TITLES[code],
    detail,
    ...(field !== undefined && { field }),
    ...(extra !== undefined && { extra }),
  });
}
