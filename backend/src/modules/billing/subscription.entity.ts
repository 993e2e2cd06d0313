import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PlanId } from '../../config/plans.js';
import { User } from '../accounts/user.entity.js';

export type BillingProvider = 'stripe' | 'sandbox';

/** Our copy of one provider subscription; the provider (Stripe or the sandbox) stays the source of truth. */
@Entity({ tableName: 'subscriptions' })
export class Subscription {
  [OptionalProps]?: 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: User;

  @Enum({ items: ['stripe', 'sandbox'], type: 'string' })
  provider!: BillingProvider;

  @Property({ type: 'string', unique: true, fieldName: 'provider_subscription_id' })
  providerSubscriptionId!: string;

  @Property({ type: 'string', fieldName: 'provider_customer_id' })
  providerCustomerId!: string;

  @Enum({ items: ['free', 'premium', 'enterprise'], type: 'string' })
  plan!: PlanId;

  /** The provider's status word: active, incomplete, past_due, canceled, ... */
  @Property({ type: 'string' })
  status!: string;

  @Property({ type: 'datetime', nullable: true, fieldName: 'current_period_start' })
  currentPeriodStart: Date | null = null;

  @Property({ type: 'datetime', nullable: true, fieldName: 'current_period_end' })
  currentPeriodEnd: Date | null = null;

  @Property({ type: 'boolean', fieldName: 'cancel_at_period_end' })
  cancelAtPeriodEnd: boolean = false;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

export interface SubscriptionView {
  id: string;
  status: string;
  plan: PlanId;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  stripeSubscriptionId: string;
}

export function toSubscriptionView(s: Subscription): SubscriptionView {
  return {
    id: s.id,
    status: s.status,
    plan: s.plan,
    currentPeriodStart: s.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    stripeSubscriptionId: s.providerSubscriptionId,
  };
}
