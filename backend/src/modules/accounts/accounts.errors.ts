import { Problems } from '../../common/problem.js';

/** The account commands' errors (their codes are the plumbing's: no code of accounts' own). */
export const AccountErrors = {
  userNotFound: () => Problems.notFound('User'),
};
