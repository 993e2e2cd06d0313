import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';
import { maskKey } from './key-codec.js';

/** An API key. Only its SHA-256 (look-up) and an AES-256-GCM copy (reveal) are stored, never the key itself. */
@Entity({ tableName: 'api_keys' })
@Index({ properties: ['createdAt'] })
@Index({ properties: ['name'] })
export class ApiKey {
  [OptionalProps]?: 'isActive' | 'ipRestrictions' | 'urlRestrictions' | 'createdAt' | 'updatedAt' | 'lastUsedAt' | 'idempotencyKey' | 'tzdbVersion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: User;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** 'tzk_live_' plus the first 4 random characters, shown in lists. */
  @Property({ type: 'string', length: 32 })
  prefix!: string;

  @Property({ type: 'string', length: 4, fieldName: 'last_four' })
  lastFour!: string;

  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  hash!: string;

  @Property({ type: 'text', hidden: true })
  encrypted!: string;

  @Property({ type: 'boolean', fieldName: 'is_active' })
  isActive: boolean = true;

  @Property({ type: 'string[]', columnType: 'text[]', fieldName: 'ip_restrictions' })
  ipRestrictions: string[] = [];

  @Property({ type: 'string[]', columnType: 'text[]', fieldName: 'url_restrictions' })
  urlRestrictions: string[] = [];

  /** The tz release the key's answers come from until its owner moves the pin; null: the active release. */
  @Property({ type: 'string', length: 16, nullable: true, fieldName: 'tzdb_version' })
  tzdbVersion: string | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** The creating form submission's Idempotency-Key: a second POST with it answers this key instead of making another. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true, fieldName: 'idempotency_key' })
  idempotencyKey?: string | null;

  @Property({ type: 'datetime', nullable: true, fieldName: 'last_used_at' })
  lastUsedAt: Date | null = null;
}

/** What the account API answers for a key: never the hash, the encrypted copy or the full key. */
export interface ApiKeyView {
  id: string;
  name: string;
  keyPrefix: string;
  maskedKey: string;
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  ipRestrictions: string[];
  urlRestrictions: string[];
  tzdbVersion: string | null;
}

export function toApiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    keyPrefix: key.prefix,
    maskedKey: maskKey(key.prefix, key.lastFour),
    isActive: key.isActive,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    ipRestrictions: key.ipRestrictions,
    urlRestrictions: key.urlRestrictions,
    tzdbVersion: key.tzdbVersion,
  };
}
