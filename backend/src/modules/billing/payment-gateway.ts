import type { PlanId } from '../../config/plans.js';
import type { BillingProvider } from './subscription.entity.js';

/** A subscription as the payment provider reports it (Stripe or the sandbox). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Derived from the price on the subscription's item; null when the price is not one of ours. */
  plan: PlanId | null;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The subscription item holding the plan's price (needed to swap prices). */
  itemId: string | null;
  /** Set when a price change waits for a payment (Stripe pending updates). */
  hasPendingUpdate: boolean;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  description: string;
  /** Minor units (cents). */
  amountCents: number;
  currency: string;
  status: 'paid' | 'pending' | 'failed' | 'void';
  paidAt: Date | null;
  createdAt: Date;
  /** subscription_create, subscription_cycle, subscription_update, ... */
  billingReason: string | null;
  /** The provider's invoice number, when it numbers invoices (Stripe). */
  number: string | null;
  /** The plan the invoice charges for, when the provider says. */
  plan: PlanId | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Stripe's hosted invoice page. */
  hostedInvoiceUrl: string | null;
}

export type PaymentOutcome = { kind: 'succeeded' } | { kind: 'requires_action'; clientSecret: string } | { kind: 'declined'; message: string };

export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the event's object (subscription, invoice, ...). */
  objectId: string | null;
  objectType: string | null;
}

/** A card the provider refused (decline, bad number); the message is shown to the user. */
export class CardDeclinedError extends Error {}

/** A signature that does not match or is too old. */
export class InvalidSignatureError extends Error {}

/** One interface, two implementations: Stripe when its keys are configured, the sandbox otherwise. */
export interface PaymentGateway {
  readonly provider: BillingProvider;
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** Attaches the card to the customer and makes it the default; throws CardDeclinedError. */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  createSubscription(input: {
    customerId: string;
    plan: PlanId;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<{ subscription: ProviderSubscription; payment: PaymentOutcome }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Drops an unpaid first attempt so it never bills later. */
  cancelIncomplete(id: string): Promise<void>;
  /** Drops a first attempt the customer walked away from (3-D Secure failed or abandoned): as cancelIncomplete, and its unpaid invoice is voided, so it is no bill. */
  abandonIncomplete(id: string): Promise<void>;
  /** Ends a paid subscription at once (no further invoices): an admin's change to free, or the account being closed. Answers it as it now is; null when the provider does not know it. */
  cancelNow(id: string): Promise<ProviderSubscription | null>;
  /** Swaps the plan's price with immediate proration, applied only if that invoice is paid. */
  changePlan(subscription: ProviderSubscription, plan: PlanId): Promise<{ subscription: ProviderSubscription; payment: PaymentOutcome }>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook body and signature header; throws InvalidSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export const PLAN_DESCRIPTIONS: Record<PlanId, string> = {
  free: 'Free plan',
  premium: 'Premium plan (monthly)',
  enterprise: 'Enterprise plan (monthly)',
};
