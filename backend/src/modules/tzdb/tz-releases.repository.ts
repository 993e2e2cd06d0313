import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import type { ReleaseChanges } from './release-changes.js';
import type { ReleaseOrigin, ReleaseSource } from './release-source.js';

/** A stored release as the switching reads it. */
export interface TzReleaseRow {
  id: string;
  version: string;
  digest: string;
  source: string;
  loaded_at: Date | string;
  is_active: boolean;
}

/** A stored release as the console's history shows it. */
export type TzReleaseHistoryRow = TzReleaseRow & {
  zone_count: number;
  link_count: number;
  compile_ms: number;
  compiled_at: Date;
  loaded_by: string | null;
  changed: number;
  origin: ReleaseOrigin;
  signature: 'verified' | 'unsigned' | null;
  waiting: boolean;
  went_live_at: Date | null;
};

/** A live release as the public list shows it. */
export type TzReleasePublishedRow = TzReleaseRow & { changes: Partial<ReleaseChanges>; origin: ReleaseOrigin; went_live_at: Date | null };

/** A stored release as the console's review reads it. */
export interface ReviewRow {
  id: string;
  version: string;
  digest: string;
  source: string;
  origin: ReleaseOrigin;
  signature: 'verified' | 'unsigned' | null;
  waiting: boolean;
  is_active: boolean;
  loaded_at: Date;
  went_live_at: Date | null;
  changes: ReleaseChanges | null;
  loaded_by: string | null;
}

/** Serializes every change of the active release across instances (pg advisory lock key). */
const ACTIVATION_LOCK = 7_240_712;

const ROW = 'id, version, digest, source, loaded_at, is_active';

/**
 * The stored tz releases' SQL (tz_releases), after immich's server/src/repositories: one statement a method, no rule of
 * tzdb's. The methods that say "in this unit of work" run on the one the repository is bound to (`transaction(fn)`
 * for the activation's); the others read on a fresh one.
 */
