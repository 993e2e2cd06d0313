export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_EXAMPLE = 'user@example.com';
export const MIN_PASSWORD_LENGTH = 8;

export const messages = {
  invalidEmail: `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE})`,
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  loginFailed: 'Invalid email or password. Please try again.',
  somethingWrong: 'Something went wrong. Please try again.',
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  totpInvalid: 'That code is not valid. Check your authenticator app and try again.',
} as const;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
