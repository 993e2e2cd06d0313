import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export interface UsageRecord {
  id: string;
  endpoint: string;
  method: string;
  statusCode: number;
  responseTime: number;
  ipAddress: string;
  timestamp: string;
  keyId: string | null;
  keyName: string | null;
}

export interface UsageSummary {
  range: { start: string; end: string };
  totalRequests: number;
  successRate: number;
  averageResponseTime: number;
  todayRequests: number;
  perDay: { date: string; count: number }[];
  statusCodes: { statusCode: number; count: number }[];
  topEndpoints: { endpoint: string; count: number }[];
  recent: UsageRecord[];
  endpoints: string[];
}

/** The ranges of the Usage page, in days (spec section 9). */
export const usageRanges = [
  { days: 1, label: 'Last Day' },
  { days: 7, label: 'Last 7 Days' },
  { days: 30, label: 'Last 30 Days' },
  { days: 90, label: 'Last 90 Days' },
] as const;

export const DEFAULT_RANGE_DAYS = 7;

export interface UsageFilter {
  days: number;
  endpoint: string | null;
}

export const usageSummaryQueryKey = (filter?: UsageFilter) =>
  filter ? (['usage', 'summary', filter.days, filter.endpoint ?? ''] as const) : (['usage', 'summary'] as const);

export function fetchUsageSummary({ days, endpoint }: UsageFilter, now = new Date()) {
  const params = new URLSearchParams({
    startDate: new Date(now.getTime() - days * 86_400_000).toISOString(),
    endDate: now.toISOString(),
  });
  if (endpoint) params.set('endpoint', endpoint);
  return apiFetch<UsageSummary>(`/api/usage/summary?${params}`);
}

/** Refetched on every visit so calls made meanwhile show up. */
export function useUsageSummary(filter: UsageFilter) {
  return useQuery({
    queryKey: usageSummaryQueryKey(filter),
    queryFn: () => fetchUsageSummary(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
