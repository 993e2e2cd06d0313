import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api';
import type { Models } from '../../../lib/api-models';

export type HealthReport = Models['HealthView'];

export const HEALTH_POLL_MS = 30_000;
export const healthQueryKey = ['health'] as const;

function isHealthReport(body: unknown): body is HealthReport {
  return !!body && typeof body === 'object' && typeof (body as { status?: unknown }).status === 'string' && 'services' in body;
}

export const statusApi = {
  /** /api/health answers 503 with the same report when a service is down: that report is the answer, not an error. */
  health: async (): Promise<HealthReport> => {
    try {
      return await api.get('/api/health');
    } catch (error) {
      if (isApiError(error) && isHealthReport(error.problem)) return error.problem;
      throw error;
    }
  },
};

/** The service's own checks, polled every 30 seconds. */
export function useHealth() {
  return useQuery({ queryKey: healthQueryKey, queryFn: statusApi.health, refetchInterval: HEALTH_POLL_MS, staleTime: 0 });
}
