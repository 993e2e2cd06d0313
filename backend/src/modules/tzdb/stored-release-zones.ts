import { gunzipSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { ActiveTzRelease } from './active-release.js';
import { bundledRelease, compareTzVersions } from './release-compiler.js';
import { compileBytes } from './release-source.js';
import { TzReleasesRepository } from './tz-releases.repository.js';
import type { TzRelease } from './tz-release.js';
import { TzdbErrors } from './tzdb.errors.js';

/** Compiled stored releases kept per process (a compiled release is a few MB): the impact check compares two at a time. */
const KEEP = 4;

/**
 * Any release this deployment has stored, compiled with our tz compiler from its stored source: the active one as the
 * engine holds it, the bundled one as shipped, any other from `tz_releases.source_gz` on first use (kept, at most
 * KEEP). Meant to be folded into the release cache of the pinning work (modules/tzdb/release-cache.ts).
 */
@Injectable()
export class StoredReleaseZones {
  private readonly compiled = new Map<string, TzRelease>();

  constructor(
    private readonly releases: TzReleasesRepository,
    private readonly active: ActiveTzRelease,
  ) {}

  /** The stored versions, newest first. */
  async versions(): Promise<string[]> {
    const versions = new Set(await this.releases.versions());
    versions.add(this.active.version);
    return [...versions].sort((a, b) => compareTzVersions(b, a));
  }

  /** The compiled release of a stored version; 404 `unknown_release` listing the stored ones when there is none. */
  async release(version: string): Promise<TzRelease> {
    const current = this.active.active?.release;
    if (current && current.version === version) return current;
    const cached = this.compiled.get(version);
    if (cached) return cached;
    const stored = await this.releases.latestSourceOfVersion(version);
    const rows = stored ? [stored] : [];
    const bundled = bundledRelease();
    let release: TzRelease;
    if (rows.length === 0) {
      if (bundled.version !== version) throw TzdbErrors.unknownRelease(version, await this.versions());
      release = bundled;
    } else if (rows[0].digest === bundled.digest) release = bundled;
    else release = compileBytes(gunzipSync(rows[0].source_gz));
    this.compiled.set(version, release);
    while (this.compiled.size > KEEP) this.compiled.delete(this.compiled.keys().next().value!);
    return release;
  }
}
