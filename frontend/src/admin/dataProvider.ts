import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { denyAdminAccess } from './access';

export type PlanId = 'free' | 'premium' | 'enterprise';

export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: PlanId;
  role: 'user' | 'admin' | 'super_admin';
  isBlocked: boolean;
  emailVerified: boolean;
  createdAt: string;
  profileImageUrl: string | null;
}

export interface AdminApiKey {
  id: string;
  name: string;
  keyPrefix: string;
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  userId: string | null;
  userEmail: string | null;
}

export interface AdminStats {
  totalUsers: number;
  totalRequests: number;
  totalApiKeys: number;
}

/** The standard ra-data-simple-rest methods plus the console's custom actions. */
export interface AdminDataProvider extends DataProvider {
  getStats(): Promise<AdminStats>;
  blockUser(id: string): Promise<{ data: AdminUser }>;
  unblockUser(id: string): Promise<{ data: AdminUser }>;
  changePlan(id: string, plan: PlanId): Promise<{ data: AdminUser }>;
  rotateKey(id: string): Promise<{ data: AdminApiKey }>;
}

export const ADMIN_API = '/api/admin';

/** fetchJson with the session cookie; a 401/403 from any admin call sends the visitor away (spec section 6). */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
      denyAdminAccess(error.status === 401 ? 'signed-out' : 'forbidden');
    }
    throw error;
  }
};

export function createAdminDataProvider(apiUrl = ADMIN_API): AdminDataProvider {
  const base = simpleRestProvider(apiUrl, httpClient);
  const post = async <T>(path: string, body?: unknown): Promise<{ data: T }> => {
    const { json } = await httpClient(`${apiUrl}${path}`, {
      method: 'POST',
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { data: json as T };
  };
  return {
    ...base,
    getStats: async () => (await httpClient(`${apiUrl}/stats`)).json as AdminStats,
    blockUser: (id) => post<AdminUser>(`/users/${encodeURIComponent(id)}/block`),
    unblockUser: (id) => post<AdminUser>(`/users/${encodeURIComponent(id)}/unblock`),
    changePlan: (id, plan) => post<AdminUser>(`/users/${encodeURIComponent(id)}/plan`, { plan }),
    rotateKey: (id) => post<AdminApiKey>(`/api-keys/${encodeURIComponent(id)}/rotate`),
  };
}
