import type { PlanId } from '../../config/plans.js';

/** How a console plan change was applied: a grant (no paid subscription), through the subscription, or its cancellation. */
export type PlanChangeVia = 'grant' | 'subscription' | 'cancellation';

/**
 * What accounts asks of billing, provided by the billing module under ACCOUNT_BILLING: accounts does not import
 * billing, billing implements this port and calls accounts' commands to move a plan.
 */
export interface AccountBilling {
  /** A subscription the provider says is paid for the current period. */
  hasPaidSubscription(userId: string): Promise<boolean>;
  /**
   * A console plan change under billing's per-user lock: a paying subscriber's goes through the provider (prorated;
   * free cancels at once); without a paid subscription `grant` runs (under the same lock).
   */
  changeSubscribedPlan(userId: string, plan: PlanId, grant: () => Promise<void>): Promise<PlanChangeVia>;
}

export const ACCOUNT_BILLING = Symbol('AccountBilling');
