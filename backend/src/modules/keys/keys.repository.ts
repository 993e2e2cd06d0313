import type { RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from '../accounts/user.entity.js';
import { ApiKey } from './api-key.entity.js';

/** Every query of keys' own on api_keys, after immich's server/src/repositories: one unit of work, no rule of keys'. */
@Injectable()
export class KeysRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new KeysRepository(em) as this;
  }

  /** The account's keys, newest first. */
  listOf(userId: string): Promise<ApiKey[]> {
    return this.em.find(ApiKey, { user: userId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** The key one account's earlier request made with this idempotency key, or null. */
  findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { user: userId, idempotencyKey });
  }

  /** The key with this id when it is the account's, or null. */
  findOwn(userId: string, keyId: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { id: keyId, user: userId });
  }

  findById(keyId: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { id: keyId });
  }

  /** The key with this SHA-256 hash, its owner loaded, or null. */
  findByHash(hash: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { hash }, { populate: ['user'] });
  }

  /** A new key of the account, inserted at the next flush. */
  create(userId: string, data: Omit<RequiredEntityData<ApiKey>, 'user'>): ApiKey {
    return this.em.create(ApiKey, { ...data, user: this.em.getReference(User, userId) } as RequiredEntityData<ApiKey>);
  }

  /** The key, deleted at the next flush. */
  remove(apiKey: ApiKey): void {
    this.em.remove(apiKey);
  }

  /** Every active key of the account made inactive; answers how many. */
  deactivateAllOf(userId: string): Promise<number> {
    return this.em.nativeUpdate(ApiKey, { user: userId, isActive: true }, { isActive: false, updatedAt: new Date() });
  }
}
