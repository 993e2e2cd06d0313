import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { changeNoticeMail } from '../mail/mail.templates.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import type { ReleaseActivated } from '../tzdb/active-release.js';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { CHANGE_WINDOW_MONTHS, diffZone } from '../tzdb/release-changes.js';
import type { ChangedZone, ReleaseChanges } from '../tzdb/release-changes.js';
import { TzdbErrors } from '../tzdb/tzdb.errors.js';
import type { TzRelease } from '../tzdb/tz-release.js';
import { ZoneUsage } from '../usage/zone-usage.js';
import { isUuid } from '../../common/http/uuid.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { ChangeNoticesRepository } from './change-notices.repository.js';
import type { NoticeRow, NoticeZone, PinnedKeyNotice, PinnedKeyRow } from './change-notices.repository.js';

export type { NoticeZone, PinnedKeyNotice } from './change-notices.repository.js';

/** How far back an account's use of a zone makes it hear about the zone's change. */
export const NOTICE_LOOKBACK_DAYS = 30;

/** One account an activation tells: its changed zones and its pinned keys a move would change. */
interface Recipient {
  userId: string;
  zones: NoticeZone[];
  pinnedKeys: PinnedKeyNotice[];
}

export interface ChangeNoticeView {
  id: string;
  version: string;
  zones: NoticeZone[];
  pinnedKeys: PinnedKeyNotice[];
  createdAt: string;
  /** When its banner was dismissed; null while it shows. */
  dismissedAt: string | null;
}

/** How many notices the Notices page lists (a release a month would take years to reach it). */
export const NOTICE_HISTORY_LIMIT = 100;

/**
 * Change notices: when a release becomes active (the activation job), every account that used a changed zone in the
 * last 30 days gets one notice (the dashboard banner), one mail unless it turned them off, and the
 * `tzdb.zones_changed` webhook event naming only its zones; Enterprise endpoints subscribed to
 * `tzdb.release.activated` hear of every activation. An account that used none of the zones gets nothing. Once per
 * account and release (a retried job finds the notice and moves on). An account with keys pinned to an older release
 * also hears, per key, which zones it used would change if the pin moved to the new release (the key keeps answering
 * from its own until then).
 */
@Injectable()
export class ChangeNotices implements OnModuleInit {
  private readonly logger = new Logger('ChangeNotices');

  constructor(
    private readonly repository: ChangeNoticesRepository,
    private readonly activeRelease: ActiveTzRelease,
    private readonly releases: ReleaseCache,
    private readonly zones: ZoneUsage,
    private readonly mail: MailService,
    private readonly webhooks: WebhooksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.activeRelease.onActivated((activation) => this.onActivated(activation));
  }

  async onActivated(activation: ReleaseActivated): Promise<void> {
    const release = await this.repository.fork().release(activation.releaseId);
    if (!release) return;
    const changed = release.changes?.zones ?? [];

    // tzdb.release.activated: every subscribed Enterprise endpoint.
    for (const user_id of await this.repository.fork().releaseSubscribers()) {
      await this.webhooks.emit(
        user_id,
        'tzdb.release.activated',
        { version: release.version, previousVersion: activation.previousVersion, changedZones: changed.map((z) => z.zone) },
        { messageKey: `rel_${activation.releaseId.replace(/-/g, '')}` },
      );
    }
    if (!changed.length) return;
    let sent = 0;
    for (const told of await this.recipients(release.version, release.changes!)) {
      if (await this.notify(told.userId, release.version, told.zones, told.pinnedKeys)) sent++;
    }
    this.logger.log(`Release ${release.version}: ${changed.length} zones changed, ${sent} accounts told`);
  }

  /**
   * Who a release's activation tells, before it goes live (the console's review): the accounts, their pinned keys and
   * the webhook endpoints, counted by the same computation the activation job runs. 404 for an unknown release.
   */
  async audience(releaseId: string): Promise<{ version: string; accounts: number; pinnedKeys: number; webhookEndpoints: number }> {
    const release = isUuid(releaseId) ? await this.repository.fork().release(releaseId) : undefined;
    if (!release) throw TzdbErrors.releaseNotFound(releaseId.slice(0, 40));
    const told = release.changes?.zones.length ? await this.recipients(release.version, release.changes, () => this.releases.storedById(releaseId)) : [];
    return {
      version: release.version,
      accounts: told.length,
      pinnedKeys: told.reduce((n, t) => n + t.pinnedKeys.length, 0),
      webhookEndpoints: await this.repository.fork().endpointsTold(told.map((t) => t.userId)),
    };
  }

