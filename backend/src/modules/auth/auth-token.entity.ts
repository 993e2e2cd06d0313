import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';

export type AuthTokenPurpose = 'verify_email' | 'reset_password';

/** A single-use link token (e-mail verification, password reset). The mail carries the token; only its SHA-256 is stored. */
@Entity({ tableName: 'auth_tokens' })
export class AuthToken {
  [OptionalProps]?: 'createdAt' | 'usedAt' | 'email';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 64, unique: true, fieldName: 'token_hash', hidden: true })
  tokenHash!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: User;

  @Enum({ items: ['verify_email', 'reset_password'], type: 'string' })
  purpose!: AuthTokenPurpose;

  /** For verify_email: the address the link confirms (a later profile change makes the old link useless). */
  @Property({ type: 'string', length: 320, nullable: true })
  email: string | null = null;

  @Property({ type: 'datetime', fieldName: 'expires_at' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true, fieldName: 'used_at' })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
