import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api';

import type { Plan, PlanId } from '@tzapi/shared/plans';
import type { SiteConfig } from '@tzapi/shared/site';

export type { PlanId };
export type PlanQuota = NonNullable<Plan['quota']>;
/** A plan as the site reads it from GET /api/config: the one plans table (@tzapi/shared/plans), less its rank. */
export type PublicPlan = Omit<Plan, 'rank'>;
/** GET /api/config as the site reads it: the server's own type (@tzapi/shared/site), never typed twice. */
export type PublicConfig = Omit<SiteConfig, 'plans'> & { plans: PublicPlan[] };

export const publicConfigQueryKey = ['public-config'] as const;

export function fetchPublicConfig() {
  // The one untyped path: GET /api/config is left out of the OpenAPI document (@ApiExcludeController), see apiFetch.
  return apiFetch<PublicConfig>('/api/config');
}

export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: fetchPublicConfig });
}

export function formatPrice(plan: Pick<PublicPlan, 'priceMonthly' | 'currency'>): string {
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: (plan.currency || 'usd').toUpperCase(),
    minimumFractionDigits: Number.isInteger(plan.priceMonthly) ? 0 : 2,
  }).format(plan.priceMonthly);
  return amount;
}

/** The plan's request allowance in words: its quota label, else "Unlimited requests". */
export function quotaText(plan: PublicPlan): string {
  return plan.quota ? plan.quota.label : 'Unlimited requests';
}

export function slaText(plan: PublicPlan): string {
  return plan.sla ? `${plan.sla}% uptime SLA` : 'No uptime guarantee';
}

/** The host code samples name: the server's APP_URL once known, else this page's origin. */
export function useApiOrigin(): string {
  const { data } = usePublicConfig();
  return data?.appUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
}
