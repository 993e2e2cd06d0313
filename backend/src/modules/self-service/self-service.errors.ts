import { ProblemException } from '../../common/problems/problem.js';

/** Self-service's own problem codes; their HTTP status is in src/problem-codes.ts. */
export type SelfServiceProblemCode = 'email_mismatch' | 'super_admin_cannot_close' | 'export_not_ready' | 'invalid_timezone';

/** What closing the account and exporting its data answer when they can't; each has a stable `code`. */
export const SelfServiceErrors = {
  emailMismatch: () =>
    new ProblemException({
      status: 400,
      code: 'email_mismatch',
      title: 'Bad Request',
      detail: "The e-mail address you typed is not this account's.",
      field: 'email',
    }),
  superAdminCannotClose: () =>
    new ProblemException({
      status: 403,
      code: 'super_admin_cannot_close',
      title: 'Forbidden',
      detail: 'A super admin account cannot be closed from the profile. Hand the role to another account first.',
    }),
  /** The person is the only owner of a team organisation with other members (issue 51): it would be left without one. */
  lastOwner: () =>
    new ProblemException({
      status: 409,
      code: 'last_owner',
      title: 'Conflict',
      detail: 'You are the only owner of an organisation. Transfer its ownership or close it before closing your account.',
    }),
  exportNotFound: () => new ProblemException({ status: 404, code: 'not_found', title: 'Not Found', detail: 'Export not found.' }),
  exportNotReady: () =>
    new ProblemException({ status: 409, code: 'export_not_ready', title: 'Conflict', detail: 'The export is still being built. Try again when it is ready.' }),
  invalidTimeZone: (zone: string) =>
    new ProblemException({
      status: 400,
      code: 'invalid_timezone',
      title: 'Invalid time zone',
      detail: `"${zone.slice(0, 64)}" is not an IANA time zone (e.g. Asia/Kolkata).`,
      field: 'displayZone',
    }),
};
