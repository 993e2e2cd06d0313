import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Problems } from '../../common/problems/problem.js';
import type { FieldError } from '../../common/problems/problem.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { ApiKey } from './api-key.entity.js';
import type { CreateApiKeyDto, UpdateApiKeyDto } from './dto/api-key.dto.js';
import { KEY_SCOPES, ROTATION_OVERLAP_MS } from '@tzapi/shared/key-options';
import type { KeyLimitWindow, KeyScope, RotationOverlap } from '@tzapi/shared/key-options';
import { accountLimits } from '../accounts/user.entity.js';
import { KeyProblems } from './keys.errors.js';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import { API_KEY_VAULT, displayPrefix, generateApiKey, hashApiKey, lastFour } from './key-codec.js';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { TzdbErrors } from '../tzdb/tzdb.errors.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { KeyDirectory } from './key-directory.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';
import type { OrgAuditAction } from '../audit/org-audit.repository.js';
import { KeysRepository } from './keys.repository.js';
import { cleanRestrictions } from './key-restrictions.js';

export interface IssuedKey {
  apiKey: ApiKey;
  /** The full key, answered once on create and rotate. */
  key: string;
}

/** Who acts on a key (the signed-in member), for `createdBy` and the organisation's audit. */
export interface KeyActor {
  id: string;
  email: string;
}

/** What the key webhook events carry: never the key itself. */
function keyEvent(apiKey: ApiKey): Record<string, unknown> {
  return { keyId: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, lastFour: apiKey.lastFour };
}

/** A customer's API keys: create, list, edit, rotate, delete and the logged reveal. */
@Injectable()
export class KeysService {
  private readonly logger = new Logger('ApiKeys');
  private readonly vault: SecretVault;

  constructor(
    private readonly keys: KeysRepository,
    private readonly directory: KeyDirectory,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly webhooks?: WebhooksService,
    @Optional() private readonly releases?: ReleaseCache,
    @Optional() private readonly audit?: OrgAuditRepository,
  ) {
    this.vault = new SecretVault(config.secret, API_KEY_VAULT);
  }

  list(userId: string): Promise<ApiKey[]> {
    return this.keys.fork().listOf(userId);
  }

  /**
   * Creates a key. With an idempotency key (one per form submission), a repeated request (a double click, a retry after
   * a lost answer) answers the key the first one made, `replayed`, instead of a second key with another secret.
   */
  async create(userId: string, input: CreateApiKeyDto, idempotencyKey?: string, actor?: KeyActor): Promise<IssuedKey & { replayed: boolean }> {
    const { name, ipRestrictions, urlRestrictions } = this.validate(input);
    const earlier = idempotencyKey ? await this.made(userId, idempotencyKey) : null;
    if (earlier) return earlier;
    const options = await this.keyOptions(this.keys.fork(), userId, input);
    const key = generateApiKey();
    try {
      const apiKey = await this.keys.transaction(async (tx) => {
        const created = tx.create(userId, {
          name,
          ipRestrictions,
          urlRestrictions,
          idempotencyKey: idempotencyKey ?? null,
          ...options,
          createdBy: actor?.id ?? userId,
          ...this.secretFields(key),
        });
        await tx.flush();
        await this.webhooks?.emit(userId, 'key.created', keyEvent(created), { em: tx.unitOfWork });
        await this.audited(userId, actor, 'key.create', created, null, tx);
        return created;
      });
      return { apiKey: await this.withCreator(userId, apiKey), key, replayed: false };
    } catch (err) {
      // The same submission, arrived at the same time: the unique (user, idempotency key) index let one through.
      const raced = idempotencyKey && err instanceof UniqueConstraintViolationException ? await this.made(userId, idempotencyKey) : null;
      if (raced) return raced;
      throw err;
    }
  }

  /** The key an earlier request with this idempotency key made (its secret from the vault, as a reveal reads it). */
  private async made(userId: string, idempotencyKey: string): Promise<(IssuedKey & { replayed: boolean }) | null> {
    const apiKey = await this.keys.fork().findByIdempotencyKey(userId, idempotencyKey);
    return apiKey ? { apiKey, key: this.vault.decrypt(apiKey.encrypted), replayed: true } : null;
  }

  async update(userId: string, keyId: string, input: UpdateApiKeyDto, actor?: KeyActor): Promise<ApiKey> {
    const keys = this.keys.fork();
    const apiKey = await this.ownKey(keys, userId, keyId);
    const before = { name: apiKey.name, isActive: apiKey.isActive, scopes: apiKey.scopes, expiresAt: apiKey.expiresAt };
    const { name, ipRestrictions, urlRestrictions } = this.validate({
      name: input.name ?? apiKey.name,
      ipRestrictions: input.ipRestrictions ?? apiKey.ipRestrictions,
      urlRestrictions: input.urlRestrictions ?? apiKey.urlRestrictions,
    });
    apiKey.name = name;
    apiKey.ipRestrictions = ipRestrictions;
    apiKey.urlRestrictions = urlRestrictions;
    if (input.isActive !== undefined) apiKey.isActive = input.isActive;
    if (input.tzdbVersion !== undefined) apiKey.tzdbVersion = await this.storedPin(input.tzdbVersion);
    const options = await this.keyOptions(keys, userId, input);
    if (options.expiresAt !== undefined && options.expiresAt?.getTime() !== apiKey.expiresAt?.getTime()) apiKey.expiryNoticeSentAt = null;
    Object.assign(apiKey, options);
    await keys.within(keys.unitOfWork, async (tx) => {
      await tx.flush();
      await this.audited(userId, actor, 'key.update', apiKey, before, tx);
    });
    await this.directory.invalidateKey(apiKey.id);
    return apiKey;
  }

