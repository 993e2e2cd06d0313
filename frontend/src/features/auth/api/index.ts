import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { apiFetch, isUnauthorized } from '../../../lib/api';

export type UserRole = Models['MeView']['role'];
export type UserPlan = Models['MeView']['plan'];

/** GET /api/me: the signed-in account. */
export type User = Models['MeView'];

export const meQueryKey = ['me'] as const;

/** GET /api/me; a 401 means anonymous (null), not an error. */
export async function fetchMe(): Promise<User | null> {
  try {
    return await apiFetch<User>('/api/me');
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false });
}

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export function useAuth(): { status: AuthStatus; user: User | null } {
  const { data, isPending, isError } = useMe();
  if (isPending) return { status: 'loading', user: null };
  if (isError || !data) return { status: 'anonymous', user: null };
  return { status: 'authenticated', user: data };
}

export function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/** Display name: first and last name, else the part of the e-mail before @, else 'User'. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const full = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  if (full) return full;
  const local = user?.email?.split('@')[0];
  return local || 'User';
}

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
  login: (body: { email: string; password: string; totp?: string }) =>
    apiFetch<LoginResult>('/api/auth/login', { method: 'POST', body }),
  register: (body: { name: string; email: string; password: string }) =>
    apiFetch<Models['RegisteredView']>('/api/auth/register', {
      method: 'POST',
      body,
    }),
  forgotPassword: (body: { email: string }) =>
    apiFetch<Models['OkView']>('/api/auth/forgot-password', { method: 'POST', body }),
  resendVerification: (body: { email: string }) =>
    apiFetch<Models['OkView']>('/api/auth/resend-verification', { method: 'POST', body }),
  resetPassword: (body: { token: string; newPassword: string }) =>
    apiFetch<Models['OkView']>('/api/auth/reset-password', { method: 'POST', body }),
  checkResetToken: (token: string) =>
    apiFetch<Models['ResetTokenCheckView']>(`/api/auth/reset-password/check?token=${encodeURIComponent(token)}`),
};
