import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
@Entity({ tableName: 'sessions' })
export class Session {
  [OptionalProps]?: 'createdAt' | 'lastSeenAt' | 'ipAddress' | 'userAgent' | 'orgId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 64, unique: true, fieldName: 'token_hash', hidden: true })
  tokenHash!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: User;

  /** The organisation the account area acts on (issue 51); null: the person's personal organisation. */
  @Property({ type: 'uuid', nullable: true, fieldName: 'org_id' })
  orgId: string | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'last_seen_at' })
  lastSeenAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'expires_at' })
  expiresAt!: Date;

  @Property({ type: 'string', length: 64, nullable: true, fieldName: 'ip_address' })
  ipAddress: string | null = null;

  @Property({ type: 'string', length: 512, nullable: true, fieldName: 'user_agent' })
  userAgent: string | null = null;
}
