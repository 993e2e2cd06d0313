import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export type ChangeNotice = Models['ChangeNoticeResponse'];
export const changeNoticesQueryKey = ['dashboard', 'change-notices'] as const;

/** Releases that changed zones the account used (the overview's banners), until dismissed. */
export function useChangeNotices() {
  return useQuery({
    queryKey: changeNoticesQueryKey,
    queryFn: async () => (await apiFetch<Models['ChangeNoticesResponse']>('/api/change-notices')).notices,
  });
}

export function useDismissChangeNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/change-notices/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeNoticesQueryKey }),
  });
}
