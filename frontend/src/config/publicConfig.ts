import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api';

export type PlanId = 'free' | 'premium' | 'enterprise';

export interface PlanQuota {
  limit: number;
  windowSeconds: number;
  label: string;
}

export interface PublicPlan {
  id: PlanId;
  name: string;
  priceMonthly: number;
  currency: string;
  quota: PlanQuota | null;
  burstPerSecond: number | null;
  sla: string | null;
  slaMonthlyDowntimeMinutes: number | null;
  features: string[];
  highlighted: boolean;
}

/** GET /api/config: the one plans table and a few live figures, never typed twice. */
export interface PublicConfig {
  appName: string;
  /** The server's APP_URL: the host code samples name. */
  appUrl: string;
  /** SUPPORT_EMAIL: the contact address customers see. */
  supportEmail: string;
  year: number;
  plans: PublicPlan[];
  billing: { mode: 'sandbox' | 'stripe'; publishableKey: string | null };
  oidc: { enabled: boolean };
  tzdbVersion: string;
  zoneCount: number;
  countryCount: number;
  endpointCount: number;
}

export const publicConfigQueryKey = ['public-config'] as const;

export function fetchPublicConfig() {
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
