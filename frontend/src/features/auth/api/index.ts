import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isUnauthorized } from '../../../lib/api';

export type UserRole = 'user' | 'admin' | 'super_admin';
export type UserPlan = 'free' | 'premium' | 'enterprise';

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  plan: UserPlan;
  role: UserRole;
  isBlocked: boolean;
  emailVerified: boolean;
  createdAt: string;
  profileImageUrl: string | null;
  /** False for accounts that sign in only through the identity provider (OpenID Connect). */
  hasPassword?: boolean;
}

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

export interface LoginResult {
  ok: true;
  user: User;
}

export const authApi = {
  login: (body: { email: string; password: string }) =>
    apiFetch<LoginResult>('/api/auth/login', { method: 'POST', body }),
  register: (body: { name: string; email: string; password: string }) =>
    apiFetch<{ ok: boolean; email: string; needsVerification: boolean }>('/api/auth/register', {
      method: 'POST',
      body,
    }),
  forgotPassword: (body: { email: string }) =>
    apiFetch<{ ok: boolean }>('/api/auth/forgot-password', { method: 'POST', body }),
  resendVerification: (body: { email: string }) =>
    apiFetch<{ ok: boolean }>('/api/auth/resend-verification', { method: 'POST', body }),
  resetPassword: (body: { token: string; newPassword: string }) =>
    apiFetch<{ ok: boolean; error?: string }>('/api/auth/reset-password', { method: 'POST', body }),
  checkResetToken: (token: string) =>
    apiFetch<{ valid: boolean }>(`/api/auth/reset-password/check?token=${encodeURIComponent(token)}`),
};
