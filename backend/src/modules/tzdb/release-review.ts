import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../audit/audit-trail.js';
import { foldAliases } from './release-changes.js';
import type { ReleaseChanges, ReviewedZone } from './release-changes.js';
import type { ReleaseOrigin } from './release-source.js';
import { TzReleasesRepository } from './tz-releases.repository.js';
import { TzdbErrors } from './tzdb.errors.js';
import { compileUpload, decodeUpload } from './release-reading.js';
import type { ReleaseActor } from './release-records.js';
import { TzdbService } from './tzdb.service.js';
import { isUuid } from '../../common/http/uuid.js';

/** What the console shows before (or, for the feed's own activations, after) a release goes live. */
export interface ReleaseReview {
  id: string;
  version: string;
  /** The release it was compared with: the active one when it was stored. */
  previousVersion: string | null;
  origin: ReleaseOrigin;
  signature: 'verified' | 'unsigned' | null;
  /** Stored, not live: Activate or Discard. */
  waiting: boolean;
  active: boolean;
  loadedAt: string;
  loadedBy: string | null;
  wentLiveAt: string | null;
  window: ReleaseChanges['window'] | null;
  /** Changed zones, each with the links that change with it folded under it. */
  zones: ReviewedZone[];
  added: string[];
  removed: string[];
}

/**
 * The console's release review: an upload is stored and compiled without going live, reviewed (its changes against
 * the active release, aliases folded; change notices count who will be told), then activated (TzdbService.activate)
 * or discarded. The feed's releases, waiting or already live, show the same review.
 */
@Injectable()
export class ReleaseReviews {
  constructor(
    private readonly tzdb: TzdbService,
    private readonly releases: TzReleasesRepository,
    private readonly audit: AuditTrail,
  ) {}

  /** Compiles and checks an upload (both builds), stores it waiting, and answers its review; nothing switches. */
  async upload(actor: ReleaseActor, base64: string): Promise<ReleaseReview> {
    const bytes = decodeUpload(base64);
    const release = compileUpload(bytes);
    const kind = bytes[0] === 0x1f && bytes[1] === 0x8b ? 'tarball' : 'tzdata.zi';
    const stored = await this.tzdb.storeWaiting({ release, bytes, description: `upload (${kind})`, origin: 'upload' }, actor.userId);
    await this.audit.record({
      actorId: actor.userId,
      actorEmail: actor.email,
      action: 'tzdb.upload',
      targetType: 'tz_release',
      targetId: release.version,
      after: { version: release.version, digest: release.digest, changedZones: stored.zones.map((z) => z.zone) },
      ipAddress: actor.ip?.slice(0, 64) ?? null,
    });
    return this.review(stored.id);
  }

  /** A stored release's review; 404 when there is no such release. */
  async review(id: string): Promise<ReleaseReview> {
    const row = isUuid(id) ? await this.releases.reviewRow(id) : undefined;
    if (!row) throw TzdbErrors.releaseNotFound(id.slice(0, 40));
    const changes = row.changes && 'version' in row.changes ? row.changes : null;
    return {
      id: row.id,
      version: row.version,
      previousVersion: changes?.previousVersion ?? null,
      origin: row.origin,
      signature: row.signature,
      waiting: row.waiting,
      active: row.is_active,
      loadedAt: new Date(row.loaded_at).toISOString(),
      loadedBy: row.loaded_by,
      wentLiveAt: row.went_live_at ? new Date(row.went_live_at).toISOString() : null,
      window: changes?.window ?? null,
      zones: foldAliases(changes?.zones ?? []),
      added: changes?.added ?? [],
      removed: changes?.removed ?? [],
    };
  }

  /** Deletes a release still waiting (Cancel after an upload, or a feed release not wanted): the active one stays. 404 otherwise. */
  async discard(actor: ReleaseActor, id: string): Promise<{ version: string }> {
    const version = isUuid(id) ? await this.releases.discardWaiting(id) : undefined;
    if (!version) throw TzdbErrors.releaseNotFound(id.slice(0, 40));
    await this.audit.record({
      actorId: actor.userId,
      actorEmail: actor.email,
      action: 'tzdb.discard',
      targetType: 'tz_release',
      targetId: version,
      before: { id, waiting: true },
      ipAddress: actor.ip?.slice(0, 64) ?? null,
    });
    return { version };
  }
}
