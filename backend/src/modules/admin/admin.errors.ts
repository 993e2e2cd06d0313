import { ProblemException, Problems } from '../../common/problems/problem.js';

/** The admin module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type AdminProblemCode = 'invalid_query' | 'cannot_block_self' | 'account_closed';

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
  /** The customer closed the account: nothing is left to block, re-plan, limit or rotate. */
  accountClosed: () =>
    new ProblemException({
      status: 409,
      code: 'account_closed',
      title: 'Account closed',
      detail: 'The customer closed this account; it can no longer be changed.',
    }),
  cannotBlockSelf: () => new ProblemException({ status: 409, code: 'cannot_block_self', title: 'Conflict', detail: 'You cannot block your own account.' }),
};
