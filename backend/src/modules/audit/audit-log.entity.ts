import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  'user.plan_change',
  'user.limits_change',
  'user.close',
  'api_key.rotate',
  'tzdb.load',
  'tzdb.activate',
  'tzdb.feed_check',
  'tzdb.feed_download',
  'tzdb.feed_refuse',
  'tzdb.feed_wait',
  'tzdb.feed_activate',
  'tzdb.upload',
  'tzdb.discard',
  'job.retry',
  'job.discard',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['user', 'api_key', 'tz_release', 'job'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * One admin action: who did what to which record, with the state before and after.
 * The actor's e-mail is copied so the row still reads correctly after the actor account is deleted.
 */
@Entity({ tableName: 'audit_log' })
export class AuditLogEntry {
  [OptionalProps]?: 'createdAt' | 'ipAddress' | 'before' | 'after' | 'actorId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid', nullable: true, fieldName: 'actor_id' })
  actorId: string | null = null;

  @Property({ type: 'string', length: 320, fieldName: 'actor_email' })
  actorEmail!: string;

  @Property({ type: 'string', length: 64 })
  action!: AuditAction;

  @Property({ type: 'string', length: 32, fieldName: 'target_type' })
  targetType!: AuditTargetType;

  @Property({ type: 'string', length: 64, fieldName: 'target_id' })
  targetId!: string;

  @Property({ type: 'json', nullable: true })
  before: Record<string, unknown> | null = null;

  @Property({ type: 'json', nullable: true })
  after: Record<string, unknown> | null = null;

  @Property({ type: 'string', length: 64, nullable: true, fieldName: 'ip_address' })
  ipAddress: string | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
