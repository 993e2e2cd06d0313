import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Problems } from '../../common/problems/problem.js';
import type { FieldError } from '../../common/problems/problem.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { ApiKey } from './api-key.entity.js';
import type { CreateApiKeyDto, UpdateApiKeyDto } from './dto/api-key.dto.js';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import { API_KEY_VAULT, displayPrefix, generateApiKey, hashApiKey, lastFour } from './key-codec.js';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { TzdbErrors } from '../tzdb/tzdb.errors.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { KeyDirectory } from './key-directory.js';
import { KeysRepository } from './keys.repository.js';
import { cleanRestrictions } from './key-restrictions.js';

export interface IssuedKey {
  apiKey: ApiKey;
  /** The full key, answered once on create and rotate. */
  key: string;
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
  async create(userId: string, input: CreateApiKeyDto, idempotencyKey?: string): Promise<IssuedKey & { replayed: boolean }> {
    const { name, ipRestrictions, urlRestrictions } = this.validate(input);
    const earlier = idempotencyKey ? await this.made(userId, idempotencyKey) : null;
    if (earlier) return earlier;
    const key = generateApiKey();
    try {
      const apiKey = await this.keys.transaction(async (tx) => {
        const created = tx.create(userId, {
          name,
          ipRestrictions,
          urlRestrictions,
          idempotencyKey: idempotencyKey ?? null,
          ...this.secretFields(key),
        });
        await tx.flush();
        await this.webhooks?.emit(userId, 'key.created', keyEvent(created), { em: tx.unitOfWork });
        return created;
      });
      return { apiKey, key, replayed: false };
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

  async update(userId: string, keyId: string, input: UpdateApiKeyDto): Promise<ApiKey> {
    const keys = this.keys.fork();
    const apiKey = await this.ownKey(keys, userId, keyId);
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
    await keys.flush();
    await this.directory.invalidateKey(apiKey.id);
    return apiKey;
  }

  async rotate(userId: string, keyId: string): Promise<IssuedKey> {
    const keys = this.keys.fork();
    return this.rotateIn(keys, await this.ownKey(keys, userId, keyId));
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

  async remove(userId: string, keyId: string): Promise<void> {
    await this.keys.transaction(async (tx) => {
      const apiKey = await this.ownKey(tx, userId, keyId);
      tx.remove(apiKey);
      await tx.flush();
      await this.webhooks?.emit(userId, 'key.deleted', keyEvent(apiKey), { em: tx.unitOfWork });
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

  private async rotateIn(keys: KeysRepository, apiKey: ApiKey): Promise<IssuedKey> {
    const key = generateApiKey();
    Object.assign(apiKey, this.secretFields(key));
    await keys.within(keys.unitOfWork, async (tx) => {
      await tx.flush();
      await this.webhooks?.emit(apiKey.user.id, 'key.rotated', keyEvent(apiKey), { em: tx.unitOfWork });
    });
    await this.directory.invalidateKey(apiKey.id);
    return { apiKey, key };
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
