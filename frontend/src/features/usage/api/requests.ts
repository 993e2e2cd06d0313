import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { apiFetch } from '../../../lib/api';

export type RequestLogItem = Models['RequestLogItemView'];
export type RequestLogPage = Models['RequestLogPageView'];
export type RequestDetail = Models['RequestDetailView'];
export type RequestStats = Models['RequestStatsView'];

/** The Requests page's time ranges; `custom` takes two instants the viewer picks in their own zone. */
export const requestRanges = [
  { id: '1h', label: 'Last hour', hours: 1 },
  { id: '24h', label: 'Last 24 hours', hours: 24 },
  { id: '7d', label: 'Last 7 days', hours: 7 * 24 },
  { id: '30d', label: 'Last 30 days', hours: 30 * 24 },
  { id: 'all', label: 'All (12 months)', hours: null },
  { id: 'custom', label: 'Custom range', hours: null },
] as const;
export type RequestRangeId = (typeof requestRanges)[number]['id'];

/** Status filters: a class or the exact statuses people look for. */
export const statusFilters = ['2xx', '3xx', '4xx', '5xx', '400', '401', '403', '404', '429', '500'] as const;

export interface RequestFilter {
  /** ISO instants; null leaves that end open (the server's retention start, now). */
  from: string | null;
  to: string | null;
  keyId: string | null;
  endpoint: string | null;
  status: string | null;
  requestId: string | null;
}

export const requestsRootKey = ['usage', 'requests'] as const;

export function requestLogParams(filter: RequestFilter, cursor: string | null, limit = 50): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit) });
  for (const name of ['from', 'to', 'keyId', 'endpoint', 'status', 'requestId'] as const) {
    const value = filter[name];
    if (value) params.set(name, value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** One page of the log; `cursor` is the nextCursor of the page before (null for the newest). */
export function useRequestLog(filter: RequestFilter, cursor: string | null, live: boolean) {
  return useQuery({
    queryKey: [...requestsRootKey, 'page', filter, cursor],
    queryFn: () => apiFetch<RequestLogPage>(`/api/usage/requests?${requestLogParams(filter, cursor)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Live refresh re-reads the newest page only: an older page does not move under the reader.
    refetchInterval: live && !cursor ? 10_000 : false,
  });
}

export function useRequestDetail(id: string | null) {
  return useQuery({
    queryKey: [...requestsRootKey, 'detail', id],
    queryFn: () => apiFetch<RequestDetail>(`/api/usage/requests/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}

/** Percentiles and status series (Premium and Enterprise: the caller checks hasAdvancedAnalytics first). */
export function useRequestStats(
  range: { from: string; to: string; keyId: string | null; endpoint: string | null; timeZone: string },
  enabled: boolean,
  live: boolean,
) {
  // Buckets are the display zone's own hours and days (a half-hour zone's hours start at :30 UTC).
  const params = new URLSearchParams({ from: range.from, to: range.to, tz: range.timeZone });
  if (range.keyId) params.set('keyId', range.keyId);
  if (range.endpoint) params.set('endpoint', range.endpoint);
  return useQuery({
    queryKey: [...requestsRootKey, 'stats', range],
    queryFn: () => apiFetch<RequestStats>(`/api/usage/requests/stats?${params}`),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: live ? 10_000 : false,
  });
}
