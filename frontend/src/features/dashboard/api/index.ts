import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { UserPlan } from '../../auth/api';

export interface DashboardStats {
  plan: UserPlan;
  todayRequests: number;
  totalRequests: number;
  activeKeys: number;
  totalKeys: number;
  hourlyLimit: number | null;
  hourlyRemaining: number | null;
  hourlyResetSeconds: number | null;
}

export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;

export function fetchDashboardStats() {
  return apiFetch<DashboardStats>('/api/dashboard/stats');
}

/** Refetched on every visit: the numbers move while the user calls the API. */
export function useDashboardStats() {
  return useQuery({ queryKey: dashboardStatsQueryKey, queryFn: fetchDashboardStats, staleTime: 0, refetchOnMount: 'always' });
}
