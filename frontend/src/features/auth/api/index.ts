import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';

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
  login: (body: { email: string; password: string; totp?: string }) => api.post('/api/auth/login', { body }),
  register: (body: { name: string; email: string; password: string }) => api.post('/api/auth/register', { body }),
  forgotPassword: (body: { email: string }) => api.post('/api/auth/forgot-password', { body }),
  resendVerification: (body: { email: string }) => api.post('/api/auth/resend-verification', { body }),
  resetPassword: (body: { token: string; newPassword: string }) => api.post('/api/auth/reset-password', { body }),
  checkResetToken: (token: string) => api.get('/api/auth/reset-password/check', { params: { query: { token } } }),
};
