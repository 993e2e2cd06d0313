import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import type { Models } from '../lib/api-models';
import simpleRestProvider from 'ra-data-simple-rest';
import { denyAdminAccess } from './access';
import { api, ApiError, apiRequest, apiUpload, type ApiRequestOptions } from '../lib/api';
import { getOrganization, getOrganizations } from './organizations/organization-api';

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
  /** Signups per day of `tz` (last 30), paid accounts, MRR and the last 24 hours' error rate. */
  getOverview(tz: string): Promise<AdminOverview>;
  /** One user's requests per day of `tz`, the last 30 days. */
  getUserUsage(id: string, tz: string): Promise<AdminUserUsage>;
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

/**
 * react-admin's httpClient for ra-data-simple-rest, whose paths are built from resource names (so not typed by path):
 * the same client core as every typed call (lib/api.ts apiRequest), with the answer's headers for Content-Range.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = Object.fromEntries(new Headers(options.headers).entries());
  try {
    const answer = await apiRequest(url, {
      method: (options.method ?? 'GET') as ApiRequestOptions['method'],
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

/** A typed call of the console's own actions, its failure read as httpClient's (an HttpError). */
async function consoleCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toHttpError(error);
  }
}

const byId = (id: string | number) => ({ params: { path: { id: String(id) } } });
const asData = async <T>(answer: Promise<T>): Promise<{ data: T }> => ({ data: await answer });

/** GET a JSON answer through httpClient (its errors are react-admin's HttpError). */
const getJson = async (url: string) => (await httpClient(url)).json;

export function createAdminDataProvider(): AdminDataProvider {
  const base = simpleRestProvider(ADMIN_API, httpClient);
  const discardJob = (id: string | number) => asData(consoleCall(() => api.post('/api/admin/jobs/{id}/discard', byId(id))));
  return {
    ...base,
    getStats: () => consoleCall(() => api.get('/api/admin/stats')),
    getOverview: (tz) => consoleCall(() => api.get('/api/admin/overview', { params: { query: { tz } } })),
    getUserUsage: (id, tz) => consoleCall(() => api.get('/api/admin/users/{id}/usage', { params: { path: { id: String(id) }, query: { tz } } })),
    getUserInvoices: (id) => consoleCall(() => api.get('/api/admin/users/{id}/invoices', byId(id))),
    blockUser: (id) => asData(consoleCall(() => api.post('/api/admin/users/{id}/block', byId(id)))),
    unblockUser: (id) => asData(consoleCall(() => api.post('/api/admin/users/{id}/unblock', byId(id)))),
    changePlan: (id, plan) => asData(consoleCall(() => api.post('/api/admin/users/{id}/plan', { ...byId(id), body: { plan } }))),
    setLimits: (id, limits) => asData(consoleCall(() => api.put('/api/admin/users/{id}/limits', { ...byId(id), body: limits }))),
    rotateKey: (id) => asData(consoleCall(() => api.post('/api/admin/api-keys/{id}/rotate', byId(id)))),
    getTzdb: () => consoleCall(() => api.get('/api/admin/tzdb')),
    uploadTzdbRelease: (release, force, onProgress) => consoleCall(() => apiUpload('/api/admin/tzdb', { release, force }, onProgress)),
    activateTzdbRelease: (version, force) => consoleCall(() => api.post('/api/admin/tzdb/activate', { body: { version, force } })),
    // force: the DTO's default, spelled out (the generated UploadReleaseDto marks defaulted members required); a review ignores it.
    uploadTzdbReleaseForReview: (release, onProgress) => consoleCall(() => apiUpload('/api/admin/tzdb/uploads', { release, force: false }, onProgress)),
    getTzdbReview: (id) => consoleCall(() => api.get('/api/admin/tzdb/releases/{id}/review', byId(id))),
    getTzdbAudience: (id) => consoleCall(() => api.get('/api/admin/tzdb/releases/{id}/audience', byId(id))),
    discardTzdbRelease: (id) => consoleCall(() => api.delete('/api/admin/tzdb/releases/{id}', byId(id))),
    getJobQueues: () => consoleCall(() => api.get('/api/admin/job-queues')),
    retryJob: (id) => asData(consoleCall(() => api.post('/api/admin/jobs/{id}/retry', byId(id)))),
    discardJob,
    checkTzdbFeed: () => consoleCall(() => api.post('/api/admin/tzdb/feed/check')),
    getUserWebhooks: (id) => consoleCall(() => api.get('/api/admin/users/{id}/webhooks', byId(id))),
    getFailingWebhooks: () => consoleCall(() => api.get('/api/admin/webhook-endpoints/failing')),
    getUserChangeNotices: (id) => consoleCall(() => api.get('/api/admin/users/{id}/change-notices', byId(id))),
    // Organisations answer { items, total } to search/page/pageSize (docs/organisations.md), not Content-Range.
    getList: (resource, params) => (resource === 'organizations' ? getOrganizations(getJson, params) : base.getList(resource, params)) as never,
    getOne: (resource, params) => (resource === 'organizations' ? getOrganization(getJson, params) : base.getOne(resource, params)) as never,
    // A job is "deleted" by discarding it (audited), so react-admin's undoable delete gives Discard its Undo.
    delete: async (resource, params) => (resource === 'jobs' ? discardJob(params.id) : base.delete(resource, params)) as never,
  };
}
