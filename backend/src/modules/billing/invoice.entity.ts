import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { PlanId } from '../../config/plans.js';
import { User } from '../accounts/user.entity.js';

/** `void`: a first invoice whose payment was abandoned (3-D Secure failed, then another card paid); never shown as a bill. */
export type InvoiceStatus = 'paid' | 'pending' | 'failed' | 'void';

/** One billing history row: a provider invoice (first payment, renewal, proration). */
@Entity({ tableName: 'invoices' })
export class Invoice {
  [OptionalProps]?: 'paidAt' | 'createdAt' | 'providerSubscriptionId' | 'number' | 'plan' | 'periodStart' | 'periodEnd' | 'hostedInvoiceUrl';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: User;

  @Property({ type: 'string', unique: true, fieldName: 'provider_invoice_id' })
  providerInvoiceId!: string;

  @Property({ type: 'string', nullable: true, fieldName: 'provider_subscription_id' })
  providerSubscriptionId: string | null = null;

  @Property({ type: 'text' })
  description!: string;

  /** Major units as PostgreSQL numeric, read back as a string ('5.00'). */
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount!: string;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Enum({ items: ['paid', 'pending', 'failed', 'void'], type: 'string' })
  status!: InvoiceStatus;

  @Property({ type: 'datetime', nullable: true, fieldName: 'paid_at' })
  paidAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  /** The provider's invoice number when it has one (Stripe); receipts fall back to the provider id. */
  @Property({ type: 'string', length: 64, nullable: true })
  number: string | null = null;

  @Property({ type: 'string', length: 16, nullable: true })
  plan: PlanId | null = null;

  @Property({ type: 'datetime', nullable: true, fieldName: 'period_start' })
  periodStart: Date | null = null;

  @Property({ type: 'datetime', nullable: true, fieldName: 'period_end' })
  periodEnd: Date | null = null;

  /** Stripe's hosted invoice page, linked instead of our own PDF when there is one. */
  @Property({ type: 'text', nullable: true, fieldName: 'hosted_invoice_url' })
  hostedInvoiceUrl: string | null = null;
}

export interface InvoiceView {
  id: string;
  description: string;
  amount: string;
  currency: string;
  status: Exclude<InvoiceStatus, 'void'>;
  paidAt: string | null;
  createdAt: string;
  number: string;
  plan: PlanId | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** Where the receipt is: Stripe's hosted invoice when there is one, else our PDF; null until the invoice is paid. */
  receiptUrl: string | null;
}

/** The number a receipt prints: the provider's invoice number, else the provider's invoice id. */
export function invoiceNumber(i: Invoice): string {
  return i.number ?? i.providerInvoiceId;
}

export function toInvoiceView(i: Invoice): InvoiceView {
  return {
    id: i.id,
    description: i.description,
    amount: Number(i.amount).toFixed(2),
    currency: i.currency,
    // Listings leave void invoices out; shown alone (a receipt link), one reads as failed.
    status: i.status === 'void' ? 'failed' : i.status,
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    number: invoiceNumber(i),
    plan: i.plan,
    periodStart: i.periodStart?.toISOString() ?? null,
    periodEnd: i.periodEnd?.toISOString() ?? null,
    receiptUrl: i.status !== 'paid' ? null : (i.hostedInvoiceUrl ?? `/api/billing/invoices/${i.id}/receipt.pdf`),
  };
}
