import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import type { ReleaseChanges } from '../tzdb/release-changes.js';

/** One zone of a notice as stored (change_notices.zones): its changes in the next 24 months, each with its first moment and the offsets before and after. */
export interface NoticeZone {
  zone: string;
  changes: {
    from: string;
    to: string;
    before: { utcOffset: string; abbreviation: string; dst: boolean };
    after: { utcOffset: string; abbreviation: string; dst: boolean };
  }[];
}

/** A key of the account pinned to an older release: the account's used zones that would change if its pin moved to the new one. */
export interface PinnedKeyNotice {
  keyId: string;
  name: string;
  pinnedTo: string;
  zones: NoticeZone[];
}

/** A notice as stored: the release, its zones and pinned keys, when it was written and dismissed (null: still shown). */
export interface NoticeRow {
  id: string;
  release_version: string;
  zones: NoticeZone[];
  pinned_keys: PinnedKeyNotice[] | null;
  created_at: Date;
  dismissed_at: Date | null;
}

/** An active key pinned to a release. */
export interface PinnedKeyRow {
  id: string;
  user_id: string;
  name: string;
  tzdb_version: string;
}

/**
 * The change notices' SQL (change_notices, and what a notice reads of a release, an account and its endpoints), after
 * immich's server/src/repositories. One instance is one unit of work (BoundRepository: `fork()`, `transaction(work)`); its `unitOfWork` is what mail's and webhooks' commands join.
 */
@Injectable()
export class ChangeNoticesRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new ChangeNoticesRepository(em) as this;
  }

  /** A stored release's version and what it changed. */
  async release(releaseId: string): Promise<{ version: string; changes: ReleaseChanges | null } | undefined> {
    const [release] = await this.em.execute<{ version: string; changes: ReleaseChanges | null }[]>('select version, changes from tz_releases where id = ?', [
      releaseId,
    ]);
    return release;
  }

  /** The accounts with an enabled endpoint subscribed to `tzdb.release.activated`. */
  async releaseSubscribers(): Promise<string[]> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `select distinct user_id from webhook_endpoints where enabled and events @> '["tzdb.release.activated"]'::jsonb`,
    );
    return rows.map((r) => r.user_id);
  }

  /** How many enabled endpoints an activation tells: these accounts' subscribed to tzdb.zones_changed, and every one subscribed to tzdb.release.activated. */
  async endpointsTold(userIds: string[]): Promise<number> {
    const [row] = await this.em.execute<{ count: string }[]>(
      `select count(*) as count from webhook_endpoints where enabled
          and ((user_id = any(?::uuid[]) and events @> '["tzdb.zones_changed"]'::jsonb) or events @> '["tzdb.release.activated"]'::jsonb)`,
      [`{${userIds.join(',')}}`],
    );
    return Number(row?.count ?? 0);
  }

  /** The account's notice of a release, unless it is closed or already has one; answers whether it was written. */
  async insert(id: string, userId: string, version: string, zones: NoticeZone[], pinnedKeys: PinnedKeyNotice[]): Promise<boolean> {
    const inserted = await this.em.execute<{ id: string }[]>(
      `insert into change_notices (id, user_id, release_version, zones, pinned_keys) select ?, id, ?, ?::jsonb, ?::jsonb from users where id = ? and closed_at is null
         on conflict (user_id, release_version) do nothing returning id`,
      [id, version, JSON.stringify(zones), JSON.stringify(pinnedKeys), userId],
    );
    return inserted.length > 0;
  }

  /** Who a notice's mail goes to, and whether the account wants it. */
  async recipient(userId: string): Promise<{ email: string; first_name: string | null; last_name: string | null; change_notices: boolean } | undefined> {
    const [user] = await this.em.execute<{ email: string; first_name: string | null; last_name: string | null; change_notices: boolean }[]>(
      'select email, first_name, last_name, change_notices from users where id = ?',
      [userId],
    );
    return user;
  }

  /** The account's notices of the last 90 days not dismissed, newest first (at most 5). */
  async open(userId: string): Promise<NoticeRow[]> {
    return this.em.execute<NoticeRow[]>(
      `select id, release_version, zones, pinned_keys, created_at, dismissed_at from change_notices where user_id = ? and dismissed_at is null and created_at > now() - interval '90 days' order by created_at desc limit 5`,
      [userId],
    );
  }

  /** The account's notices, dismissed ones too, newest first (the Notices page): at most `limit`. */
  async history(userId: string, limit: number): Promise<NoticeRow[]> {
    return this.em.execute<NoticeRow[]>(
      `select id, release_version, zones, pinned_keys, created_at, dismissed_at from change_notices where user_id = ? order by created_at desc, release_version desc limit ?`,
      [userId, limit],
    );
  }

  /** The active keys of these accounts pinned to one of these releases, by name. */
  pinnedKeys(userIds: string[], versions: string[]): Promise<PinnedKeyRow[]> {
    if (!userIds.length || !versions.length) return Promise.resolve([]);
    return this.em.execute<PinnedKeyRow[]>(
      `select id, user_id, name, tzdb_version from api_keys where user_id = any(?::uuid[]) and tzdb_version = any(?::text[]) and is_active order by name, created_at`,
      [`{${userIds.join(',')}}`, `{${versions.map((v) => `"${v}"`).join(',')}}`],
    );
  }

  /** Marks the account's notice dismissed; answers false when it has no such notice. */
  async dismiss(userId: string, id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      'update change_notices set dismissed_at = coalesce(dismissed_at, now()) where id = ? and user_id = ? returning id',
      [id, userId],
    );
    return rows.length > 0;
  }
}
