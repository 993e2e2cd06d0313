import { Global, Module } from '@nestjs/common';
import { AccountChanges } from './account-changes.js';
import { AccountCommands } from './account-commands.js';
import { UsersRepository } from './users.repository.js';
import { MembershipsRepository } from './memberships.repository.js';
import { InvitationsRepository } from './invitations.repository.js';
import { InvitationRedemption } from './invitation-redemption.js';

/**
 * The account's state: its commands (the only writer of plan, role, block, limits, verification) and the
 * announcement of committed changes. Global and free of imports, so billing, admin, auth, keys and the sessions
 * reach it without a module cycle. It asks no other module for anything.
 */
@Global()
@Module({
  providers: [AccountChanges, AccountCommands, UsersRepository, MembershipsRepository, InvitationsRepository, InvitationRedemption],
  exports: [AccountChanges, AccountCommands, UsersRepository, MembershipsRepository, InvitationsRepository, InvitationRedemption],
})
export class AccountStateModule {}