  /**
   * A new secret. Without overlap it replaces the old one in place (the old stops at once on every instance). With an
   * overlap the new secret is a new key with the same settings, and the old key keeps answering until the overlap ends
   * (its expiresAt, then 401 `key_expired`): each request's usage stays with the key it used.
   */
  async rotate(userId: string, keyId: string, overlap: RotationOverlap = 'none', actor?: KeyActor): Promise<IssuedKey> {
    const keys = this.keys.fork();
    const old = await this.ownKey(keys, userId, keyId);
    const overlapMs = ROTATION_OVERLAP_MS[overlap] ?? 0;
    if (overlapMs === 0) return this.rotateIn(keys, old, actor);
    const key = generateApiKey();
    const until = new Date(Date.now() + overlapMs);
    const apiKey = await this.keys.transaction(async (tx) => {
      const current = await this.ownKey(tx, userId, keyId);
      const created = tx.create(userId, {
        name: current.name,
        isActive: current.isActive,
        ipRestrictions: current.ipRestrictions,
        urlRestrictions: current.urlRestrictions,
        tzdbVersion: current.tzdbVersion,
        scopes: current.scopes,
        expiresAt: current.expiresAt,
        expiryNoticeSentAt: current.expiryNoticeSentAt,
        rateLimit: current.rateLimit,
        rateLimitWindow: current.rateLimitWindow,
        createdBy: actor?.id ?? userId,
        ...this.secretFields(key),
      });
      if (!current.expiresAt || current.expiresAt > until) current.expiresAt = until;
      current.replacedById = created.id;
      // The owner chose this end just now: no "expires in 7 days" mail for it.
      current.expiryNoticeSentAt ??= new Date();
      await tx.flush();
      await this.webhooks?.emit(userId, 'key.rotated', keyEvent(created), { em: tx.unitOfWork });
      await this.audited(userId, actor, 'key.rotate', created, { keyId, overlap }, tx);
      return created;
    });
    await this.directory.invalidateKey(keyId);
    return { apiKey: await this.withCreator(userId, apiKey), key };
  }

  /** The key as the list shows it, its creator loaded (a key just made holds only the creator's id). */
  private async withCreator(userId: string, apiKey: ApiKey): Promise<ApiKey> {
    return (await this.keys.fork().findOwn(userId, apiKey.id)) ?? apiKey;
  }

  /**
   * The console's rotation of any key, inside the caller's open transaction (`unitOfWork`): the new secret commits with
   * the caller's other writes (its audit row, the owner's notice); the caller calls `keyRotated` after its commit.
   */
  async rotateAny(keyId: string, unitOfWork: UnitOfWork): Promise<IssuedKey> {
    const keys = this.keys.joining(unitOfWork);
    const apiKey = await keys.findById(keyId);
    if (!apiKey) throw Problems.notFound('API key');
    const key = generateApiKey();
    Object.assign(apiKey, this.secretFields(key));
    await keys.flush();
    await this.webhooks?.emit(apiKey.user.id, 'key.rotated', keyEvent(apiKey), { em: unitOfWork });
    return { apiKey, key };
  }

  /** After a rotation committed in the caller's transaction: every instance drops the old key at once. */
  async keyRotated(keyId: string): Promise<void> {
    await this.directory.invalidateKey(keyId);
  }

  async remove(userId: string, keyId: string, actor?: KeyActor): Promise<void> {
    await this.keys.transaction(async (tx) => {
      const apiKey = await this.ownKey(tx, userId, keyId);
      const gone = { id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, lastFour: apiKey.lastFour };
      tx.remove(apiKey);
      await tx.flush();
      await this.webhooks?.emit(userId, 'key.deleted', keyEvent(apiKey), { em: tx.unitOfWork });
      await this.audited(userId, actor, 'key.delete', gone, null, tx);
    });
    await this.directory.invalidateKey(keyId);
  }

  async reveal(userId: string, keyId: string, ip: string | undefined): Promise<string> {
    const apiKey = await this.ownKey(this.keys.fork(), userId, keyId);
    this.logger.log(`API key revealed: user=${userId} key=${keyId} ip=${ip ?? 'unknown'}`);
    return this.vault.decrypt(apiKey.encrypted);
  }

  /** For the admin console (block): every key of the user stops at once. */
  async deactivateAllForUser(userId: string): Promise<number> {
    const count = await this.keys.fork().deactivateAllOf(userId);
    await this.directory.invalidateUser(userId);
    return count;
  }

