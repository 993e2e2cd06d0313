import { ProblemException, Problems } from '../../common/problem.js';

/** The accounts module's own problem codes; their HTTP status is in src/problem-codes.ts. */
export type AccountsProblemCode = 'email_mismatch' | 'super_admin_cannot_close' | 'export_not_ready';

/** The self-service account errors; each has a stable `code`. */
export const AccountErrors = {
  userNotFound: () => Problems.notFound('User'),
  emailMismatch: () =>
    new ProblemException({ status: 400, code: 'email_mismatch', title: 'Bad Request', detail: "The e-mail address you typed is not this account's.", field: 'email' }),
  wrongPassword: () => new ProblemException({ status: 400, code: 'wrong_password', title: 'Bad Request', detail: 'Password is incorrect', field: 'password' }),
  totpRequired: () =>
    new ProblemException({ status: 400, code: 'totp_required', title: 'Bad Request', detail: 'Enter the 6-digit code from your authenticator app.', field: 'totp' }),
  superAdminCannotClose: () =>
    new ProblemException({
      status: 403,
      code: 'super_admin_cannot_close',
      title: 'Forbidden',
      detail: 'A super admin account cannot be closed from the profile. Hand the role to another account first.',
    }),
  exportNotFound: () => new ProblemException({ status: 404, code: 'not_found', title: 'Not Found', detail: 'Export not found.' }),
  exportNotReady: () => new ProblemException({ status: 409, code: 'export_not_ready', title: 'Conflict', detail: 'The export is still being built. Try again when it is ready.' }),
};
