import { Module } from '@nestjs/common';
import { TzdbAdminController } from './tzdb-admin.controller.js';
import { ReleaseDownloadsController } from './release-downloads.controller.js';
import { TzdbReleasesAtomController, TzdbReleasesController } from './tzdb-releases.controller.js';
import { FeedStateRepository } from './feed-state.repository.js';
import { ReleaseFeed } from './release-feed.js';
import { PublicReleases } from './public-releases.js';
import { ReleaseReviews } from './release-review.js';
import { TzdbService } from './tzdb.service.js';

/** The tz database release the engine answers from (ActiveTzRelease): start-up choice, admin loads and rollbacks, fan-out to every instance. */
@Module({
  controllers: [TzdbAdminController, TzdbReleasesController, TzdbReleasesAtomController, ReleaseDownloadsController],
  providers: [TzdbService, ReleaseFeed, FeedStateRepository, ReleaseReviews, PublicReleases],
  exports: [TzdbService, ReleaseFeed],
})
export class TzdbModule {}
