import { Global, Module } from '@nestjs/common';
import { AccountChanges } from './account-changes.js';
import { AccountCommands } from './account-commands.js';
import { UsersRepository } from './users.repository.js';

/**
 * The account's state: its commands (the only writer of plan, role, block, limits, verification) and the
 * announcement of committed changes. Global and free of imports, so billing, admin, auth, keys and the sessions
 * reach it without a module cycle. It asks no other module for anything.
 */
@Global()
@Module({
  providers: [AccountChanges, AccountCommands, UsersRepository],
  exports: [AccountChanges, AccountCommands, UsersRepository],
})
export class AccountStateModule {}