  private async rotateIn(keys: KeysRepository, apiKey: ApiKey, actor?: KeyActor): Promise<IssuedKey> {
    const key = generateApiKey();
    Object.assign(apiKey, this.secretFields(key));
    await keys.within(keys.unitOfWork, async (tx) => {
      await tx.flush();
      await this.webhooks?.emit(apiKey.user.id, 'key.rotated', keyEvent(apiKey), { em: tx.unitOfWork });
      await this.audited(apiKey.user.id, actor, 'key.rotate', apiKey, { keyId: apiKey.id, overlap: 'none' }, tx);
    });
    await this.directory.invalidateKey(apiKey.id);
    return { apiKey, key };
  }

  /** The organisation's audit row of a member's action on a key, in the action's transaction (no actor: no row). */
  private async audited(
    accountId: string,
    actor: KeyActor | undefined,
    action: OrgAuditAction,
    apiKey: Pick<ApiKey, 'id' | 'name' | 'prefix' | 'lastFour'>,
    before: Record<string, unknown> | null,
    tx: KeysRepository,
  ): Promise<void> {
    if (!actor || !this.audit) return;
    const after = { name: apiKey.name, key: `${apiKey.prefix}…${apiKey.lastFour}` };
    await this.audit.record(
      { orgId: accountId, actorId: actor.id, actorEmail: actor.email, action, targetType: 'api_key', targetId: apiKey.id, before, after },
      tx.unitOfWork,
    );
  }

  private secretFields(key: string): Pick<ApiKey, 'prefix' | 'lastFour' | 'hash' | 'encrypted'> {
    return { prefix: displayPrefix(key), lastFour: lastFour(key), hash: hashApiKey(key), encrypted: this.vault.encrypt(key) };
  }

  /** A pin is a stored release's version (404 unknown_release otherwise); null, "" or "latest" unpin (the active release). */
  private async storedPin(version: string | null): Promise<string | null> {
    const wanted = version?.trim() ?? '';
    if (wanted === '' || wanted.toLowerCase() === 'latest') return null;
    // Including `wanted`: a release another instance just stored is read from PostgreSQL before it is refused.
    const stored = (await this.releases?.storedVersions({ including: wanted })) ?? [];
    if (!stored.includes(wanted)) throw TzdbErrors.unknownRelease(wanted, stored);
    return wanted;
  }

  /** Someone else's key id answers 404, exactly like an id that does not exist. */
  private async ownKey(keys: KeysRepository, userId: string, keyId: string): Promise<ApiKey> {
    const apiKey = /^[0-9a-f-]{36}$/i.test(keyId) ? await keys.findOwn(userId, keyId) : null;
    if (!apiKey) throw Problems.notFound('API key');
    return apiKey;
  }

  /**
   * The scopes, expiry and own limit a create or edit asks for, checked: scopes deduplicated in the table's order, an
   * expiry in the future, a limit at or below the account's in the window its plan limits by (400 key_limit_above_plan).
   * Fields left out are left out of the answer (an edit keeps them).
   */
  private async keyOptions(
    keys: KeysRepository,
    userId: string,
    input: Pick<CreateApiKeyDto, 'scopes' | 'expiresAt' | 'rateLimit'>,
  ): Promise<Partial<{ scopes: KeyScope[]; expiresAt: Date | null; rateLimit: number | null; rateLimitWindow: KeyLimitWindow | null }>> {
    const out: Partial<{ scopes: KeyScope[]; expiresAt: Date | null; rateLimit: number | null; rateLimitWindow: KeyLimitWindow | null }> = {};
    if (input.scopes !== undefined) out.scopes = KEY_SCOPES.filter((scope) => input.scopes!.includes(scope));
    if (input.expiresAt !== undefined) {
      const at = input.expiresAt === '' ? null : new Date(input.expiresAt);
      if (at && at.getTime() <= Date.now()) throw Problems.validation([{ field: 'expiresAt', message: 'The expiry must be in the future' }]);
      out.expiresAt = at;
    }
    if (input.rateLimit !== undefined) {
      if (input.rateLimit === 0) {
        out.rateLimit = null;
        out.rateLimitWindow = null;
      } else {
        const owner = await keys.owner(userId);
        if (!owner) throw Problems.notFound('Account');
        const limits = accountLimits(owner);
        const [window, max]: [KeyLimitWindow, number | null] = limits.hourlyQuota !== null ? ['hour', limits.hourlyQuota] : ['second', limits.burstPerSecond];
        if (max !== null && input.rateLimit > max) throw KeyProblems.limitAbovePlan(max, window);
        out.rateLimit = input.rateLimit;
        out.rateLimitWindow = window;
      }
    }
    return out;
  }

  private validate(input: CreateApiKeyDto): { name: string; ipRestrictions: string[]; urlRestrictions: string[] } {
    const errors: FieldError[] = [];
    const name = (input.name ?? '').trim();
    if (!name) errors.push({ field: 'name', message: 'Name required' });
    const { value, errors: restrictionErrors } = cleanRestrictions(input.ipRestrictions, input.urlRestrictions);
    errors.push(...restrictionErrors);
    if (errors.length) throw Problems.validation(errors);
    return { name, ...value };
  }
}
