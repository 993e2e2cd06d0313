import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import type { Models } from '../lib/api-models';
import simpleRestProvider from 'ra-data-simple-rest';
import { denyAdminAccess } from './access';

export type PlanId = Models['AdminUserView']['plan'];
export type AdminUser = Models['AdminUserView'];
export type AccountLimits = Models['EffectiveLimitsView'];
export type CustomLimits = Models['SetLimitsDto'];
export type AdminApiKey = Models['AdminApiKeyView'];
export type AdminStats = Models['AdminStatsView'];

export type TzOffsetReading = Models['OffsetReadingView'];
export type TzChangedZone = Models['ChangedZoneView'];
/** What changed for customers when a release became active: zones whose clocks read differently in the next 24 months. */
export type TzReleaseChanges = Models['ReleaseChangesView'];
export type TzReleaseHistoryItem = Models['ReleaseHistoryItemView'];
export type TzdbStatus = Models['TzdbStatusView'];
export type TzActivation = Models['ActivationResultView'];

/** The standard ra-data-simple-rest methods plus the console's custom actions. */
export interface AdminDataProvider extends DataProvider {
  getStats(): Promise<AdminStats>;
  blockUser(id: string): Promise<{ data: AdminUser }>;
  unblockUser(id: string): Promise<{ data: AdminUser }>;
  changePlan(id: string, plan: PlanId): Promise<{ data: AdminUser }>;
  /** Negotiated limits; null puts the plan's default back. Answers the limits the account runs under now. */
  setLimits(id: string, limits: CustomLimits): Promise<{ data: AccountLimits }>;
  rotateKey(id: string): Promise<{ data: AdminApiKey }>;
  getTzdb(): Promise<TzdbStatus>;
  /** Posts a release (base64); onProgress gets the uploaded fraction, 0 to 1, then the server compiles it. */
  uploadTzdbRelease(release: string, force: boolean, onProgress?: (fraction: number) => void): Promise<TzActivation>;
  activateTzdbRelease(version: string, force: boolean): Promise<TzActivation>;
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

/** A JSON POST through XMLHttpRequest, the one browser API that reports upload progress; errors as fetchJson's HttpError. */
function postWithProgress<T>(url: string, body: unknown, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new HttpError('The upload failed: check your connection and try again.', 0));
    xhr.onload = () => {
      let json: Record<string, unknown> = {};
      try {
        json = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : {};
      } catch {
        json = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(json as T);
      if (xhr.status === 401 || xhr.status === 403) denyAdminAccess(xhr.status === 401 ? 'signed-out' : 'forbidden');
      const message = typeof json.detail === 'string' ? json.detail : typeof json.title === 'string' ? json.title : xhr.statusText;
      reject(new HttpError(message, xhr.status, json));
    };
    xhr.send(JSON.stringify(body));
  });
}

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
    setLimits: async (id, limits) => {
      const { json } = await httpClient(`${apiUrl}/users/${encodeURIComponent(id)}/limits`, { method: 'PUT', body: JSON.stringify(limits) });
      return { data: json as AccountLimits };
    },
    rotateKey: (id) => post<AdminApiKey>(`/api-keys/${encodeURIComponent(id)}/rotate`),
    getTzdb: async () => (await httpClient(`${apiUrl}/tzdb`)).json as TzdbStatus,
    uploadTzdbRelease: (release, force, onProgress) => postWithProgress<TzActivation>(`${apiUrl}/tzdb`, { release, force }, onProgress),
    activateTzdbRelease: async (version, force) => (await post<TzActivation>('/tzdb/activate', { version, force })).data,
  };
}
