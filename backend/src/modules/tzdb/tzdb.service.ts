import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { RedisService } from '../../common/redis/redis.service.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import type { AuditAction } from '../audit/audit-log.entity.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { JobQueue } from '../jobs/job-queue.js';
import { ActiveTzRelease, RELEASE_ACTIVATED_QUEUE } from './active-release.js';
import type { ActiveRelease, ReleaseActivated } from './active-release.js';
import { FeedStateRepository } from './feed-state.repository.js';
import { summarizeChanges } from './release-changes.js';
import type { ReleaseChanges } from './release-changes.js';
import { BUNDLED_RELEASES_DIR, bundledRelease, compareTzVersions } from './release-compiler.js';
import { cacheRelease, compiledStoredRelease, compileUpload, decodeUpload, readConfiguredRelease } from './release-reading.js';
import { FEED_ACTOR } from './release-records.js';
import type { ActivationResult, ReleaseActor, TzdbStatus } from './release-records.js';
import { historyItem, iso } from './release-records.js';
import { packFolder } from './release-source.js';
import type { ReleaseSource } from './release-source.js';
import type { TzRelease } from './tz-release.js';
import { TzReleasesRepository } from './tz-releases.repository.js';
import type { TzReleaseRow } from './tz-releases.repository.js';
import { TzdbErrors } from './tzdb.errors.js';

/** Redis channel (namespaced by REDIS_PREFIX) announcing a newly active release to every instance. */
export const TZDB_ACTIVATION_CHANNEL = 'tzdb:activate';
/** With Redis the poll is only a safety net for lost messages. */
const POLL_WITH_REDIS_MS = 30_000;

type ActivationMessage = { from: string; id: string };

/**
 * The tz release the engine answers from. At start: TZDB_RELEASE if set, else the active release stored in
 * PostgreSQL (a super admin chose it, rollbacks included) unless the bundled release is newer than every stored one,
 * else the bundled one. Loads and rollbacks are compiled and checked before anything switches, recorded in
 * tz_releases, audited, and followed by every instance (Redis pub/sub, and a poll of the active row).
 */
