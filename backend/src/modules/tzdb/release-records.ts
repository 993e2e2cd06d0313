/** What loading and activating a release answers, and who does it: the admin routes' and the console's shapes. */
import type { ReleaseChanges } from './release-changes.js';
import type { ReleaseOrigin } from './release-source.js';
import type { TzReleaseHistoryRow } from './tz-releases.repository.js';

/** A stored time as the admin routes write it. */
export const iso = (d: Date | string) => new Date(d).toISOString();

/** The IANA feed, as the actor of what it does (audit log, loaded_by null). */
export const FEED_ACTOR: ReleaseActor = { userId: null, email: 'tzdb feed', ip: null };

/** Who loads or activates a release: a super admin, or the server itself at start. */
export interface ReleaseActor {
  userId: string | null;
  email: string;
  ip: string | null;
}

export interface ActivationResult {
  alreadyActive: boolean;
  version: string;
  previousVersion: string | null;
  digest: string;
  zones: number;
  links: number;
  loadedAt: string;
  changes: ReleaseChanges | null;
}

export interface ReleaseHistoryItem {
  id: string;
  version: string;
  digest: string;
  source: string;
  active: boolean;
  zones: number;
  links: number;
  compileMs: number;
  compiledAt: string;
  loadedAt: string;
  loadedBy: string | null;
  changedZones: number;
  origin: ReleaseOrigin;
  signature: 'verified' | 'unsigned' | null;
  /** Stored by the feed, not yet live: a super admin activates it. */
  waiting: boolean;
  wentLiveAt: string | null;
}

export interface TzdbStatus {
  version: string;
  loadedAt: string | null;
  source: string;
  zones: number;
  links: number;
  digest: string;
  compileMs: number;
  changes: ReleaseChanges | null;
  history: ReleaseHistoryItem[];
}

/** A stored release as the console's history lists it. */
export function historyItem(r: TzReleaseHistoryRow): ReleaseHistoryItem {
  return {
    id: r.id,
    version: r.version,
    digest: r.digest,
    source: r.source,
    active: r.is_active,
    zones: r.zone_count,
    links: r.link_count,
    compileMs: r.compile_ms,
    compiledAt: iso(r.compiled_at),
    loadedAt: iso(r.loaded_at),
    loadedBy: r.loaded_by,
    changedZones: Number(r.changed),
    origin: r.origin,
    signature: r.signature,
    waiting: r.waiting,
    wentLiveAt: r.went_live_at ? iso(r.went_live_at) : null,
  };
}
