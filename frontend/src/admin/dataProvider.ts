import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import type { Models } from '../lib/api-models';
import simpleRestProvider from 'ra-data-simple-rest';
import { denyAdminAccess } from './access';
import { ApiError, apiRequest, apiUpload, type ApiFetchOptions } from '../lib/api';

export type PlanId = Models['AdminUserView']['plan'];
export type AdminUser = Models['AdminUserView'];
export type AccountLimits = Models['EffectiveLimitsView'];
export type CustomLimits = Models['SetLimitsDto'];
export type AdminApiKey = Models['AdminApiKeyView'];
export type AdminStats = Models['AdminStatsView'];
export type AdminOverview = Models['AdminOverviewView'];
export type AdminUserUsage = Models['AdminUserUsageView'];
export type AdminInvoice = Models['InvoiceView'];
export type AuditEntry = Models['AuditLogView'];

export type TzOffsetReading = Models['OffsetReadingView'];
export type TzChangedZone = Models['ChangedZoneView'];
/** What changed for customers when a release became active: zones whose clocks read differently in the next 24 months. */
export type TzReleaseChanges = Models['ReleaseChangesView'];
export type TzReleaseHistoryItem = Models['ReleaseHistoryItemView'];
export type TzdbStatus = Models['TzdbStatusView'];
export type TzActivation = Models['ActivationResultView'];
export type JobQueueCounts = Models['JobQueueCountsView'];
export type AdminJob = Models['JobView'];
export type TzFeedCheck = Models['FeedCheckView'];
/** A stored release's review: its changes against the release it was compared with, links folded under their zone. */
export type TzReleaseReview = Models['ReleaseReviewView'];
/** Who its activation tells: accounts, pinned keys, webhook endpoints. */
export type TzReleaseAudience = Models['ReleaseAudienceView'];
export type AdminWebhookEndpoint = Models['WebhookEndpointResponse'];
export type FailingWebhookEndpoint = Models['FailingWebhookEndpointResponse'];
/** A release that changed zones the account used, as the customer's Notices page shows it. */
export type AdminChangeNotice = Models['ChangeNoticeResponse'];

/** The standard ra-data-simple-rest methods plus the console's custom actions. */
export interface AdminDataProvider extends DataProvider {
  getStats(): Promise<AdminStats>;
  /** Signups per day (last 30), paid accounts, MRR and the last 24 hours' error rate. */
  getOverview(): Promise<AdminOverview>;
  /** One user's requests per UTC day, the last 30 days. */
  getUserUsage(id: string): Promise<AdminUserUsage>;
  /** One user's invoices, newest first. */
  getUserInvoices(id: string): Promise<AdminInvoice[]>;
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
  /** Posts a release (base64) to be stored and reviewed, not activated; answers its review. */
  uploadTzdbReleaseForReview(release: string, onProgress?: (fraction: number) => void): Promise<TzReleaseReview>;
  getTzdbReview(id: string): Promise<TzReleaseReview>;
  getTzdbAudience(id: string): Promise<TzReleaseAudience>;
  /** Deletes a release waiting for activation; the active one stays. */
  discardTzdbRelease(id: string): Promise<{ version: string }>;
  /** Every queue of the job engine with its jobs counted by state. */
  getJobQueues(): Promise<JobQueueCounts[]>;
  /** One more attempt for a failed job, now. */
  retryJob(id: string): Promise<{ data: AdminJob }>;
  /** Deletes a job that should not run (again). */
  discardJob(id: string): Promise<{ data: AdminJob }>;
  /** Checks the IANA feed now: unchanged, activated, waiting, refused (with the reason) or error. */
  checkTzdbFeed(): Promise<TzFeedCheck>;
  /** One account's webhook endpoints with their health. */
  getUserWebhooks(id: string): Promise<AdminWebhookEndpoint[]>;
  /** Endpoints failing now or paused after failures, across accounts, with their customers. */
  getFailingWebhooks(): Promise<FailingWebhookEndpoint[]>;
  /** One account's change notices, dismissed ones too, newest first. */
  getUserChangeNotices(id: string): Promise<AdminChangeNotice[]>;
}