@Injectable()
export class TzReleasesRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new TzReleasesRepository(em) as this;
  }

  /** In this unit of work: waits for, then holds until commit, the one lock every change of the active release takes. */
  async lockActivation(): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(?)', [ACTIVATION_LOCK]);
  }

  /** In this unit of work: every stored row. */
  all(): Promise<TzReleaseRow[]> {
    return this.em.execute<TzReleaseRow[]>(`select ${ROW} from tz_releases`);
  }

  /** In this unit of work: the active row. */
  async active(): Promise<TzReleaseRow | undefined> {
    const [row] = await this.em.execute<TzReleaseRow[]>(`select ${ROW} from tz_releases where is_active`);
    return row;
  }

  /** In this unit of work: the row of this exact release. */
  async byVersionAndDigest(version: string, digest: string): Promise<TzReleaseRow | undefined> {
    const [row] = await this.em.execute<TzReleaseRow[]>(`select ${ROW} from tz_releases where version = ? and digest = ?`, [version, digest]);
    return row;
  }

  async isStored(version: string, digest: string): Promise<boolean> {
    const rows = await this.em.fork().execute<{ id: string }[]>('select id from tz_releases where version = ? and digest = ?', [version, digest]);
    return rows.length > 0;
  }

  /** The row of a version: the active one if it is active, else the latest loaded. */
  async latestOfVersion(version: string): Promise<TzReleaseRow | undefined> {
    const [row] = await this.em
      .fork()
      .execute<TzReleaseRow[]>(`select ${ROW} from tz_releases where version = ? order by is_active desc, loaded_at desc limit 1`, [version]);
    return row;
  }

  /** The row `id` while it is the active one. */
  async activeById(id: string): Promise<TzReleaseRow | undefined> {
    const [row] = await this.em.fork().execute<TzReleaseRow[]>(`select ${ROW} from tz_releases where id = ? and is_active`, [id]);
    return row;
  }

  /** The active row's id and digest (the cheap poll). */
  async activeIdAndDigest(): Promise<{ id: string; digest: string } | undefined> {
    const [row] = await this.em.fork().execute<{ id: string; digest: string }[]>('select id, digest from tz_releases where is_active');
    return row;
  }

  /** In this unit of work: the gzipped source of a stored release. */
  async sourceGz(id: string): Promise<Buffer | undefined> {
    const [stored] = await this.em.execute<{ source_gz: Buffer }[]>('select source_gz from tz_releases where id = ?', [id]);
    return stored?.source_gz;
  }

  /** Every release that went live: one row each, with whether it is the active one and when it was loaded. */
  live(): Promise<{ id: string; version: string; digest: string; is_active: boolean; loaded_at: Date }[]> {
    return this.em
      .fork()
      .execute<{ id: string; version: string; digest: string; is_active: boolean; loaded_at: Date }[]>(
        'select id, version, digest, is_active, loaded_at from tz_releases where not waiting',
      );
  }

  /** Every stored version (once each). */
  async versions(): Promise<string[]> {
    const rows = await this.em.fork().execute<{ version: string }[]>('select distinct version from tz_releases');
    return rows.map((r) => r.version);
  }

  /** The latest load of a version: its digest and gzipped source. */
  async latestSourceOfVersion(version: string): Promise<{ digest: string; source_gz: Buffer } | undefined> {
    const [row] = await this.em
      .fork()
      .execute<{ digest: string; source_gz: Buffer }[]>('select digest, source_gz from tz_releases where version = ? order by loaded_at desc limit 1', [
        version,
      ]);
    return row;
  }

  async changesOf(id: string): Promise<ReleaseChanges | undefined> {
    const [row] = await this.em.fork().execute<{ changes: ReleaseChanges }[]>('select changes from tz_releases where id = ?', [id]);
    return row?.changes;
  }

  /** The last 100 loads, newest first, with who loaded each and how many zones it changed. */
  history(): Promise<TzReleaseHistoryRow[]> {
    return this.em.fork().execute<TzReleaseHistoryRow[]>(
      `select r.id, r.version, r.digest, r.source, r.loaded_at, r.is_active, r.zone_count, r.link_count, r.compile_ms, r.compiled_at,
              r.origin, r.signature, r.waiting, r.went_live_at,
              u.email as loaded_by, coalesce(jsonb_array_length(r.changes -> 'zones'), 0) as changed
         from tz_releases r left join users u on u.id = r.loaded_by
        order by r.loaded_at desc limit 100`,
    );
  }

  /** Every release that went live (none still waiting for a super admin). */
  published(): Promise<TzReleasePublishedRow[]> {
    return this.em.fork().execute<TzReleasePublishedRow[]>(`select ${ROW}, changes, origin, went_live_at from tz_releases where not waiting`);
  }

  /**
   * In this unit of work: a release stored to wait for a super admin (the feed's, or an upload to review; nothing when
   * this exact release is stored); answers the id of the stored row of that version and digest.
   */
  async insertWaiting(source: ReleaseSource, changes: ReleaseChanges, loadedBy: string | null = null): Promise<string> {
    await this.em.execute(
      `insert into tz_releases (id, version, digest, source, source_gz, zone_count, link_count, compile_ms, compiled_at, loaded_at, loaded_by, is_active, changes, origin, signature, waiting)
       values (?, ?, ?, ?, ?, ?, ?, ?, now(), now(), ?, false, ?::jsonb, ?, ?, true)
       on conflict (version, digest) do nothing`,
      [
        randomUUID(),
        source.release.version,
        source.release.digest,
        source.description.slice(0, 500),
        gzipSync(source.bytes),
        source.release.listedZoneCount,
        source.release.links.size,
        Math.round(source.release.compileMs),
        loadedBy,
        JSON.stringify(changes),
        source.origin ?? 'feed',
        source.origin === 'upload' ? null : (source.signature ?? 'unsigned'),
      ],
    );
    const [row] = await this.em.execute<{ id: string }[]>('select id from tz_releases where version = ? and digest = ?', [
      source.release.version,
      source.release.digest,
    ]);
    return row.id;
  }

  /** A stored release as the console's review shows it. */
  async reviewRow(id: string): Promise<ReviewRow | undefined> {
    const [row] = await this.em.fork().execute<ReviewRow[]>(
      `select r.id, r.version, r.digest, r.source, r.origin, r.signature, r.waiting, r.is_active, r.loaded_at, r.went_live_at, r.changes,
              u.email as loaded_by
         from tz_releases r left join users u on u.id = r.loaded_by where r.id = ?`,
      [id],
    );
    return row;
  }

  /** Deletes a release still waiting (never the active one or one that went live), under the activation lock; answers its version, or undefined. */
  discardWaiting(id: string): Promise<string | undefined> {
    return this.transaction(async (tx) => {
      await tx.lockActivation();
      const [row] = await tx.em.execute<{ version: string }[]>('delete from tz_releases where id = ? and waiting and not is_active returning version', [id]);
      return row?.version;
    });
  }

  /** In this unit of work: a stored row loaded again (live now, no longer waiting). */
  async reload(id: string, loadedBy: string | null, changes: ReleaseChanges): Promise<TzReleaseRow> {
    const [row] = await this.em.execute<TzReleaseRow[]>(
      `update tz_releases set loaded_at = now(), loaded_by = ?, changes = ?::jsonb, waiting = false, went_live_at = coalesce(went_live_at, now())
        where id = ? returning ${ROW}`,
      [loadedBy, JSON.stringify(changes), id],
    );
    return row;
  }

  /** In this unit of work: the release stored, or this exact release loaded again when it is stored already. */
  async store(source: ReleaseSource, loadedBy: string | null, changes: ReleaseChanges): Promise<TzReleaseRow> {
    const { release } = source;
    const [row] = await this.em.execute<TzReleaseRow[]>(
      `insert into tz_releases (id, version, digest, source, source_gz, zone_count, link_count, compile_ms, compiled_at, loaded_at, loaded_by, is_active, changes,
                                origin, signature, waiting, went_live_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, now(), now(), ?, false, ?::jsonb, ?, ?, false, now())
       on conflict (version, digest) do update set loaded_at = now(), loaded_by = excluded.loaded_by, changes = excluded.changes, zone_count = excluded.zone_count,
         waiting = false, went_live_at = coalesce(tz_releases.went_live_at, now())
       returning ${ROW}`,
      [
        randomUUID(),
        release.version,
        release.digest,
        source.description.slice(0, 500),
        gzipSync(source.bytes),
        release.listedZoneCount,
        release.links.size,
        Math.round(release.compileMs),
        loadedBy,
        JSON.stringify(changes),
        source.origin ?? 'upload',
        source.signature ?? null,
      ],
    );
    return row;
  }

  /** In this unit of work: `id` the one active row. Two statements: the partial unique index on is_active is checked row by row. */
  async makeActive(id: string): Promise<void> {
    await this.em.execute('update tz_releases set is_active = false where is_active and id <> ?', [id]);
    await this.em.execute('update tz_releases set is_active = true where id = ?', [id]);
  }
}
