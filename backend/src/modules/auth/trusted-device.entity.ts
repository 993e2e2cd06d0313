import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';

/**
 * A browser that signed in to an account before. Its HttpOnly cookie holds a random token (only the SHA-256 is
 * stored); the token exempts that browser from the per-e-mail sign-in ceiling, so a distributed attack on an
 * address can't lock its owner out.
 */
@Entity({ tableName: 'trusted_devices' })
export class TrustedDevice {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: User;

  @Property({ type: 'string', length: 64, unique: true, fieldName: 'token_hash', hidden: true })
  tokenHash!: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'last_used_at' })
  lastUsedAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'expires_at' })
  expiresAt!: Date;
}
