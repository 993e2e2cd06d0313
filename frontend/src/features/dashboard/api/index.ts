import { useQuery } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';
import { dashboardStatsQueryKey } from '../../../lib/query-keys';
import { useDisplayZone } from '../../../lib/time';

export type DashboardStats = Models['DashboardStatsView'];

/** `tz`: the display zone, whose day "today" is. */
export function fetchDashboardStats(tz = 'UTC') {
  return api.get('/api/dashboard/stats', { params: { query: { tz } } });
}

/** How often the dashboard asks again while the Quick Start waits for the first call. */
export const FIRST_CALL_POLL_MS = 3000;

/** The Quick Start's "first call received": the server metered one (or counted some, once the first row left retention). */
export function firstCallReceived(stats: DashboardStats): boolean {
  return Boolean(stats.firstRequestAt) || stats.totalRequests > 0;
}

/** Refetched on every visit: the numbers move while the user calls the API; polled until the first call arrives. */
export function useDashboardStats() {
  const { zone } = useDisplayZone();
  return useQuery({
    queryKey: [...dashboardStatsQueryKey, zone],
    queryFn: () => fetchDashboardStats(zone),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data && !firstCallReceived(query.state.data) ? FIRST_CALL_POLL_MS : false),
  });
}
