import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { ActiveTzRelease } from './active-release.js';
import { BUNDLED_RELEASES_DIR, bundledRelease } from './bundled-release.js';
import { compareTzVersions } from './compile-release.js';
import { detectReleaseInput, readReleaseFiles, tzdataZi, type ReleaseInput, type TzBuild } from './release-files.js';
import { compileBytes } from './release-source.js';
import { TzReleasesRepository } from './tz-releases.repository.js';
import type { TzRelease } from './tz-release.js';
import { TzdbErrors } from './tzdb.errors.js';

/** A stored release row as the cache reads it: one per version (the active row, else the latest load of that version). */
interface StoredRow {
  id: string;
  version: string;
  digest: string;
}

/** The zic source of one build of a stored release, as one tzdata.zi. */
export interface StoredSource {
  version: string;
  digest: string;
  build: TzBuild;
  zi: Buffer;
}

/** How long the list of stored versions is trusted before a version it lacks sends the cache to PostgreSQL again. */
const ROWS_FRESH_MS = 1000;
/** tzdata.zi texts kept (about 100 KB each). */
const SOURCES_KEPT = 4;
const VERSION_SHAPE = /^\d{4}[a-z]{1,3}$/;

/**
 * Every release this server has stored, compiled on first use and kept in a bounded least-recently-used cache
 * (TZDB_RELEASE_CACHE_SIZE; the active release is ActiveTzRelease's and is never compiled twice). What answers a
 * request pinned by tzdb=, Tzdb-Version or the key (the gateway), a TZif download, and anything comparing two releases.
 */
@Injectable()
export class ReleaseCache {
  private readonly logger = new Logger('ReleaseCache');
  /** `version:digest` → compiled release, least recently used first. */
  private readonly compiled = new Map<string, TzRelease>();
  private readonly compiling = new Map<string, Promise<TzRelease>>();
  private readonly sources = new Map<string, StoredSource | null>();
  /** The release under review last compiled by id (storedById). */
  private reviewed: { id: string; release: TzRelease } | null = null;
  private rows: Map<string, StoredRow> | null = null;
  private rowsReadAt = 0;
  /** The last first-use compile (the bench reads it). */
  lastCompile: { version: string; ms: number } | null = null;

  constructor(
    private readonly releases: TzReleasesRepository,
    private readonly active: ActiveTzRelease,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // A switch may have stored a new release: read the list again on the next miss.
    active.onVersion(() => (this.rows = null));
  }

  /** How many stored releases are kept compiled besides the active one. */
  get capacity(): number {
    return this.config.TZDB_RELEASE_CACHE_SIZE;
  }

  /** Versions compiled and kept right now, least recently used first. */
  get cachedVersions(): string[] {
    return [...this.compiled.values()].map((r) => r.version);
  }

  /**
   * The compiled release of a stored version: synchronous when it is the active one or already compiled, else read
   * and compiled once (concurrent callers share the compile). Rejects with 404 unknown_release listing the stored ones.
   */
  get(version: string): TzRelease | Promise<TzRelease> {
    const active = this.active.active;
    if (active ? active.version === version : bundledRelease().version === version) return active?.release ?? bundledRelease();
    const row = this.rows?.get(version);
    if (row) {
      const key = `${row.version}:${row.digest}`;
      const hit = this.compiled.get(key);
      if (hit) {
        this.compiled.delete(key);
        this.compiled.set(key, hit);
        return hit;
      }
    }
    return this.load(version);
  }

  /** Whether a version is the one answering without a pin (the request needs no other release). */
  isActive(version: string): boolean {
    return version === this.active.version;
  }

  /** The version answering without a pin. */
  get activeVersion(): string {
    return this.active.version;
  }

  /**
   * Every stored version, newest first (releases waiting for a super admin's activation are not offered). With
   * `including`, a list that lacks that version is read again from PostgreSQL first, however recent: a release another
   * instance just stored, or this instance's activation job running before its own switch re-read the list.
   */
  async storedVersions(options: { including?: string } = {}): Promise<string[]> {
    const rows = options.including === undefined ? await this.storedRows(Infinity) : await this.storedRowsWith(options.including, 0);
    return [...rows.keys()];
  }

  /** The stored live versions older than `version` (which need not be stored itself: a release under review). */
  async olderThan(version: string): Promise<string[]> {
    return (await this.storedVersions()).filter((stored) => compareTzVersions(stored, version) < 0);
  }

  /**
   * A stored release by its row id, waiting ones included (the console's review of an upload): compiled once and kept
   * until another is asked for. Null when no row has that id.
   */
  async storedById(id: string): Promise<TzRelease | null> {
    if (this.reviewed?.id === id) return this.reviewed.release;
    const stored = await this.releases.fork().sourceGz(id);
    if (!stored) return null;
    const release = compileBytes(gunzipSync(stored));
    this.reviewed = { id, release };
    return release;
  }

