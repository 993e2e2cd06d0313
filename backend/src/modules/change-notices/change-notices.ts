import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { changeNoticeMail } from '../mail/mail.templates.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import type { ReleaseActivated } from '../tzdb/active-release.js';
import type { ChangedZone } from '../tzdb/release-changes.js';
import { ZoneUsage } from '../usage/zone-usage.js';
import { isUuid } from '../../common/http/uuid.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { ChangeNoticesRepository } from './change-notices.repository.js';
import type { NoticeZone } from './change-notices.repository.js';

/** How far back an account's use of a zone makes it hear about the zone's change. */
export const NOTICE_LOOKBACK_DAYS = 30;

export interface ChangeNoticeView {
  id: string;
  version: string;
  zones: NoticeZone[];
  createdAt: string;
}

/**
 * Change notices: when a release becomes active (the activation job), every account that used a changed zone in the
 * last 30 days gets one notice (the dashboard banner), one mail unless it turned them off, and the
 * `tzdb.zones_changed` webhook event naming only its zones; Enterprise endpoints subscribed to
 * `tzdb.release.activated` hear of every activation. An account that used none of the zones gets nothing. Once per
 * account and release (a retried job finds the notice and moves on).
 */
@Injectable()
export class ChangeNotices implements OnModuleInit {
  private readonly logger = new Logger('ChangeNotices');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: ChangeNoticesRepository,
    private readonly activeRelease: ActiveTzRelease,
    private readonly zones: ZoneUsage,
    private readonly mail: MailService,
    private readonly webhooks: WebhooksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.activeRelease.onActivated((activation) => this.onActivated(activation));
  }

  async onActivated(activation: ReleaseActivated): Promise<void> {
    const release = await this.repository.release(activation.releaseId);
    if (!release) return;
    const changed = release.changes?.zones ?? [];

    // tzdb.release.activated: every subscribed Enterprise endpoint.
    for (const user_id of await this.repository.releaseSubscribers()) {
      await this.webhooks.emit(
        user_id,
        'tzdb.release.activated',
        { version: release.version, previousVersion: activation.previousVersion, changedZones: changed.map((z) => z.zone) },
        { messageKey: `rel_${activation.releaseId.replace(/-/g, '')}` },
      );
    }
    if (!changed.length) return;

    // Written counts first: an account's calls of the last second are in the table before it is read.
    await this.zones.flush();
    const byName = new Map<string, ChangedZone>();
    for (const z of changed) {
      byName.set(z.zone, z);
      if (z.linkTo && !byName.has(z.linkTo)) byName.set(z.linkTo, { ...z, zone: z.linkTo });
    }
    const since = new Date(Date.now() - NOTICE_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
    const users = await this.zones.usersOf([...byName.keys()], since);
    let sent = 0;
    for (const [userId, used] of users) {
      const zones: NoticeZone[] = used.map((name) => ({
        zone: name,
        changes: byName.get(name)!.changes.map((c) => ({ from: c.from, to: c.to, before: c.before, after: c.after })),
      }));
      if (await this.notify(userId, release.version, zones)) sent++;
    }
    this.logger.log(`Release ${release.version}: ${changed.length} zones changed, ${sent} accounts told`);
  }

  /** One account's notice, mail and event, in one transaction; false when it already had this release's notice. */
  private notify(userId: string, version: string, zones: NoticeZone[]): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const id = randomUUID();
      if (!(await this.repository.insert(tx, id, userId, version, zones))) return false;
      const user = (await this.repository.recipient(tx, userId))!;
      if (user.change_notices) {
        await this.mail.queue(
          {
            to: user.email,
            ...changeNoticeMail({
              name: [user.first_name, user.last_name].filter(Boolean).join(' '),
              version,
              zones: zones.map((z) => ({
                zone: z.zone,
                changes: z.changes.map((c) => ({
                  from: c.from,
                  before: `UTC${c.before.utcOffset} (${c.before.abbreviation})`,
                  after: `UTC${c.after.utcOffset} (${c.after.abbreviation})`,
                })),
              })),
              dashboardUrl: `${this.config.appUrl}/dashboard`,
              profileUrl: `${this.config.appUrl}/dashboard/profile`,
            }),
          },
          { em: tx, key: `change-notice:${id}` },
        );
      }
      await this.webhooks.emit(userId, 'tzdb.zones_changed', { version, zones }, { em: tx, messageKey: `zc_${id.replace(/-/g, '')}` });
      return true;
    });
  }

  /** The account's notices not dismissed (the dashboard's banners), newest first. */
  async open(userId: string): Promise<ChangeNoticeView[]> {
    const rows = await this.repository.open(userId);
    return rows.map((r) => ({ id: r.id, version: r.release_version, zones: r.zones, createdAt: new Date(r.created_at).toISOString() }));
  }

  /** Hides a banner; answers false when the notice is not the account's. */
  async dismiss(userId: string, id: string): Promise<boolean> {
    return isUuid(id) && this.repository.dismiss(userId, id);
  }
}