export const ADMIN_API = '/api/admin';

/** The API client's error as react-admin's HttpError (its message, the problem document as body); a 401/403 sends the visitor away (spec section 6). */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 401 || error.status === 403) denyAdminAccess(error.status === 401 ? 'signed-out' : 'forbidden');
  return new HttpError(error.detail, error.status, error.problem);
}

/** react-admin's httpClient over the one API client (lib/api.ts): the session cookie, the answer's headers for Content-Range. */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = Object.fromEntries(new Headers(options.headers).entries());
  try {
    const answer = await apiRequest(url, {
      method: (options.method ?? 'GET') as ApiFetchOptions['method'],
      headers,
      ...(typeof options.body === 'string' && { encodedBody: options.body }),
    });
    let json: unknown;
    try {
      json = answer.text ? JSON.parse(answer.text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: answer.status, headers: answer.headers, body: answer.text, json };
  } catch (error) {
    throw toHttpError(error);
  }
};

/** A JSON POST whose upload progress is reported (apiUpload); errors as httpClient's. */
async function postWithProgress<T>(url: string, body: unknown, onProgress?: (fraction: number) => void): Promise<T> {
  try {
    return await apiUpload<T>(url, body, onProgress);
  } catch (error) {
    throw toHttpError(error);
  }
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
    getOverview: async () => (await httpClient(`${apiUrl}/overview`)).json as AdminOverview,
    getUserUsage: async (id) => (await httpClient(`${apiUrl}/users/${encodeURIComponent(id)}/usage`)).json as AdminUserUsage,
    getUserInvoices: async (id) => (await httpClient(`${apiUrl}/users/${encodeURIComponent(id)}/invoices`)).json as AdminInvoice[],
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
    uploadTzdbReleaseForReview: (release, onProgress) => postWithProgress<TzReleaseReview>(`${apiUrl}/tzdb/uploads`, { release }, onProgress),
    getTzdbReview: async (id) => (await httpClient(`${apiUrl}/tzdb/releases/${encodeURIComponent(id)}/review`)).json as TzReleaseReview,
    getTzdbAudience: async (id) => (await httpClient(`${apiUrl}/tzdb/releases/${encodeURIComponent(id)}/audience`)).json as TzReleaseAudience,
    discardTzdbRelease: async (id) => (await httpClient(`${apiUrl}/tzdb/releases/${encodeURIComponent(id)}`, { method: 'DELETE' })).json as { version: string },
    getJobQueues: async () => (await httpClient(`${apiUrl}/job-queues`)).json as JobQueueCounts[],
    retryJob: (id) => post<AdminJob>(`/jobs/${encodeURIComponent(id)}/retry`),
    discardJob: (id) => post<AdminJob>(`/jobs/${encodeURIComponent(id)}/discard`),
    checkTzdbFeed: async () => (await post<TzFeedCheck>('/tzdb/feed/check')).data,
    getUserWebhooks: async (id) => (await httpClient(`${apiUrl}/users/${encodeURIComponent(id)}/webhooks`)).json as AdminWebhookEndpoint[],
    getFailingWebhooks: async () => (await httpClient(`${apiUrl}/webhook-endpoints/failing`)).json as FailingWebhookEndpoint[],
    getUserChangeNotices: async (id) => (await httpClient(`${apiUrl}/users/${encodeURIComponent(id)}/change-notices`)).json as AdminChangeNotice[],
    // A job is "deleted" by discarding it (audited), so react-admin's undoable delete gives Discard its Undo.
    delete: async (resource, params) =>
      (resource === 'jobs' ? post(`/jobs/${encodeURIComponent(String(params.id))}/discard`) : base.delete(resource, params)) as never,
  };
}
