import type { Models } from '../../../lib/api-models';
import { apiFetch } from '../../../lib/api';

export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

export function storePendingEmail(email: string) {
  try {
    window.localStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    /* storage may be unavailable (private mode); the page also reads ?email= */
  }
}

export function readPendingEmail(): string {
  try {
    return window.localStorage.getItem(PENDING_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export type LoginResult = Models['LoginView'];

export const authApi = {
  login: (body: { email: string; password: string; totp?: string }) => apiFetch<LoginResult>('/api/auth/login', { method: 'POST', body }),
  register: (body: { name: string; email: string; password: string }) =>
    apiFetch<Models['RegisteredView']>('/api/auth/register', {
      method: 'POST',
      body,
    }),
  forgotPassword: (body: { email: string }) => apiFetch<Models['OkView']>('/api/auth/forgot-password', { method: 'POST', body }),
  resendVerification: (body: { email: string }) => apiFetch<Models['OkView']>('/api/auth/resend-verification', { method: 'POST', body }),
  resetPassword: (body: { token: string; newPassword: string }) => apiFetch<Models['OkView']>('/api/auth/reset-password', { method: 'POST', body }),
  checkResetToken: (token: string) => apiFetch<Models['ResetTokenCheckView']>(`/api/auth/reset-password/check?token=${encodeURIComponent(token)}`),
};
