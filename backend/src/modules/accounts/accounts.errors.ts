import { Problems } from '../../common/problems/problem.js';

/** The account commands' errors (their codes are the plumbing's: no code of accounts' own). */
export const AccountErrors = {
  userNotFound: () => Problems.notFound('User'),
};