@Injectable()
export class TzdbService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Tzdb');
  private readonly instanceId = randomUUID();
  private poller: NodeJS.Timeout | null = null;
  private closed = false;
  /** Switches on this instance run one after another, so a slow compile never lands after a newer one. */
  private queue: Promise<unknown> = Promise.resolve();
  private pollFailing = false;
  /** Stored releases that failed to compile here: not retried at every poll. */
  private readonly unusable = new Set<string>();

  constructor(
    private readonly releases: TzReleasesRepository,
    private readonly audit: AuditTrail,
    private readonly feedState: FeedStateRepository,
    private readonly redis: RedisService,
    private readonly activeRelease: ActiveTzRelease,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
  ) {}

  async onModuleInit(): Promise<void> {
    // Defined before the start-up choice, which may activate a new bundled release and enqueue its job.
    this.jobs.define<ReleaseActivated>({
      queue: RELEASE_ACTIVATED_QUEUE,
      options: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 },
      describe: (a) => ({ version: a.version }),
      handle: (activation) => this.activeRelease.activated(activation),
    });
    await this.activateAtStart();
    if (this.config.TZDB_FEED_URL) await this.readFeedState().catch(() => undefined);
    this.redis.subscribe(TZDB_ACTIVATION_CHANNEL, (raw) => this.onMessage(raw));
    // Messages sent while Redis was away are lost: look at the active row as soon as it is back.
    this.redis.client?.on('ready', () => void this.poll());
    const every = this.redis.enabled ? Math.max(this.config.TZDB_POLL_MS, POLL_WITH_REDIS_MS) : this.config.TZDB_POLL_MS;
    this.poller = setInterval(() => void this.poll(), every);
    this.poller.unref();
  }

  /** Before the ORM and Redis close: no poll or switch starts once shutdown has begun. */
  beforeApplicationShutdown(): void {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
  }

  /** The active release's version ("2026f"). */
  get version(): string {
    return this.activeRelease.version;
  }

  get active(): ActiveRelease | null {
    return this.activeRelease.active;
  }

  private get current(): ActiveRelease | null {
    return this.activeRelease.active;
  }

  /** Calls `listener` with the active version now (when known) and at every switch; for the precomputed header objects. */
  onVersion(listener: (version: string) => void): void {
    this.activeRelease.onVersion(listener);
  }

  // ---- start-up ----

  private async activateAtStart(): Promise<void> {
    const fromEnv = this.config.TZDB_RELEASE ? readConfiguredRelease(this.config.TZDB_RELEASE) : null;
    const system: ReleaseActor = { userId: null, email: 'system', ip: null };
    let chosen: { row: TzReleaseRow | null; release: TzRelease; result: ActivationResult | null };
    try {
      chosen = await this.chooseAtStart(fromEnv, system);
    } catch (err) {
      // PostgreSQL away at start: answer from what this process has; the poll adopts the stored choice once it is back.
      const release = fromEnv?.release ?? bundledRelease();
      this.logger.error(`Could not read the active tz release (${(err as Error).message}); answering from ${release.version} until PostgreSQL answers`);
      chosen = { row: null, release, result: null };
    }
    const { row, release } = chosen;
    this.use(
      row
        ? this.toActive(row, release)
        : { id: '', version: release.version, digest: release.digest, source: fromEnv ? 'TZDB_RELEASE' : 'bundled', loadedAt: new Date(), release },
    );
    if (chosen.result && !chosen.result.alreadyActive) void this.announce(chosen.row!.id);
  }

  private chooseAtStart(fromEnv: ReleaseSource | null, system: ReleaseActor) {
    return this.releases.transaction(async (tx) => {
      await tx.lockActivation();
      const rows = await tx.all();
      const active = rows.find((r) => r.is_active) ?? null;
      if (fromEnv) return this.activateIn(tx, active, { ...fromEnv, description: `TZDB_RELEASE ${fromEnv.description}`, origin: 'env' }, system, 'tzdb.load');
      const bundled = bundledRelease();
      const newerThanStored = rows.every((r) => compareTzVersions(bundled.version, r.version) > 0);
      if (!active || newerThanStored) {
        const source: ReleaseSource = {
          release: bundled,
          bytes: packFolder(join(BUNDLED_RELEASES_DIR, bundled.version)),
          description: 'bundled',
          origin: 'bundled',
        };
        return this.activateIn(tx, active, source, system, 'tzdb.load');
      }
      try {
        return { row: active, release: await this.compiledRow(tx, active), result: null };
      } catch (err) {
        // A stored release that no longer compiles (a stricter compiler) must not keep the server from starting.
        this.logger.error(`Stored release ${active.version} does not compile (${(err as Error).message}); answering from the bundled ${bundled.version}`);
        this.unusable.add(active.id);
        return { row: null, release: bundled, result: null };
      }
    });
  }

  // ---- admin: load, activate, status ----

  /** Compiles and checks an upload (a tarball or a tzdata.zi), then makes it the active release. */
  async load(actor: ReleaseActor, base64: string, force: boolean): Promise<ActivationResult> {
    const bytes = decodeUpload(base64);
    const release = compileUpload(bytes);
    const kind = bytes[0] === 0x1f && bytes[1] === 0x8b ? 'tarball' : 'tzdata.zi';
    return this.serially(() => this.switchTo({ release, bytes, description: `upload (${kind})`, origin: 'upload' }, null, actor, force, 'tzdb.load'));
  }

  /** The feed's verified release, made active as an upload would be (never over a newer one: no force). */
  activateFromFeed(source: ReleaseSource): Promise<ActivationResult> {
    return this.serially(() => this.switchTo({ ...source, origin: 'feed' }, null, FEED_ACTOR, false, 'tzdb.feed_activate'));
  }

  /** A release stored for a super admin to activate (the feed's, or an upload to review); answers its row and change summary. */
  async storeWaiting(source: ReleaseSource, loadedBy: string | null = null): Promise<ReleaseChanges & { id: string }> {
    return this.serially(() =>
      this.releases.transaction(async (tx) => {
        await tx.lockActivation();
        const changes = summarizeChanges(this.current?.release ?? null, source.release, Date.now());
        return { ...changes, id: await tx.insertWaiting(source, changes, loadedBy) };
      }),
    );
  }

  /** Whether this exact release (version and digest) is stored already. */
  async isStored(version: string, digest: string): Promise<boolean> {
    return this.releases.isStored(version, digest);
  }

  /** Re-activates a stored release (a rollback when it is older than the active one, which needs force). */
  async activate(actor: ReleaseActor, version: string, force: boolean): Promise<ActivationResult> {
    const row = await this.releases.latestOfVersion(version);
    if (!row) throw TzdbErrors.releaseNotFound(version);
    const release = await this.compiledRow(this.releases.fork(), row);
    return this.serially(() => this.switchTo({ release, bytes: Buffer.alloc(0), description: row.source }, row.id, actor, force, 'tzdb.activate'));
  }

  async status(): Promise<TzdbStatus> {
    const rows = await this.releases.history();
    const current = this.current;
    const activeChanges = current?.id ? await this.releases.changesOf(current.id) : undefined;
    const release = current?.release;
    return {
      version: this.version,
      loadedAt: current ? iso(current.loadedAt) : null,
      source: current?.source ?? 'runtime',
      zones: release?.listedZoneCount ?? 0,
      links: release?.links.size ?? 0,
      digest: current?.digest ?? '',
      compileMs: release?.compileMs ?? 0,
      changes: activeChanges && 'version' in activeChanges ? activeChanges : null,
      history: rows.map(historyItem),
    };
  }

  // ---- switching ----

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Records (or finds) the candidate, refuses an older one without force, computes what changes for customers and makes
   * it the active row, in one transaction under the activation lock; then switches this instance and tells the others.
   */
  private async switchTo(source: ReleaseSource, rowId: string | null, actor: ReleaseActor, force: boolean, action: AuditAction): Promise<ActivationResult> {
    const outcome = await this.releases.transaction(async (tx) => {
      await tx.lockActivation();
      const active = await tx.active();
      const { release } = source;
      if (active && (rowId ? active.id === rowId : active.version === release.version && active.digest === release.digest)) {
        return { row: active, release, result: this.result(active, release, null, true) };
      }
      if (active && !force && compareTzVersions(release.version, active.version) < 0) throw TzdbErrors.olderRelease(release.version, active.version);
      return this.activateIn(tx, active ?? null, source, actor, action, rowId, force);
    });
    if (!outcome.result!.alreadyActive) {
      this.use(this.toActive(outcome.row!, outcome.release));
      void this.announce(outcome.row!.id);
      this.logger.log(`tz release ${outcome.release.version} active (${action} by ${actor.email})`);
    }
    return outcome.result!;
  }

  /** Inside the activation transaction: upsert the release row, store what changed, flip is_active, audit. */
  private async activateIn(
    tx: TzReleasesRepository,
    active: TzReleaseRow | null,
    source: ReleaseSource,
    actor: ReleaseActor,
    action: AuditAction,
    rowId: string | null = null,
    force = false,
  ): Promise<{ row: TzReleaseRow | null; release: TzRelease; result: ActivationResult | null }> {
    const { release } = source;
    if (!rowId) {
      const existing = await tx.byVersionAndDigest(release.version, release.digest);
      if (existing?.is_active) return { row: existing, release, result: this.result(existing, release, null, true) };
    }
    let previous: TzRelease | null = null;
    if (active) {
      try {
        previous = this.current?.id === active.id ? this.current.release : await this.compiledRow(tx, active);
      } catch {
        previous = null;
      }
    }
    const changes = summarizeChanges(previous, release, Date.now());
    const row = rowId ? await tx.reload(rowId, actor.userId, changes) : await tx.store(source, actor.userId, changes);
    await tx.makeActive(row.id);
    row.is_active = true;
    cacheRelease(`${row.version}:${row.digest}`, release);
    await this.audit.record(
      {
        actorId: actor.userId,
        actorEmail: actor.email,
        action,
        targetType: 'tz_release',
        targetId: release.version,
        before: active ? { version: active.version, digest: active.digest } : null,
        after: { version: release.version, digest: row.digest, source: row.source, force, changedZones: changes.zones.map((z) => z.zone) },
        ipAddress: actor.ip?.slice(0, 64) ?? null,
      },
      tx.unitOfWork,
    );
    // Change notices and webhooks: one job per activation (keyed by the release), committed with it. A first install
    // (nothing active before) tells nobody.
    if (active) {
      const activation: ReleaseActivated = { releaseId: row.id, version: row.version, previousVersion: active.version };
      await this.jobs.send(RELEASE_ACTIVATED_QUEUE, activation, { em: tx.unitOfWork, key: row.id });
    }
    return { row, release, result: this.result(row, release, changes, false, active?.version ?? null) };
  }

  private result(
    row: TzReleaseRow,
    release: TzRelease,
    changes: ReleaseChanges | null,
    alreadyActive: boolean,
    previousVersion: string | null = null,
  ): ActivationResult {
    return {
      alreadyActive,
      version: row.version,
      previousVersion: alreadyActive ? null : previousVersion,
      digest: row.digest,
      zones: release.listedZoneCount,
      links: release.links.size,
      loadedAt: iso(row.loaded_at),
      changes,
    };
  }

  /** The compiled release of a stored row: from this process's cache, the bundled release, or its stored source. */
  /** In `releases`' unit of work (the activation's transaction, or a fresh one). */
  private compiledRow(releases: TzReleasesRepository, row: Pick<TzReleaseRow, 'id' | 'version' | 'digest'>): Promise<TzRelease> {
    return compiledStoredRelease(row, () => releases.sourceGz(row.id));
  }

  private toActive(row: TzReleaseRow, release: TzRelease): ActiveRelease {
    return { id: row.id, version: row.version, digest: row.digest, source: row.source, loadedAt: new Date(row.loaded_at), release };
  }

  private use(active: ActiveRelease): void {
    this.activeRelease.switchTo(active);
  }

  private async announce(id: string): Promise<void> {
    await this.redis.publish(TZDB_ACTIVATION_CHANNEL, JSON.stringify({ from: this.instanceId, id } satisfies ActivationMessage));
  }

  private onMessage(raw: string): void {
    try {
      const message = JSON.parse(raw) as ActivationMessage;
      if (message.from !== this.instanceId && typeof message.id === 'string') void this.follow(message.id);
    } catch {
      this.logger.warn('Ignored a malformed tz release message');
    }
  }

  /** Another instance activated a release: compile it here too (unless it was superseded meanwhile). */
  private follow(id: string): Promise<void> {
    return this.serially(async () => {
      if (this.closed || this.current?.id === id) return;
      const row = await this.releases.activeById(id);
      if (!row) return;
      let release: TzRelease;
      try {
        release = await this.compiledRow(this.releases.fork(), row);
      } catch (err) {
        this.unusable.add(id);
        throw err;
      }
      this.use(this.toActive(row, release));
      this.logger.log(`tz release ${row.version} active (followed another instance)`);
    }).catch((err: unknown) => this.logger.error(`Could not follow tz release ${id}: ${(err as Error).message}`));
  }

  /** The feed's state row into ActiveTzRelease, where health and metrics read it (every instance, whichever ran the check). */
  async readFeedState(): Promise<void> {
    const stored = await this.feedState.read();
    const row = stored?.url === this.config.TZDB_FEED_URL ? stored : null;
    this.activeRelease.feed = row
      ? {
          state: row.state,
          lastCheckedAt: row.last_checked_at,
          lastSuccessAt: row.last_success_at,
          newestVersion: row.newest_version,
          newestSeenAt: row.newest_seen_at,
        }
      : { state: 'unknown', lastCheckedAt: null, lastSuccessAt: null, newestVersion: null, newestSeenAt: null };
  }

  /** The cheap check behind "every instance within seconds" without Redis: the active row's id and digest. */
  private async poll(): Promise<void> {
    if (this.closed) return;
    try {
      const row = await this.releases.activeIdAndDigest();
      this.pollFailing = false;
      if (this.config.TZDB_FEED_URL) await this.readFeedState();
      if (row && row.id !== this.current?.id && !this.unusable.has(row.id)) await this.follow(row.id);
    } catch (err) {
      if (!this.pollFailing && !this.closed) this.logger.warn(`Polling the active tz release failed: ${(err as Error).message}`);
      this.pollFailing = true;
    }
  }
}
