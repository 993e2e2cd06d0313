import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../auth/user.entity.js';

export type InvoiceStatus = 'paid' | 'pending' | 'failed';

/** One billing history row: a provider invoice (first payment, renewal, proration). */
@Entity({ tableName: 'invoices' })
export class Invoice {
  [OptionalProps]?: 'paidAt' | 'createdAt' | 'providerSubscriptionId';

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

  @Enum({ items: ['paid', 'pending', 'failed'], type: 'string' })
  status!: InvoiceStatus;

  @Property({ type: 'datetime', nullable: true, fieldName: 'paid_at' })
  paidAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();
}

export interface InvoiceView {
  id: string;
  description: string;
  amount: string;
  currency: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
}

export function toInvoiceView(i: Invoice): InvoiceView {
  return {
    id: i.id,
    description: i.description,
    amount: Number(i.amount).toFixed(2),
    currency: i.currency,
    status: i.status,
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}
