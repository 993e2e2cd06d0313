import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../accounts/user.entity.js';
import type { KeyLimitWindow, KeyScope } from '@tzapi/shared/key-options';
import { maskKey } from './key-codec.js';

/** An API key. Only its SHA-256 (look-up) and an AES-256-GCM copy (reveal) are stored, never the key itself. */
@Entity({ tableName: 'api_keys' })
@Index({ properties: ['createdAt'] })
@Index({ properties: ['name'] })
export class ApiKey {
  [OptionalProps]?:
    | 'isActive'
    | 'ipRestrictions'
    | 'urlRestrictions'
    | 'createdAt'
    | 'updatedAt'
    | 'lastUsedAt'
    | 'idempotencyKey'
    | 'tzdbVersion'
    | 'scopes'
    | 'expiresAt'
    | 'expiryNoticeSentAt'
    | 'rateLimit'
    | 'rateLimitWindow'
    | 'createdBy'
    | 'replacedById';

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

  /** The route groups the key may call (gateway/key-scopes.ts); empty: every group. */
  @Property({ type: 'string[]', columnType: 'text[]' })
  scopes: KeyScope[] = [];

  /** After this the key answers 401 `key_expired`; null: never. A rotation with overlap sets it on the old key. */
  @Property({ type: 'datetime', nullable: true, fieldName: 'expires_at' })
  expiresAt: Date | null = null;

  /** When the owner was told the key expires within 7 days (once per expiry). */
  @Property({ type: 'datetime', nullable: true, fieldName: 'expiry_notice_sent_at', hidden: true })
  expiryNoticeSentAt: Date | null = null;

  /** The key's own limit, at or below the plan's, in `rateLimitWindow`; null: only the plan's limit. */
  @Property({ type: 'integer', nullable: true, fieldName: 'rate_limit' })
  rateLimit: number | null = null;

  @Property({ type: 'string', length: 8, nullable: true, fieldName: 'rate_limit_window' })
  rateLimitWindow: KeyLimitWindow | null = null;

  /** Who created the key (today always the account's owner); null once that user is gone. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'created_by_id' })
  createdBy: User | null = null;

  /** Set on the old key of a rotation with overlap: the key that replaced it (the old one is "expiring"). */
  @Property({ type: 'uuid', nullable: true, fieldName: 'replaced_by_id' })
  replacedById: string | null = null;

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
  scopes: KeyScope[];
  expiresAt: string | null;
  rateLimit: number | null;
  rateLimitWindow: KeyLimitWindow | null;
  createdBy: { id: string; email: string } | null;
  /** The key that replaced this one in a rotation with overlap: this one is expiring (see expiresAt). */
  replacedById: string | null;
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
    scopes: key.scopes,
    expiresAt: key.expiresAt ? key.expiresAt.toISOString() : null,
    rateLimit: key.rateLimit,
    rateLimitWindow: key.rateLimitWindow,
    createdBy: key.createdBy && key.createdBy.email ? { id: key.createdBy.id, email: key.createdBy.email } : null,
    replacedById: key.replacedById,
  };
}
