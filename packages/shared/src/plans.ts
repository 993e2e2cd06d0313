/** The one table of plans: prices, quotas, burst guards and SLA. API, UI (through /api/config) and docs read it. */
export type PlanId = 'free' | 'premium' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  priceMonthly: number;
  currency: 'usd';
  /** Requests per rolling window per account, all keys and routes together; null means unlimited. */
  quota: { limit: number; windowSeconds: number; label: string } | null;
  /** Fair-use guard for unlimited plans, requests per second per account. */
  burstPerSecond: number | null;
  sla: string | null;
  slaMonthlyDowntimeMinutes: number | null;
  features: string[];
  highlighted: boolean;
  rank: number;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    priceMonthly: 0,
    currency: 'usd',
    quota: { limit: 100, windowSeconds: 3600, label: '100 requests per hour' },
    burstPerSecond: null,
    sla: null,
    slaMonthlyDowntimeMinutes: null,
    // Keys of every plan can be restricted by IP, CIDR range and domain (KeyRestrictionChecker enforces them for all).
    features: [
      '100 requests per hour',
      'All endpoints',
      'MCP server for AI assistants',
      'JSON, XML and CSV',
      'IP and domain restrictions',
      'Community support',
      'No credit card needed',
    ],
    highlighted: false,
    rank: 0,
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    priceMonthly: 5,
    currency: 'usd',
    quota: null,
    burstPerSecond: 50,
    sla: '99.9',
    slaMonthlyDowntimeMinutes: 43.8,
    features: ['Unlimited requests', 'Priority support', 'Advanced analytics', '99.9% uptime SLA'],
    highlighted: true,
    rank: 1,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceMonthly: 50,
    currency: 'usd',
    quota: null,
    burstPerSecond: 200,
    sla: '99.95',
    slaMonthlyDowntimeMinutes: 21.9,
    features: ['Unlimited requests', 'Dedicated support', '99.95% uptime SLA', 'Custom integrations', 'Webhooks', 'Annual billing and ACH via sales'],
    highlighted: false,
    rank: 2,
  },
};

export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

/** A plan's place in the order free < premium < enterprise (a downgrade goes to a lower rank); unknown ids rank as free. */
export function planRank(plan: string | null | undefined): number {
  return isPlanId(plan) ? PLANS[plan].rank : PLANS.free.rank;
}

/** A plan's display name ('Premium'); no plan is the free one, an unknown id reads as itself. */
export function planName(plan: string | null | undefined): string {
  if (!plan) return PLANS.free.name;
  return isPlanId(plan) ? PLANS[plan].name : plan;
}

/**
 * Bounds of a negotiated limit. Both limiters are sliding logs holding one entry per request in the window (the
 * hourly quota in Redis, the burst guard in memory), so an account's limit is also its memory: beyond these, a
 * contract wants no hourly quota (null on a paid plan) rather than a bigger one.
 */
export const CUSTOM_LIMIT_BOUNDS = { hourlyQuota: { min: 0, max: 100_000 }, burstPerSecond: { min: 0, max: 10_000 } } as const;

/** An account's negotiated limits; null keeps the plan's default. */
export interface CustomLimits {
  hourlyQuota: number | null;
  burstPerSecond: number | null;
}

/** The limits an account runs under: the plan's, overridden by its negotiated ones. null means none of that kind. */
export interface EffectiveLimits {
  hourlyQuota: number | null;
  burstPerSecond: number | null;
  /** At least one limit is negotiated rather than the plan's. */
  custom: boolean;
}

export const NO_CUSTOM_LIMITS: CustomLimits = { hourlyQuota: null, burstPerSecond: null };

export function effectiveLimits(plan: PlanId, custom: CustomLimits = NO_CUSTOM_LIMITS): EffectiveLimits {
  const spec = PLANS[plan] ?? PLANS.free;
  return {
    hourlyQuota: custom.hourlyQuota ?? spec.quota?.limit ?? null,
    burstPerSecond: custom.burstPerSecond ?? spec.burstPerSecond,
    custom: custom.hourlyQuota !== null || custom.burstPerSecond !== null,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The limits an account runs under, in words, the same on the dashboard, in mails and in the console:
 * '5 requests per hour, up to 200 per second', 'unlimited requests, up to 50 per second'.
 */
export function limitsInWords(limits: Pick<EffectiveLimits, 'hourlyQuota' | 'burstPerSecond'>): string {
  const hour = limits.hourlyQuota === null ? 'unlimited requests' : `${count(limits.hourlyQuota)} request${limits.hourlyQuota === 1 ? '' : 's'} per hour`;
  return limits.burstPerSecond === null ? hour : `${hour}, up to ${count(limits.burstPerSecond)} per second`;
}

/** Negotiated limits in short, as the audit log shows them: '5 requests/hour, 200/second'; null is the plan's default. */
export function customLimitsInShort(custom: CustomLimits): string {
  if (custom.hourlyQuota === null && custom.burstPerSecond === null) return 'plan default';
  const hour = custom.hourlyQuota === null ? 'plan default/hour' : `${count(custom.hourlyQuota)} request${custom.hourlyQuota === 1 ? '' : 's'}/hour`;
  const second = custom.burstPerSecond === null ? 'plan default/second' : `${count(custom.burstPerSecond)}/second`;
  return `${hour}, ${second}`;
}

/**
 * "Advanced analytics", a Premium feature that every higher plan keeps: the request log's latency percentiles
 * (p50/p95/p99) and its status-stacked series. The request log itself (every request of the retention window,
 * filters, search, detail) is every plan's; retention is the same for all plans (the privacy policy's 12 months).
 */
export function hasAdvancedAnalytics(plan: string | null | undefined): boolean {
  return planRank(plan) >= PLANS.premium.rank;
}
