import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { AccountKeysRepository } from './account-keys.repository.js';

/**
 * Keys' published command on an account's keys as a whole: a closure erases them in its own transaction. The caller
 * announces the account's change after its commit, so every instance's key cache drops them.
 */
@Injectable()
export class AccountKeys {
  constructor(private readonly repository: AccountKeysRepository) {}

  /** Deletes every key of the account in `unitOfWork`'s transaction; answers their ids. */
  eraseAll(userId: string, unitOfWork: UnitOfWork): Promise<string[]> {
    return this.repository.joining(unitOfWork).deleteAllOf(userId);
  }
}
