import { ProblemException } from '../../common/problems/problem.js';

/** The account module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type AuthProblemCode =
  | 'account_blocked'
  | 'email_not_verified'
  | 'invalid_credentials'
  | 'invalid_token'
  | 'no_password'
  | 'org_permission'
  | 'session_expired'
  | 'too_many_attempts'
  | 'totp_already_enabled'
  | 'totp_enrollment_required'
  | 'totp_invalid'
  | 'totp_mandatory'
  | 'totp_not_enabled'
  | 'totp_required'
  | 'totp_setup_missing'
  | 'wrong_password';

/** The account errors the site reacts to; each has a stable `code`. */
export const AuthErrors = {
  invalidCredentials: () =>
    new ProblemException({ status: 401, code: 'invalid_credentials', title: 'Unauthorized', detail: 'Invalid email or password. Please try again.' }),
  emailNotVerified: (email: string) =>
    new ProblemException({
      status: 403,
      code: 'email_not_verified',
      title: 'Email Not Verified',
      detail: 'Please check your email and click the verification link to activate your account.',
      extra: { needsVerification: true, email },
    }),
  /** The member's role in the current organisation does not allow the route (issue 51). */
  orgPermission: (role: string, permission: string) =>
    new ProblemException({
      status: 403,
      code: 'org_permission',
      title: 'Forbidden',
      detail: `Your role in this organisation (${role}) does not allow this.`,
      extra: { role, permission },
    }),
  accountBlocked: () =>
    new ProblemException({ status: 403, code: 'account_blocked', title: 'Forbidden', detail: 'This account has been blocked. Please contact support.' }),
  /** The session cookie names a session that ran out (absolute or idle expiry). */
  sessionExpired: () =>
    new ProblemException({ status: 401, code: 'session_expired', title: 'Unauthorized', detail: 'Your session has expired. Please sign in again.' }),
  invalidToken: () =>
    new ProblemException({ status: 400, code: 'invalid_token', title: 'Bad Request', detail: 'Invalid or expired reset link. Please request a new one.' }),
  wrongPassword: () =>
    new ProblemException({ status: 400, code: 'wrong_password', title: 'Bad Request', detail: 'Current password is incorrect', field: 'currentPassword' }),
  noPassword: () =>
    new ProblemException({ status: 400, code: 'no_password', title: 'Bad Request', detail: 'This account signs in through your identity provider.' }),
  /** 401 at sign-in, 400 where a signed-in form (closing the account) asks for it. */
  totpRequired: (status: 400 | 401 = 401) =>
    new ProblemException({
      status,
      code: 'totp_required',
      title: status === 401 ? 'Unauthorized' : 'Bad Request',
      detail: 'Enter the 6-digit code from your authenticator app.',
      field: 'totp',
    }),
  /** A signed-in form re-checks the password (closing the account). */
  passwordIncorrect: () =>
    new ProblemException({ status: 400, code: 'wrong_password', title: 'Bad Request', detail: 'Password is incorrect', field: 'password' }),
  /** A wrong, expired or already used code: 401 at sign-in, 400 on the profile's two-factor forms. */
  totpInvalid: (status: 400 | 401 = 401, field = 'totp') =>
    new ProblemException({
      status,
      code: 'totp_invalid',
      title: status === 401 ? 'Unauthorized' : 'Bad Request',
      detail: 'That code is not valid. Check your authenticator app (or use a recovery code) and try again.',
      field,
    }),
  totpEnrollmentRequired: () =>
    new ProblemException({
      status: 403,
      code: 'totp_enrollment_required',
      title: 'Forbidden',
      detail: 'Super admins must turn on two-factor sign-in before using the admin console.',
    }),
  totpAlreadyEnabled: () =>
    new ProblemException({ status: 409, code: 'totp_already_enabled', title: 'Conflict', detail: 'Two-factor sign-in is already on for this account.' }),
  totpNotStarted: () =>
    new ProblemException({
      status: 409,
      code: 'totp_setup_missing',
      title: 'Conflict',
      detail: 'Start the two-factor setup again: there is no pending secret to confirm.',
    }),
  totpNotEnabled: () =>
    new ProblemException({ status: 409, code: 'totp_not_enabled', title: 'Conflict', detail: 'Two-factor sign-in is not on for this account.' }),
  totpMandatory: () =>
    new ProblemException({
      status: 403,
      code: 'totp_mandatory',
      title: 'Forbidden',
      detail: 'Two-factor sign-in is required for super admins and cannot be turned off.',
    }),
  tooManyAttempts: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return new ProblemException({
      status: 429,
      code: 'too_many_attempts',
      title: 'Too Many Requests',
      detail: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      extra: { retryAfter: retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  },
};
