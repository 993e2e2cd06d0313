import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from './api-models';
import type { MouseEvent } from 'react';
import { api, isUnauthorized, signedOutReason } from './api';
import type { OrgRole } from '@tzapi/shared/org-roles';

/** The session: who is signed in (GET /api/me), read by the layouts, the route guards and every feature. */

export type UserRole = Models['MeView']['role'];
export type UserPlan = Models['MeView']['plan'];

/** The current organisation as GET /api/me names it (docs/organisations.md). */
export interface CurrentOrganization {
  id: string;
  name: string;
  personal: boolean;
  role: OrgRole;
}

/**
 * What GET /api/me adds for organisations. Optional: a server from before them answers neither, and the account
 * area then behaves as it did (every permission, no organisation).
 */
export interface OrganizationSession {
  organization?: CurrentOrganization;
  permissions?: readonly string[];
}

/**
 * GET /api/me: the signed-in account, and (issue 51) the current organisation and what the member's role may do there;
 * both optional until the generated schema has them (lib/permissions.ts reads them).
 */
// organization and permissions stay optional: fixtures (and a server from before organisations) may leave them out.
export type User = Omit<Models['MeView'], 'organization' | 'permissions'> & OrganizationSession;

export const meQueryKey = ['me'] as const;

// Why the last GET /api/me found nobody signed in, when the server said (read by the dashboard's gate).
let lastSignOutReason: 'expired' | 'blocked' | null = null;

/** Why the session that this browser held stopped ('expired', 'blocked'), as the last GET /api/me said; else null. */
export function signOutReason(): 'expired' | 'blocked' | null {
  return lastSignOutReason;
}

/**
 * Notes why a dashboard call found the session gone, before the user is dropped: the dashboard's gate then sends to
 * sign-in with the same reason, whichever of the two navigations the router commits last.
 */
export function noteSignOutReason(reason: 'expired' | 'blocked' | null): void {
  lastSignOutReason = reason;
}

/** GET /api/me; a 401 (and a blocked account's 403) means anonymous (null), not an error; the reason is kept. */
export async function fetchMe(): Promise<User | null> {
  try {
    const user = await api.get('/api/me');
    lastSignOutReason = null;
    return user;
  } catch (error) {
    const reason = signedOutReason(error);
    if (reason || isUnauthorized(error)) {
      lastSignOutReason = reason;
      return null;
    }
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

/**
 * Signs out with POST /api/logout (the CSRF rules of every unsafe method apply), then leaves for the home page. If the
 * POST can't be made, the link's own navigation (GET /api/logout from our page, which the server honours) is the way.
 */
export async function signOut(fallbackUrl = '/api/logout', navigate: (to: string) => void = (to) => window.location.assign(to)): Promise<void> {
  try {
    await api.post('/api/logout');
  } catch {
    navigate(fallbackUrl);
    return;
  }
  navigate('/');
}

/** onClick of a sign-out link (href /api/logout): the POST instead of the navigation. */
export function onSignOutClick(event: MouseEvent<HTMLElement>): void {
  event.preventDefault();
  void signOut(event.currentTarget.getAttribute('href') ?? undefined);
}