  /**
   * The tzdata.zi of one build of a stored release (from a stored tarball: that build's zic files joined). Null when
   * the release's source does not hold that build (a bare tzdata.zi upload holds one).
   */
  async source(version: string, build: TzBuild): Promise<StoredSource | null> {
    const row = await this.row(version);
    const key = `${row.version}:${row.digest}:${build}`;
    if (this.sources.has(key)) return this.sources.get(key)!;
    const bundled = bundledRelease();
    let input: ReleaseInput;
    if (bundled.version === row.version && bundled.digest === row.digest) input = { kind: 'folder', path: join(BUNDLED_RELEASES_DIR, row.version) };
    else {
      const stored = await this.releases.fork().sourceGz(row.id);
      if (!stored) throw TzdbErrors.unknownRelease(version, await this.storedVersions());
      input = detectReleaseInput(gunzipSync(stored));
    }
    const zi = tzdataZi(readReleaseFiles(input).files, build, row.version);
    return this.keepSource(key, zi ? { version: row.version, digest: row.digest, build, zi } : null);
  }

  private keepSource(key: string, source: StoredSource | null): StoredSource | null {
    if (this.sources.size >= SOURCES_KEPT) this.sources.delete(this.sources.keys().next().value!);
    this.sources.set(key, source);
    return source;
  }

  private async load(version: string): Promise<TzRelease> {
    const row = await this.row(version);
    const key = `${row.version}:${row.digest}`;
    const active = this.active.active;
    if (active && active.version === row.version && active.digest === row.digest) return active.release;
    const hit = this.compiled.get(key);
    if (hit) return hit;
    let pending = this.compiling.get(key);
    if (!pending) {
      pending = this.compile(row).finally(() => this.compiling.delete(key));
      this.compiling.set(key, pending);
    }
    return pending;
  }

  private async compile(row: StoredRow): Promise<TzRelease> {
    const key = `${row.version}:${row.digest}`;
    const bundled = bundledRelease();
    let release: TzRelease;
    const started = performance.now();
    if (bundled.version === row.version && bundled.digest === row.digest) release = bundled;
    else {
      const stored = await this.releases.fork().sourceGz(row.id);
      if (!stored) throw TzdbErrors.unknownRelease(row.version, await this.storedVersions());
      release = compileBytes(gunzipSync(stored));
      this.lastCompile = { version: row.version, ms: Math.round((performance.now() - started) * 10) / 10 };
      this.logger.log(`tz release ${row.version} compiled on first use in ${this.lastCompile.ms} ms`);
    }
    this.compiled.set(key, release);
    while (this.compiled.size > this.capacity) this.compiled.delete(this.compiled.keys().next().value!);
    return release;
  }

  /** The stored row of a version, or 404 unknown_release. */
  private async row(version: string): Promise<StoredRow> {
    const known = VERSION_SHAPE.test(version);
    const rows = known ? await this.storedRowsWith(version, ROWS_FRESH_MS) : await this.storedRows(Infinity);
    const row = known ? rows.get(version) : undefined;
    if (!row) throw TzdbErrors.unknownRelease(version, [...rows.keys()]);
    return row;
  }

  /** The list, read again when it lacks `version` and was read `maxAgeMs` ago or more. */
  private async storedRowsWith(version: string, maxAgeMs: number): Promise<Map<string, StoredRow>> {
    const rows = await this.storedRows(Infinity);
    return rows.has(version) ? rows : this.storedRows(maxAgeMs);
  }

  /** The list as read less than `maxAgeMs` ago, else read from PostgreSQL (the old list answers meanwhile). */
  private async storedRows(maxAgeMs: number): Promise<Map<string, StoredRow>> {
    if (this.rows && Date.now() - this.rowsReadAt < maxAgeMs) return this.rows;
    const found = await this.releases.live();
    found.sort(
      (a, b) =>
        compareTzVersions(b.version, a.version) ||
        Number(b.is_active) - Number(a.is_active) ||
        new Date(b.loaded_at).getTime() - new Date(a.loaded_at).getTime(),
    );
    const rows = new Map<string, StoredRow>();
    for (const r of found) if (!rows.has(r.version)) rows.set(r.version, { id: r.id, version: r.version, digest: r.digest });
    // Before anything is stored (a database that has not answered yet), the release answering is the one to offer.
    const answering = this.active.version;
    if (!rows.has(answering)) rows.set(answering, { id: '', version: answering, digest: this.active.active?.digest ?? bundledRelease().digest });
    this.rows = rows;
    this.rowsReadAt = Date.now();
    return rows;
  }
}

/** Global, so the gateway (pinned requests), the keys (pins) and the time zone features reach the one cache. */
@Global()
@Module({ providers: [ReleaseCache, TzReleasesRepository], exports: [ReleaseCache, TzReleasesRepository] })
export class ReleaseCacheModule {}
