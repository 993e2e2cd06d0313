import { ProblemException } from '../../common/problems/problem.js';

/** The usage module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type UsageProblemCode = 'invalid_cursor' | 'invalid_range';

export const UsageProblems = {
  invalidCursor: () =>
    new ProblemException({
      status: 400,
      code: 'invalid_cursor',
      title: 'Invalid cursor',
      detail: 'The cursor is not one this API handed out.',
      field: 'cursor',
    }),
  invalidRange: (detail: string) => new ProblemException({ status: 400, code: 'invalid_range', title: 'Invalid date range', detail }),
};
