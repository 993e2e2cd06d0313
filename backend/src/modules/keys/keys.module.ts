import { Global, Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard.js';
import { KeyDirectory } from './key-directory.js';
import { KeysController } from './keys.controller.js';
import { KeysService } from './keys.service.js';

/**
 * API keys and the guard of the public API. Global, because @PublicApi() routes of other modules instantiate the
 * guard in their own module; KeysService.rotateAny is the console's; account changes reach KeyDirectory through accounts' announcement.
 */
@Global()
@Module({
  controllers: [KeysController],
  providers: [KeyDirectory, KeysService, ApiKeyGuard],
  exports: [KeyDirectory, KeysService, ApiKeyGuard],
})
export class KeysModule {}
