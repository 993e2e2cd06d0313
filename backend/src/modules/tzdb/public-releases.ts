import { Injectable } from '@nestjs/common';
import { ActiveTzRelease } from './active-release.js';
import { compareTzVersions } from './compile-release.js';
import type { ChangedZone } from './release-changes.js';
import type { ReleaseOrigin } from './release-source.js';
import { TzReleasesRepository } from './tz-releases.repository.js';

export interface PublicRelease {
  version: string;
  loadedAt: string;
  /** When it first went live here, and how it came. */
  wentLiveAt: string;
  origin: ReleaseOrigin;
  active: boolean;
  previousVersion: string | null;
  changedZones: ChangedZone[];
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The public list of releases (GET /api/timezone/releases, the Atom feed, the directory page's "Data updates"). */
@Injectable()
export class PublicReleases {
  private cached: PublicRelease[] | null = null;

  constructor(
    private readonly releases: TzReleasesRepository,
    active: ActiveTzRelease,
  ) {
    // A switch (here or followed from another instance) may have made a release live: read the list again.
    active.onVersion(() => (this.cached = null));
  }

  /** Every release this deployment has loaded, newest first, with the zones each changed; cached until the next switch. */
  async list(): Promise<{ releases: PublicRelease[]; total: number }> {
    if (!this.cached) {
      const rows = await this.releases.published();
      rows.sort((a, b) => compareTzVersions(b.version, a.version) || new Date(b.loaded_at).getTime() - new Date(a.loaded_at).getTime());
      // One entry per version (the same release may be stored from several sources, e.g. bundled and uploaded): its latest load.
      const byVersion = new Map<string, PublicRelease>();
      for (const r of rows) {
        const seen = byVersion.get(r.version);
        if (seen) {
          seen.active ||= r.is_active;
          continue;
        }
        byVersion.set(r.version, {
          version: r.version,
          loadedAt: iso(r.loaded_at),
          wentLiveAt: iso(r.went_live_at ?? r.loaded_at),
          origin: r.origin,
          active: r.is_active,
          previousVersion: r.changes.previousVersion ?? null,
          changedZones: r.changes.zones ?? [],
        });
      }
      this.cached = [...byVersion.values()];
    }
    return { releases: this.cached, total: this.cached.length };
  }
}
