import { ProblemException, Problems } from '../../common/problems/problem.js';

/** The jobs console's answers; it uses the plumbing's codes (not_found, conflict, invalid_query is the admin list's). */
export const JobsErrors = {
  jobNotFound: () => Problems.notFound('Job'),
  wrongState: (detail: string) => new ProblemException({ status: 409, code: 'conflict', title: 'Conflict', detail }),
  badQuery: (field: string, message: string) =>
    new ProblemException({ status: 400, code: 'bad_request', title: 'Bad Request', detail: message, field, errors: [{ field, message }] }),
};
