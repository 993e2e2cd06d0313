import { Global, Injectable, Module } from '@nestjs/common';
import { bundledRelease } from './bundled-release.js';
import type { CompiledZone } from './compiled-zone.js';
import type { TzRelease } from './tz-release.js';

export interface ActiveRelease {
  id: string;
  version: string;
  digest: string;
  source: string;
  loadedAt: Date;
  release: TzRelease;
}

/** A release that became active (upload, console activation, the feed, a new bundled release at start): one job per activation. */
export interface ReleaseActivated {
  releaseId: string;
  version: string;
  previousVersion: string | null;
}

/** The job queue TzdbService enqueues an activation on, in the activation's own transaction. */
export const RELEASE_ACTIVATED_QUEUE = 'tzdb-release-activated';

/** What the IANA feed last did, as every instance last read it (TzdbService's poll); null when the feed is off. */
export interface FeedSnapshot {
  state: string;
  lastCheckedAt: Date | null;
  lastSuccessAt: Date | null;
  newestVersion: string | null;
  newestSeenAt: Date | null;
}

/**
 * The tz release this instance answers from, and its switches. TzdbService (start-up choice, admin loads, rollbacks,
 * other instances) is the only one that switches it; the time engine listens, health and the site read its version.
 */
@Injectable()
export class ActiveTzRelease {
  private current: ActiveRelease | null = null;
  /** The IANA feed's last check (health's "last checked against IANA", the feed's metrics); null when it is off. */
  feed: FeedSnapshot | null = null;
  private readonly releaseListeners = new Set<(release: TzRelease, previous: TzRelease | null) => void>();
  private readonly versionListeners = new Set<(version: string) => void>();
  private readonly activationListeners = new Set<(activation: ReleaseActivated) => Promise<void>>();

  get active(): ActiveRelease | null {
    return this.current;
  }

  /** A zone (or link) of the active release, compiled; undefined for a name it does not list. Display zones are read here. */
  zone(name: string): CompiledZone | undefined {
    return (this.current?.release ?? bundledRelease()).zone(name);
  }

  /** The active release's version ("2026f"); the bundled one until the start-up choice is made. */
  get version(): string {
    return this.current?.version ?? bundledRelease().version;
  }

  /** Calls `listener` with the active release now (when known) and at every switch, before the version listeners. */
  onRelease(listener: (release: TzRelease, previous: TzRelease | null) => void): void {
    this.releaseListeners.add(listener);
    if (this.current) listener(this.current.release, null);
  }

  /** Calls `listener` with the active version now (when known) and at every switch; for the precomputed header objects. */
  onVersion(listener: (version: string) => void): void {
    this.versionListeners.add(listener);
    if (this.current) listener(this.current.version);
  }

  /**
   * Calls `listener` once per committed activation, from a job on whichever instance claims it (after the answer, with
   * retries: a listener must be idempotent). Register in onModuleInit. Change notices and webhooks listen.
   */
  onActivated(listener: (activation: ReleaseActivated) => Promise<void>): void {
    this.activationListeners.add(listener);
  }

  /** Runs the activation listeners (TzdbService's job). */
  async activated(activation: ReleaseActivated): Promise<void> {
    for (const listener of this.activationListeners) await listener(activation);
  }

  /** Makes `active` the release this instance answers from (TzdbService only). */
  switchTo(active: ActiveRelease): void {
    const previous = this.current?.release ?? null;
    for (const listener of this.releaseListeners) listener(active.release, previous);
    this.current = active;
    for (const listener of this.versionListeners) listener(active.version);
  }
}

/** Global and free of imports, so the time engine, health and the site follow the active release without importing TzdbModule. */
@Global()
@Module({ providers: [ActiveTzRelease], exports: [ActiveTzRelease] })
export class ActiveReleaseModule {}
