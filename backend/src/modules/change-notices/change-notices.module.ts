import { Global, Module } from '@nestjs/common';
import { ChangeNoticesController } from './change-notices.controller.js';
import { ChangeNoticesRepository } from './change-notices.repository.js';
import { ChangeNotices } from './change-notices.js';
import { ReleaseAudienceController } from './release-audience.controller.js';

/**
 * Change notices: a release that changed zones an account used tells it (banner, mail, webhook event). Global and
 * exporting ChangeNotices only, so the console's user page reads an account's history without importing the module.
 */
@Global()
@Module({
  controllers: [ChangeNoticesController, ReleaseAudienceController],
  providers: [ChangeNotices, ChangeNoticesRepository],
  exports: [ChangeNotices],
})
export class ChangeNoticesModule {}
