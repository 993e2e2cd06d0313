import type { PlanId } from '../../config/plans.js';
import type { UnitOfWork } from './users.repository.js';

/**
 * Where a committed plan change is announced to the account's own systems, provided by the webhooks module under
 * PLAN_CHANGE_EVENTS (its WebhooksService): accounts stays at the bottom and imports no webhooks.
 */
export interface PlanChangeEvents {
  /** The 'plan.changed' event, enqueued in `em`'s transaction; an account leaving Enterprise still hears of it. */
  emit(
    userId: string,
    type: 'plan.changed',
    data: { from: PlanId; to: PlanId; granted: boolean },
    options: { em: UnitOfWork; wasEnterprise: boolean },
  ): Promise<number>;
}

export const PLAN_CHANGE_EVENTS = Symbol('PlanChangeEvents');
