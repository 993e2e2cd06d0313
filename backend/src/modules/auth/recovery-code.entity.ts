import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';

/** A one-time recovery code for two-factor sign-in; only its keyed hash (HMAC-SHA256 with APP_SECRET) is stored. */
@Entity({ tableName: 'recovery_codes' })
export class RecoveryCode {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  user!: User;

  @Property({ type: 'string', length: 64, fieldName: 'code_hash', hidden: true })
  codeHash!: string;

  @Property({ type: 'datetime', nullable: true, fieldName: 'used_at' })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
