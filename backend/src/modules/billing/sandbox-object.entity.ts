import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export type SandboxKind = 'customer' | 'payment_method' | 'subscription' | 'invoice' | 'payment_intent' | 'portal_session';

/** The sandbox gateway's own store (what Stripe would hold): kept in PostgreSQL so it works across restarts and instances. */
@Entity({ tableName: 'sandbox_billing_objects' })
@Index({ properties: ['kind', 'customerId'] })
export class SandboxObject {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'customerId';

  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  kind!: SandboxKind;

  @Property({ type: 'string', nullable: true, fieldName: 'customer_id' })
  customerId: string | null = null;

  @Property({ type: 'json' })
  data!: Record<string, unknown>;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
