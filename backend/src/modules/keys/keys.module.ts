import { Global, Module } from '@nestjs/common';
import { AccountKeys } from './account-keys.js';
import { AccountKeysRepository } from './account-keys.repository.js';
import { KeyActivity } from './key-activity.js';
import { KeyActivityRepository } from './key-activity.repository.js';
import { KeyDirectory } from './key-directory.js';
import { KeyExpiryNotices } from './key-expiry-notices.js';
import { KeysController } from './keys.controller.js';
import { KeysRepository } from './keys.repository.js';
import { KeysService } from './keys.service.js';

/**
 * API keys: their CRUD and KeyDirectory (hash → key and owner, cached). Global, because the gateway's guard and the
 * metering hook resolve keys through KeyDirectory; KeysService.rotateAny is the console's, AccountKeys an account's closure's, KeyActivity the usage writer's (lastUsedAt); account changes reach
 * KeyDirectory through accounts' announcement (AccountChanges).
 */
@Global()
@Module({
  controllers: [KeysController],
  providers: [KeyDirectory, KeyExpiryNotices, KeysService, KeysRepository, AccountKeys, AccountKeysRepository, KeyActivity, KeyActivityRepository],
  exports: [KeyDirectory, KeyExpiryNotices, KeysService, AccountKeys, KeyActivity],
})
export class KeysModule {}
