import { ProblemException } from '../../common/problem.js';

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
  accountBlocked: () =>
    new ProblemException({ status: 403, code: 'account_blocked', title: 'Forbidden', detail: 'This account has been blocked. Please contact support.' }),
  invalidToken: () =>
    new ProblemException({ status: 400, code: 'invalid_token', title: 'Bad Request', detail: 'Invalid or expired reset link. Please request a new one.' }),
  emailTaken: () =>
    new ProblemException({ status: 409, code: 'email_taken', title: 'Conflict', detail: 'This email address is already in use by another account.', field: 'email' }),
  wrongPassword: () =>
    new ProblemException({ status: 400, code: 'wrong_password', title: 'Bad Request', detail: 'Current password is incorrect', field: 'currentPassword' }),
  noPassword: () =>
    new ProblemException({ status: 400, code: 'no_password', title: 'Bad Request', detail: 'This account signs in through your identity provider.' }),
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
