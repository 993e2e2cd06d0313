import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';

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

/** A filter's set members as the log's query (an empty or null one is left out). */
export function requestLogQuery(filter: RequestFilter, cursor: string | null, limit = 50) {
  const set = (value: string | null) => value || undefined;
  const { from, to, keyId, endpoint, status, requestId } = filter;
  return {
    limit,
    from: set(from),
    to: set(to),
    keyId: set(keyId),
    endpoint: set(endpoint),
    status: set(status),
    requestId: set(requestId),
    cursor: set(cursor),
  };
}

/** One page of the log; `cursor` is the nextCursor of the page before (null for the newest). */
export function useRequestLog(filter: RequestFilter, cursor: string | null, live: boolean) {
  return useQuery({
    queryKey: [...requestsRootKey, 'page', filter, cursor],
    queryFn: () => api.get('/api/usage/requests', { params: { query: requestLogQuery(filter, cursor) } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Live refresh re-reads the newest page only: an older page does not move under the reader.
    refetchInterval: live && !cursor ? 10_000 : false,
  });
}

export function useRequestDetail(id: string | null) {
  return useQuery({
    queryKey: [...requestsRootKey, 'detail', id],
    queryFn: () => api.get('/api/usage/requests/{id}', { params: { path: { id: id! } } }),
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
  const query = { from: range.from, to: range.to, tz: range.timeZone, keyId: range.keyId || undefined, endpoint: range.endpoint || undefined };
  return useQuery({
    queryKey: [...requestsRootKey, 'stats', range],
    queryFn: () => api.get('/api/usage/requests/stats', { params: { query } }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: live ? 10_000 : false,
  });
}
