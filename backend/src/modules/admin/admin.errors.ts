import { ProblemException, Problems } from '../../common/problems/problem.js';

/** The admin module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type AdminProblemCode = 'invalid_query' | 'cannot_block_self';

/** The admin module's stable error codes. */
export const AdminErrors = {
  /** A list query parameter (range, sort, filter) that is not valid JSON or names an unknown field. */
  badQuery: (field: string, message: string) =>
    new ProblemException({
      status: 400,
      code: 'invalid_query',
      title: 'Invalid query',
      detail: message,
      field,
      errors: [{ field, message }],
    }),
  userNotFound: () => Problems.notFound('User'),
  keyNotFound: () => Problems.notFound('API key'),
  recordNotFound: (what: string) => Problems.notFound(what),
  cannotBlockSelf: () => new ProblemException({ status: 409, code: 'cannot_block_self', title: 'Conflict', detail: 'You cannot block your own account.' }),
};
