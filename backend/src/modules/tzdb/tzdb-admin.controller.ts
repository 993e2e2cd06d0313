import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../auth/authenticated.js';
import { BodyLimit } from '../../common/http/route-config.js';
import type { User } from '../accounts/user.entity.js';
import { ActivationResultView, FeedCheckView, TzdbStatusView } from './dto/releases.responses.js';
import { DiscardedReleaseView, ReleaseReviewView } from './dto/release-review.responses.js';
import { foldAliases } from './release-changes.js';
import { ReleaseReviews } from './release-review.js';
import { ActivateReleaseDto, UploadReleaseDto } from './dto/tzdb.dto.js';
import { ReleaseFeed } from './release-feed.js';
import { TzdbService } from './tzdb.service.js';
import type { ReleaseActor } from './release-records.js';
import { TzdbErrors } from './tzdb.errors.js';

/** A tzdata tarball is about 450 KB, 600 KB as base64: room for growth, but no more. */
const UPLOAD_LIMIT = 2 * 1024 * 1024;

/** Super-admin management of the tz database release the API answers from. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin/tzdb')
export class TzdbAdminController {
  constructor(
    private readonly tzdb: TzdbService,
    private readonly feed: ReleaseFeed,
    private readonly reviews: ReleaseReviews,
  ) {}

  private actor(user: User, request: FastifyRequest): ReleaseActor {
    return { userId: user.id, email: user.email, ip: request.ip ?? null };
  }

  @Get()
  @ApiOperation({
    summary:
      'The active tz release (version, when and from what it was loaded, zone and link counts, digest, compile time), what it changed, and every stored release',
  })
  @ApiOkResponse({ type: TzdbStatusView })
  async status() {
    const status = await this.tzdb.status();
    // The console lists a link (Asia/Calcutta) under the zone it changes with, not as a change of its own.
    const changes = status.changes && { ...status.changes, zones: foldAliases(status.changes.zones) };
    return { ...status, changes, feed: await this.feed.status() };
  }

  @Post('feed/check')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the IANA feed now (as its hourly job does): unchanged, activated, waiting, refused (with the reason) or error' })
  @ApiOkResponse({ type: FeedCheckView })
  @ApiNotFoundResponse({ description: 'TZDB_FEED_URL is not set (code `not_found`)' })
  async checkFeed() {
    if (!this.feed.enabled) throw TzdbErrors.feedOff();
    const { outcome, version, reason } = await this.feed.check();
    return { outcome, version, reason };
  }

  @Post()
  @HttpCode(200)
  @BodyLimit(UPLOAD_LIMIT)
  @ApiOperation({
    summary:
      'Load a release (base64 of a tzdata*.tar.gz or a tzdata.zi): compiled and checked before it replaces anything, then active on every instance within seconds',
    description:
      'The answer lists the zones and links whose offsets or abbreviations differ from the previous release in the next 24 months. The same version and digest again answers alreadyActive: true.',
  })
  @ApiOkResponse({ type: ActivationResultView })
  @ApiBadRequestResponse({ description: 'The release does not compile or fails the engine check (code `invalid_release`, with `file` and `line`)' })
  @ApiConflictResponse({ description: 'Older than the active release and force is not true (code `older_release`)' })
  @ApiPayloadTooLargeResponse({ description: 'Body over 2 MB' })
  load(@Body() body: UploadReleaseDto, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.tzdb.load(this.actor(user, request), body.release, body.force === true);
  }

  @Post('uploads')
  @HttpCode(200)
  @BodyLimit(UPLOAD_LIMIT)
  @ApiOperation({
    summary: 'Upload a release for review (base64 of a tzdata*.tar.gz or a tzdata.zi): compiled, checked and stored, not activated',
    description:
      'Answers the review: the zones whose clocks read differently from the active release in the next 24 months, links folded under their zone. Activate it with POST /api/admin/tzdb/activate, or discard it with DELETE /api/admin/tzdb/releases/{id}.',
  })
  @ApiOkResponse({ type: ReleaseReviewView })
  @ApiBadRequestResponse({ description: 'The release does not compile or fails the engine check (code `invalid_release`, with `file` and `line`)' })
  @ApiPayloadTooLargeResponse({ description: 'Body over 2 MB' })
  upload(@Body() body: UploadReleaseDto, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.reviews.upload(this.actor(user, request), body.release);
  }

  @Get('releases/:id/review')
  @ApiOperation({ summary: "A stored release's review: what it changes against the release it was compared with, links folded under their zone" })
  @ApiOkResponse({ type: ReleaseReviewView })
  @ApiNotFoundResponse({ description: 'No stored release has that id (code `not_found`)' })
  review(@Param('id') id: string) {
    return this.reviews.review(id);
  }

  @Delete('releases/:id')
  @ApiOperation({ summary: 'Discard a release waiting for activation (an upload under review, or a feed release); the active release is unchanged' })
  @ApiOkResponse({ type: DiscardedReleaseView })
  @ApiNotFoundResponse({ description: 'No waiting release has that id (code `not_found`)' })
  discard(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.reviews.discard(this.actor(user, request), id);
  }

  @Post('activate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Re-activate a stored release (a rollback needs force: true)' })
  @ApiOkResponse({ type: ActivationResultView })
  @ApiNotFoundResponse({ description: 'No stored release has that version (code `not_found`)' })
  @ApiConflictResponse({ description: 'Older than the active release and force is not true (code `older_release`)' })
  activate(@Body() body: ActivateReleaseDto, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.tzdb.activate(this.actor(user, request), body.version, body.force === true);
  }
}