  /**
   * Every account that used a changed zone in the last 30 days, with its zones' changes and its keys pinned to an older
   * release whose used zones a move to this one would change. `release` compiles the new release when the cache has
   * not stored it as live (a release under review).
   */
  private async recipients(version: string, changes: ReleaseChanges, release?: () => Promise<TzRelease | null>): Promise<Recipient[]> {
    // Written counts first: an account's calls of the last second are in the table before it is read.
    await this.zones.flush();
    const byName = new Map<string, ChangedZone>();
    for (const z of changes.zones) {
      byName.set(z.zone, z);
      if (z.linkTo && !byName.has(z.linkTo)) byName.set(z.linkTo, { ...z, zone: z.linkTo });
    }
    const since = new Date(Date.now() - NOTICE_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
    const users = await this.zones.usersOf([...byName.keys()], since);
    const pins = await this.pinnedKeys(version, new Set(users.keys()));
    const pinDiffs = new PinDiffs(this.releases, version, Date.parse(changes.window.from), release);
    const told: Recipient[] = [];
    for (const [userId, used] of users) {
      const zones: NoticeZone[] = used.map((name) => ({
        zone: name,
        changes: byName.get(name)!.changes.map((c) => ({ from: c.from, to: c.to, before: c.before, after: c.after })),
      }));
      const keys = pins.get(userId) ?? [];
      const pinnedKeys: PinnedKeyNotice[] = [];
      if (keys.length) {
        const everyZone = await this.zones.zonesOf(userId, since);
        for (const key of keys) {
          const moved = await pinDiffs.of(key.tzdb_version, everyZone);
          if (moved) pinnedKeys.push({ keyId: key.id, name: key.name, pinnedTo: key.tzdb_version, zones: moved });
        }
      }
      told.push({ userId, zones, pinnedKeys });
    }
    return told;
  }

  /** The active keys of these accounts pinned to a release older than `version`, by account, by name. */
  private async pinnedKeys(version: string, userIds: Set<string>): Promise<Map<string, PinnedKeyRow[]>> {
    const byUser = new Map<string, PinnedKeyRow[]>();
    if (!userIds.size) return byUser;
    // Including the release: this job may run before this instance switched to it (the job commits with it, the switch
    // follows). A release under review is not stored as live: the versions older than it are all the same.
    await this.releases.storedVersions({ including: version });
    for (const row of await this.repository.fork().pinnedKeys([...userIds], await this.releases.olderThan(version))) {
      byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    }
    return byUser;
  }

  /** One account's notice, mail and event, in one transaction; false when it already had this release's notice. */
  private notify(userId: string, version: string, zones: NoticeZone[], pinnedKeys: PinnedKeyNotice[]): Promise<boolean> {
    return this.repository.transaction(async (tx) => {
      const id = randomUUID();
      if (!(await tx.insert(id, userId, version, zones, pinnedKeys))) return false;
      const user = (await tx.recipient(userId))!;
      if (user.change_notices) {
        await this.mail.queue(
          {
            to: user.email,
            ...changeNoticeMail({
              name: [user.first_name, user.last_name].filter(Boolean).join(' '),
              version,
              zones: zones.map(changeLine),
              pinnedKeys: pinnedKeys.map((k) => ({ name: k.name, pinnedTo: k.pinnedTo, zones: k.zones.map(changeLine) })),
              dashboardUrl: `${this.config.appUrl}/dashboard`,
              profileUrl: `${this.config.appUrl}/dashboard/profile`,
            }),
          },
          { em: tx.unitOfWork, key: `change-notice:${id}` },
        );
      }
      // An account without pins gets the event it always got; pinnedKeys appears only when there is a key to name.
      const data = pinnedKeys.length ? { version, zones, pinnedKeys } : { version, zones };
      await this.webhooks.emit(userId, 'tzdb.zones_changed', data, { em: tx.unitOfWork, messageKey: `zc_${id.replace(/-/g, '')}` });
      return true;
    });
  }

  /** The account's notices not dismissed (the dashboard's banners), newest first. */
  async open(userId: string): Promise<ChangeNoticeView[]> {
    return (await this.repository.fork().open(userId)).map(noticeView);
  }

  /** Every notice of the account, dismissed ones too, newest first (the Notices page). */
  async history(userId: string): Promise<ChangeNoticeView[]> {
    return (await this.repository.fork().history(userId, NOTICE_HISTORY_LIMIT)).map(noticeView);
  }

  /**
   * What moving a pin from `from` to `to` would change in the zones the account used in the last 30 days (the keys
   * page's pin select). Rejects with 404 unknown_release for a version not stored.
   */
  async pinPreview(userId: string, from: string, to: string): Promise<{ from: string; to: string; zones: NoticeZone[] }> {
    await Promise.all([this.releases.get(from), this.releases.get(to)]);
    const since = new Date(Date.now() - NOTICE_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
    const used = await this.zones.zonesOf(userId, since);
    return { from, to, zones: (await new PinDiffs(this.releases, to, Date.now()).of(from, used)) ?? [] };
  }

  /** Hides a banner; answers false when the notice is not the account's. */
  async dismiss(userId: string, id: string): Promise<boolean> {
    return isUuid(id) && this.repository.fork().dismiss(userId, id);
  }
}

function noticeView(r: NoticeRow): ChangeNoticeView {
  return {
    id: r.id,
    version: r.release_version,
    zones: r.zones,
    pinnedKeys: r.pinned_keys ?? [],
    createdAt: new Date(r.created_at).toISOString(),
    dismissedAt: r.dismissed_at ? new Date(r.dismissed_at).toISOString() : null,
  };
}

function changeLine(z: NoticeZone): { zone: string; changes: { from: string; before: string; after: string }[] } {
  return {
    zone: z.zone,
    changes: z.changes.map((c) => ({
      from: c.from,
      before: `UTC${c.before.utcOffset} (${c.before.abbreviation})`,
      after: `UTC${c.after.utcOffset} (${c.after.abbreviation})`,
    })),
  };
}

/**
 * What moving a pin from an older release to the new one changes, zone by zone, within the notice's 24 months: each
 * release compiled once (ReleaseCache) and each (release, zone) compared once, however many keys share the pin.
 */
class PinDiffs {
  private readonly compiled = new Map<string, Promise<TzRelease | null>>();
  private readonly diffs = new Map<string, NoticeZone | null>();
  private readonly toMs: number;

  constructor(
    private readonly releases: ReleaseCache,
    private readonly version: string,
    private readonly fromMs: number,
    /** The new release when the cache does not hold it as live (a release under review). */
    private readonly newRelease?: () => Promise<TzRelease | null>,
  ) {
    const to = new Date(fromMs);
    to.setUTCMonth(to.getUTCMonth() + CHANGE_WINDOW_MONTHS);
    this.toMs = to.getTime();
  }

  /** The zones (of `used`) whose answers differ between `pinnedTo` and the new release; null when `pinnedTo` is no longer stored. */
  async of(pinnedTo: string, used: string[]): Promise<NoticeZone[] | null> {
    const [before, after] = await Promise.all([this.release(pinnedTo), this.release(this.version)]);
    if (!before || !after) return null;
    const zones: NoticeZone[] = [];
    for (const name of used) {
      const key = `${pinnedTo}\u0000${name}`;
      if (!this.diffs.has(key)) {
        const a = before.zone(name);
        const b = after.zone(name);
        const changes = a && b ? diffZone(a, b, this.fromMs, this.toMs) : [];
        this.diffs.set(key, changes.length ? { zone: name, changes } : null);
      }
      const diff = this.diffs.get(key);
      if (diff) zones.push(diff);
    }
    return zones;
  }

  private release(version: string): Promise<TzRelease | null> {
    let pending = this.compiled.get(version);
    if (!pending) {
      pending = Promise.resolve()
        .then(() => (version === this.version && this.newRelease ? this.newRelease() : this.releases.get(version)))
        .catch(() => null);
      this.compiled.set(version, pending);
    }
    return pending;
  }
}
