import { randomBytes } from 'node:crypto';
import type { PlanId } from '../../config/plans.js';
import type { ProviderInvoice, ProviderSubscription } from './payment-gateway.js';
import type { CardBehaviour } from './sandbox-cards.js';
import type { SandboxObject } from './sandbox-object.entity.js';

/** The sandbox provider's objects as it stores them (the `data` of sandbox_billing_objects), and as billing reads them. */

export interface PaymentMethodData {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  behaviour: CardBehaviour;
  customerId: string | null;
  /** A card that once passed 3-D Secure is trusted for later off-session charges (like Stripe's 3155). */
  authenticated?: boolean;
}

export interface SubscriptionData {
  plan: PlanId;
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  paymentMethodId: string;
  idempotencyKey?: string;
  pendingPlan?: PlanId | null;
}

export interface InvoiceData {
  subscriptionId: string | null;
  description: string;
  amountCents: number;
  currency: string;
  status: 'paid' | 'pending' | 'failed' | 'void';
  paidAt: string | null;
  billingReason: string;
  /** For an invoice that changes the plan once paid. */
  planOnPayment?: PlanId;
  /** The plan and the service period the invoice charges for (older sandbox invoices lack them). */
  plan?: PlanId;
  periodStart?: string;
  periodEnd?: string;
}

export interface PaymentIntentData {
  invoiceId: string;
  clientSecret: string;
  status: 'requires_action' | 'succeeded';
  paymentMethodId: string;
}

export interface SandboxPaymentMethodView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export function sandboxId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}

export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function subscriptionView(obj: SandboxObject): ProviderSubscription {
  const data = obj.data as unknown as SubscriptionData;
  return {
    id: obj.id,
    customerId: obj.customerId!,
    plan: data.plan,
    status: data.status,
    currentPeriodStart: new Date(data.currentPeriodStart),
    currentPeriodEnd: new Date(data.currentPeriodEnd),
    cancelAtPeriodEnd: data.cancelAtPeriodEnd,
    itemId: `si_${obj.id}`,
    hasPendingUpdate: Boolean(data.pendingPlan),
  };
}

export function invoiceView(obj: SandboxObject): ProviderInvoice {
  const data = obj.data as unknown as InvoiceData;
  return {
    id: obj.id,
    customerId: obj.customerId!,
    subscriptionId: data.subscriptionId,
    description: data.description,
    amountCents: data.amountCents,
    currency: data.currency,
    status: data.status,
    paidAt: data.paidAt ? new Date(data.paidAt) : null,
    createdAt: obj.createdAt,
    billingReason: data.billingReason,
    number: null,
    plan: data.plan ?? data.planOnPayment ?? null,
    periodStart: data.periodStart ? new Date(data.periodStart) : null,
    periodEnd: data.periodEnd ? new Date(data.periodEnd) : null,
    hostedInvoiceUrl: null,
  };
}
