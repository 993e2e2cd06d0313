import type { AuthProvider } from 'react-admin';
import { displayName, fetchMe } from '../lib/auth';
import { paths } from '../config/paths';
import { denyAdminAccess } from './access';

/**
 * GET /api/me decides: a super admin passes; anyone else is sent away by denyAdminAccess (toast and /dashboard,
 * or /login when signed out). Rejections carry message/redirectTo false so react-admin adds no second redirect.
 */
export function createAdminAuthProvider(): AuthProvider {
  const refuse = (reason: 'signed-out' | 'forbidden') => {
    denyAdminAccess(reason);
    return Promise.reject({ message: false, redirectTo: false, logoutUser: false });
  };
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(false),
    checkAuth: async () => {
      const me = await fetchMe();
      if (!me) return refuse('signed-out');
      if (me.role !== 'super_admin') return refuse('forbidden');
    },
    // The data provider's HTTP client already handled 401/403 (spec: toast, then /dashboard after 0.5 s).
    checkError: () => Promise.resolve(),
    getIdentity: async () => {
      const me = await fetchMe();
      if (!me) throw new Error('Not signed in');
      return { id: me.id, fullName: displayName(me), avatar: me.profileImageUrl ?? undefined, email: me.email };
    },
    getPermissions: async () => (await fetchMe())?.role ?? null,
  };
}

export const logoutUrl = paths.server.logout;
