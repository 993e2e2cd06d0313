import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A provider webhook event, stored once: the unique event id is what makes delivery idempotent. */
@Entity({ tableName: 'billing_events' })
export class BillingEvent {
  [OptionalProps]?: 'receivedAt' | 'objectId' | 'outcome';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', unique: true, fieldName: 'provider_event_id' })
  providerEventId!: string;

  @Property({ type: 'string' })
  type!: string;

  @Property({ type: 'string', nullable: true, fieldName: 'object_id' })
  objectId: string | null = null;

  /** applied | ignored | unknown_subscription */
  @Property({ type: 'string' })
  outcome: string = 'applied';

  @Property({ type: 'datetime', fieldName: 'received_at' })
  receivedAt: Date = new Date();
}
