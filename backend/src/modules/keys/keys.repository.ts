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
    return this.em.find(ApiKey, { user: userId }, { orderBy: { createdAt: 'desc', id: 'asc' }, populate: ['createdBy'] });
  }

  /** The key one account's earlier request made with this idempotency key, or null. */
  findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { user: userId, idempotencyKey });
  }

  /** The key with this id when it is the account's, or null. */
  findOwn(userId: string, keyId: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { id: keyId, user: userId }, { populate: ['createdBy'] });
  }

  /** The account a key belongs to (its plan and limits bound a key's own limit). */
  owner(userId: string): Promise<User | null> {
    return this.em.findOne(User, { id: userId });
  }

  /**
   * Claims the keys that expire within `withinMs` of `now` and whose owner was not told yet (at most `limit`), marking
   * them told in the same statement: two instances running the scan at once claim each key once. Answers the claimed
   * keys with their owner's address (null when the account is closed or blocked: no mail). Call inside a transaction that also queues the mails.
   */
  async claimExpiring(
    now: Date,
    withinMs: number,
    limit: number,
  ): Promise<{ id: string; email: string | null; prefix: string; lastFour: string; expiresAt: Date }[]> {
    const rows = await this.em.getConnection().execute<{ id: string; email: string | null; prefix: string; last_four: string; expires_at: Date }[]>(
      `update "api_keys" k set "expiry_notice_sent_at" = ?
         from "users" u
         where u."id" = k."user_id" and k."id" in (select "id" from "api_keys"
           where "expires_at" is not null and "expiry_notice_sent_at" is null and "expires_at" > ? and "expires_at" <= ?
           order by "expires_at" limit ? for update skip locked)
         returning k."id", case when u."closed_at" is null and not u."is_blocked" then u."email" end as "email", k."prefix", k."last_four", k."expires_at"`,
      [now, now, new Date(now.getTime() + withinMs), limit],
      'all',
      this.em.getTransactionContext(),
    );
    return rows.map((r) => ({ id: r.id, email: r.email, prefix: r.prefix, lastFour: r.last_four, expiresAt: new Date(r.expires_at) }));
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
