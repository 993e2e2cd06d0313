import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';

export const SUPPORT_CATEGORIES = ['api-help', 'billing', 'technical', 'feature', 'partnership', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_STATUSES = ['new', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** A message sent through the contact form; the admin console lists them. */
@Entity({ tableName: 'support_messages' })
export class SupportMessage {
  [OptionalProps]?: 'category' | 'user' | 'status' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'string', length: 320 })
  email!: string;

  @Enum({ items: [...SUPPORT_CATEGORIES], type: 'string' })
  category: SupportCategory = 'other';

  @Property({ type: 'string', length: 200 })
  subject!: string;

  @Property({ type: 'text' })
  message!: string;

  /** The signed-in account that sent it, if any. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'user_id' })
  @Index()
  user: User | null = null;

  @Enum({ items: [...SUPPORT_STATUSES], type: 'string' })
  status: SupportStatus = 'new';

  @Property({ type: 'datetime', fieldName: 'created_at' })
  @Index()
  createdAt: Date = new Date();
}

export interface SupportMessageView {
  id: string;
  name: string;
  email: string;
  category: SupportCategory;
  subject: string;
  message: string;
  userId: string | null;
  status: SupportStatus;
  createdAt: string;
}

export function toSupportMessageView(m: SupportMessage): SupportMessageView {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    category: m.category,
    subject: m.subject,
    message: m.message,
    userId: m.user?.id ?? null,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  };
}
