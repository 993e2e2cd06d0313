import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api, apiHref } from '../../../lib/api';
import { usageSummaryRootKey } from '../../../lib/query-keys';
import { rangeStart } from '../../../lib/time';

export type UsageRecord = Models['UsageRecordView'];
export type UsageSummary = Models['UsageSummaryView'];

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
  /** The display zone: days are cut at its midnight. */
  tz?: string;
  endpoint: string | null;
  /** Only the requests of this key. */
  keyId?: string | null;
}

export const usageSummaryQueryKey = (filter: UsageFilter) =>
  [...usageSummaryRootKey, filter.days, filter.endpoint ?? '', filter.keyId ?? '', filter.tz ?? 'UTC'] as const;

/** The records a filter selects: from where the Requests page's same range starts (rangeStart: 24 hours back, or the first local midnight of N days) to now. */
function usageRange({ days, endpoint, keyId, tz }: UsageFilter, now: Date) {
  return {
    from: new Date(rangeStart(days, tz ?? 'UTC', now.getTime())).toISOString(),
    to: now.toISOString(),
    ...(endpoint && { endpoint }),
    ...(keyId && { keyId }),
  };
}

/** Counted exactly over the range and cut in the display zone's days, so the Usage and Requests pages read the same total. */
export function fetchUsageSummary(filter: UsageFilter, now = new Date()) {
  return api.get('/api/usage/summary', { params: { query: { ...usageRange(filter, now), tz: filter.tz ?? 'UTC', exact: true } } });
}

/** The CSV of every record the filter selects, streamed by the server (a download, not a fetch). */
export function usageCsvUrl(filter: UsageFilter, now = new Date()): string {
  return apiHref('/api/usage/export.csv', { params: { query: usageRange(filter, now) } });
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
