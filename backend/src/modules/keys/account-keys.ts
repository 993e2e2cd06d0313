import { Injectable, Optional } from '@nestjs/common';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { AccountKeysRepository } from './account-keys.repository.js';
import { KeyDirectory } from './key-directory.js';

/**
 * Keys' published command on an account's keys as a whole: a closure erases them in its own transaction. The caller
 * announces the account's change after its commit, so every instance's key cache drops them.
 */
@Injectable()
export class AccountKeys {
  constructor(
    private readonly repository: AccountKeysRepository,
    @Optional() private readonly directory?: KeyDirectory,
  ) {}

  /** Deletes every key of the account in `unitOfWork`'s transaction; answers their ids. */
  eraseAll(userId: string, unitOfWork: UnitOfWork): Promise<string[]> {
    return this.repository.joining(unitOfWork).deleteAllOf(userId);
  }

  /**
   * Turns off the keys a member made in an organisation (all its keys when `createdBy` is null: a closure), then drops
   * them from every instance's key cache (Redis fan-out, as a revocation does). Answers how many.
   */
  async revoke(accountId: string, createdBy: string | null, unitOfWork?: UnitOfWork): Promise<number> {
    const ids = await (unitOfWork ? this.repository.joining(unitOfWork) : this.repository.fork()).deactivate(accountId, createdBy);
    if (!unitOfWork) await this.directory?.invalidateUser(accountId);
    return ids.length;
  }

  /** After the caller's transaction that revoked keys committed: every instance drops the account's cached keys. */
  async revoked(accountId: string): Promise<void> {
    await this.directory?.invalidateUser(accountId);
  }
}
