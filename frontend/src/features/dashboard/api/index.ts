import { useQuery } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { apiFetch } from '../../../lib/api';
import { dashboardStatsQueryKey } from '../../../lib/query-keys';

export type DashboardStats = Models['DashboardStatsView'];

export function fetchDashboardStats() {
  return apiFetch<DashboardStats>('/api/dashboard/stats');
}

/** Refetched on every visit: the numbers move while the user calls the API. */
export function useDashboardStats() {
  return useQuery({ queryKey: dashboardStatsQueryKey, queryFn: fetchDashboardStats, staleTime: 0, refetchOnMount: 'always' });
}
