import { ProblemException } from '../../common/problems/problem.js';

/** The usage module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type UsageProblemCode =
  'invalid_cursor' | 'invalid_range' | 'invalid_status_filter' | 'request_not_found' | 'analytics_plan_required' | 'invalid_timezone';

export const UsageProblems = {
  invalidCursor: () =>
    new ProblemException({
      status: 400,
      code: 'invalid_cursor',
      title: 'Invalid cursor',
      detail: 'The cursor is not one this API handed out.',
      field: 'cursor',
    }),
  invalidRange: (detail: string, field?: string) =>
    new ProblemException({ status: 400, code: 'invalid_range', title: 'Invalid date range', detail, ...(field && { field }) }),
  invalidStatusFilter: () =>
    new ProblemException({
      status: 400,
      code: 'invalid_status_filter',
      title: 'Invalid status filter',
      detail: 'status must be an HTTP status (100–599, e.g. 404) or a class (1xx–5xx, e.g. 4xx).',
      field: 'status',
    }),
  requestNotFound: () =>
    new ProblemException({ status: 404, code: 'request_not_found', title: 'Request not found', detail: 'No request of yours has this id in the log.' }),
  invalidTimeZone: (zone: string, field = 'timeZone') =>
    new ProblemException({
      status: 400,
      code: 'invalid_timezone',
      title: 'Invalid time zone',
      detail: `"${zone.slice(0, 64)}" is not an IANA time zone (e.g. Europe/Paris).`,
      field,
    }),
  analyticsPlanRequired: () =>
    new ProblemException({
      status: 403,
      code: 'analytics_plan_required',
      title: 'Advanced analytics need the Premium plan',
      detail: 'Latency percentiles and status series are part of Premium and Enterprise. Upgrade under Billing; the request log itself is on every plan.',
    }),
};
