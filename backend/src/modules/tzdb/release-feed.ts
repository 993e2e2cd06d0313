import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import * as openpgp from 'openpgp';
import { redactForLog } from '../../common/logging/redact.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { createHash } from 'node:crypto';
import { UsersRepository } from '../accounts/users.repository.js';
import type { AuditAction } from '../audit/audit-log.entity.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { JobQueue } from '../jobs/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { feedRefusalMail } from '../mail/mail.templates.js';
import { compareTzVersions } from './release-compiler.js';
import type { ReleaseChanges } from './release-changes.js';
import type { ReleaseSource } from './release-source.js';
import type { TzRelease } from './tz-release.js';
import { FeedStateRepository } from './feed-state.repository.js';
import { compileUpload } from './release-reading.js';
import { FEED_ACTOR } from './release-records.js';
import { TzdbService } from './tzdb.service.js';

export const FEED_QUEUE = 'tzdb-feed';
/** An IANA tarball is about 450 KB; anything far larger is not one. */
const MAX_ARCHIVE_BYTES = 8 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 64 * 1024;
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** What one check of the feed came to. */
export type FeedOutcome = 'unchanged' | 'activated' | 'waiting' | 'refused' | 'error';
/** The feed's state as the console, /metrics and /api/health show it: off, or the last check's outcome. */
export type FeedState = 'off' | 'unknown' | FeedOutcome;

export interface FeedCheck {
  outcome: FeedOutcome;
  version: string | null;
  reason: string | null;
  changes?: ReleaseChanges | null;
}

export interface FeedStatus {
  enabled: boolean;
  url: string | null;
  state: FeedState;
  autoActivate: boolean;
  trustedKeys: string[];
  intervalMs: number;
  lastCheckedAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  newestVersion: string | null;
  newestSeenAt: string | null;
}

interface StateRow {
  url: string;
  etag: string | null;
  last_modified: string | null;
  state: FeedState;
  last_checked_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  newest_version: string | null;
  newest_seen_at: Date | null;
}

class Refusal extends Error {
  /** A signature problem may be mended without a new archive (IANA publishes the .asc after the tarball): check it again. */
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

/**
 * The IANA release feed (TZDB_FEED_URL): a job on the job engine, keyed by its interval window so it runs once per
 * TZDB_FEED_INTERVAL_MS across every instance. A check is one conditional GET (ETag, If-Modified-Since); a new archive
 * is verified against its detached signature (`<url>.asc`, TZDB_FEED_KEYS, openpgp), compiled and checked like an
 * upload, and must be newer than the active release. Then it goes live (TZDB_AUTO_ACTIVATE) or waits for a super admin.
 * Every check, download, refusal and activation is in the audit log and the log; the active release stays on any fault.
 */
@Injectable()
export class ReleaseFeed implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('TzdbFeed');
  private keys: openpgp.PublicKey[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly auditTrail: AuditTrail,
    private readonly feedState: FeedStateRepository,
    private readonly jobs: JobQueue,
    private readonly tzdb: TzdbService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.TZDB_FEED_URL);
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    if (this.config.tzdbFeedKeys) {
      try {
        this.keys = await openpgp.readKeys({ armoredKeys: this.config.tzdbFeedKeys });
      } catch (err) {
        throw new Error(`Invalid environment variable TZDB_FEED_KEYS: ${(err as Error).message}`, { cause: err });
      }
    }
    this.jobs.define<{ window: number }>({
      queue: FEED_QUEUE,
      // A failed check is recorded and the next window checks again: no retries that would check twice in one window.
      options: { retryLimit: 0, expireInSeconds: 300 },
      handle: async ({ window }) => {
        await this.schedule(window + 1);
        await this.check();
      },
    });
  }

  /** Every instance seeds the current window at start; the job's key makes the seeds one job. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    await this.schedule(Math.floor(Date.now() / this.config.TZDB_FEED_INTERVAL_MS));
    this.logger.log(
      `Checking ${this.config.TZDB_FEED_URL} every ${Math.round(this.config.TZDB_FEED_INTERVAL_MS / 1000)} s; ` +
        `${this.keys.length} trusted key(s); ${this.config.tzdbAutoActivate ? 'verified releases go live on their own' : 'new releases wait for a super admin'}`,
    );
  }

  private async schedule(window: number): Promise<void> {
    const startAfter = new Date(window * this.config.TZDB_FEED_INTERVAL_MS);
    await this.jobs.send(
      FEED_QUEUE,
      { window },
      { key: `window-${this.config.TZDB_FEED_INTERVAL_MS}-${window}`, ...(startAfter.getTime() > Date.now() && { startAfter }) },
    );
  }

  /** One check of the feed (the job's work; also what "Check now" in the console runs). */
  async check(): Promise<FeedCheck> {
    const url = this.config.TZDB_FEED_URL!;
    const state = await this.readState(url);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { ...(state.etag && { 'if-none-match': state.etag }), ...(state.last_modified && { 'if-modified-since': state.last_modified }) },
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
    } catch (err) {
      return this.finish({ outcome: 'error', version: null, reason: `the feed could not be reached: ${(err as Error).message}` });
    }
    if (response.status === 304) {
      await response.body?.cancel();
      return this.finish({ outcome: 'unchanged', version: null, reason: null });
    }
    if (!response.ok) {
      await response.body?.cancel();
      return this.finish({ outcome: 'error', version: null, reason: `the feed answered HTTP ${response.status}` });
    }
    const validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
    let release: TzRelease | null = null;
    try {
      const archive = await readBounded(response, MAX_ARCHIVE_BYTES, 'the archive');
      await this.audit('tzdb.feed_download', 'feed', { url, bytes: archive.length });
      const signature = await this.verify(url, archive);
      try {
        release = compileUpload(archive);
      } catch (err) {
        throw new Refusal(`the archive is damaged or does not compile: ${(err as Error).message}`);
      }
      const source: ReleaseSource = { release, bytes: archive, description: `feed ${new URL(url).pathname.split('/').pop()}`, origin: 'feed', signature };
      if (await this.tzdb.isStored(release.version, release.digest)) {
        return this.finish({ outcome: 'unchanged', version: release.version, reason: null }, validators, release.version);
      }
      const active = this.tzdb.version;
      // The feed's usual state: IANA's latest is the release answering here (perhaps from another source, e.g. bundled).
      if (compareTzVersions(release.version, active) === 0) {
        return this.finish({ outcome: 'unchanged', version: release.version, reason: null }, validators, release.version);
      }
      if (compareTzVersions(release.version, active) < 0) {
        throw new Refusal(`${release.version} is older than the active release ${active}`);
      }
      if (signature === 'verified' && this.config.tzdbAutoActivate) {
        const result = await this.tzdb.activateFromFeed(source);
        return this.finish({ outcome: 'activated', version: release.version, reason: null, changes: result.changes }, validators, release.version);
      }
      const { id: _stored, ...changes } = await this.tzdb.storeWaiting(source);
      await this.audit('tzdb.feed_wait', release.version, { signature, changedZones: changes.zones.map((z) => z.zone) });
      return this.finish(
        { outcome: 'waiting', version: release.version, reason: signature === 'verified' ? 'verified, waiting' : 'unsigned, waiting', changes },
        validators,
        release.version,
      );
    } catch (err) {
      if (err instanceof Refusal) {
        // Refused for its content: the same archive is not downloaded again (its validators are kept), a new one is.
        // Refused for its signature: the next check downloads it again, in case the signature is mended.
        return this.finish(
          { outcome: 'refused', version: release?.version ?? null, reason: err.message },
          err.retry ? undefined : validators,
          release?.version ?? null,
        );
      }
      return this.finish({ outcome: 'error', version: release?.version ?? null, reason: redactForLog(err) });
    }
  }

  /** 'verified' against a trusted key, 'unsigned' when no key is configured; anything else refuses the release. */
  private async verify(url: string, archive: Buffer): Promise<'verified' | 'unsigned'> {
    if (!this.keys.length) return 'unsigned';
    let armored: string;
    try {
      const res = await fetch(`${url}.asc`, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
      if (!res.ok) {
        await res.body?.cancel();
        throw new Refusal(`its signature ${url}.asc answered HTTP ${res.status}`, true);
      }
      armored = (await readBounded(res, MAX_SIGNATURE_BYTES, 'the signature')).toString('utf8');
    } catch (err) {
      if (err instanceof Refusal) throw err;
      throw new Refusal(`its signature could not be downloaded: ${(err as Error).message}`, true);
    }
    try {
      const signature = await openpgp.readSignature({ armoredSignature: armored });
      const message = await openpgp.createMessage({ binary: archive });
      const { signatures } = await openpgp.verify({ message, signature, verificationKeys: this.keys, expectSigned: true, format: 'binary' });
      await signatures[0].verified;
      return 'verified';
    } catch (err) {
      throw new Refusal(`the signature does not verify against TZDB_FEED_KEYS: ${(err as Error).message}`, true);
    }
  }

  private async finish(
    check: FeedCheck,
    validators?: { etag: string | null; lastModified: string | null },
    seenVersion: string | null = null,
  ): Promise<FeedCheck> {
    const url = this.config.TZDB_FEED_URL!;
    const before = await this.readState(url);
    const newer = seenVersion !== null && (before.newest_version === null || compareTzVersions(seenVersion, before.newest_version) > 0);
    const failed = check.outcome === 'error';
    await this.feedState.write({
      url,
      etag: validators ? validators.etag : before.etag,
      last_modified: validators ? validators.lastModified : before.last_modified,
      state: check.outcome,
      last_success_at: failed ? before.last_success_at : new Date(),
      last_error: check.outcome === 'refused' || failed ? check.reason : null,
      newest_version: newer ? seenVersion : before.newest_version,
      newest_seen_at: newer ? new Date() : before.newest_seen_at,
    });
    const action: AuditAction = check.outcome === 'refused' ? 'tzdb.feed_refuse' : 'tzdb.feed_check';
    if (check.outcome !== 'activated' && check.outcome !== 'waiting') {
      await this.audit(action, check.version ?? 'feed', { url, outcome: check.outcome, reason: check.reason });
    }
    await this.tzdb.readFeedState().catch(() => undefined);
    if (check.outcome === 'refused')
      await this.alertSuperAdmins(check).catch((err: unknown) => this.logger.error(`Could not queue the refusal alert: ${redactForLog(err)}`));
    const line = `tz feed ${url}: ${check.outcome}${check.version ? ` (${check.version})` : ''}${check.reason ? `: ${check.reason}` : ''}`;
    if (check.outcome === 'refused' || check.outcome === 'error') this.logger.error(line);
    else this.logger.log(line);
    return check;
  }

  /** One mail per super admin and refusal (the same refusal found again next hour is not mailed again). */
  private async alertSuperAdmins(check: FeedCheck): Promise<void> {
    const admins = await this.users.fork().openSuperAdmins();
    const refusal = createHash('sha256')
      .update(`${check.version ?? ''}\u0000${check.reason ?? ''}`)
      .digest('hex')
      .slice(0, 24);
    const rendered = feedRefusalMail({ version: check.version, consoleUrl: `${this.config.appUrl}/admin/tzdb` });
    for (const admin of admins) {
      await this.mail.queue(
        { to: admin.email, subject: rendered.subject, text: rendered.text, html: rendered.html },
        { key: `tzdb-feed-refusal:${refusal}:${admin.email}` },
      );
    }
  }

  private async audit(action: AuditAction, target: string, after: Record<string, unknown>): Promise<void> {
    await this.auditTrail.record({ actorId: null, actorEmail: FEED_ACTOR.email, action, targetType: 'tz_release', targetId: target.slice(0, 64), after });
  }

  private async readState(url: string): Promise<StateRow> {
    const row = (await this.feedState.read()) as StateRow | null;
    // Validators belong to one URL: a new TZDB_FEED_URL starts without them.
    if (!row || row.url !== url)
      return {
        url,
        etag: null,
        last_modified: null,
        state: 'unknown',
        last_checked_at: null,
        last_success_at: null,
        last_error: null,
        newest_version: null,
        newest_seen_at: null,
      };
    return row;
  }

  /** The console's, /metrics' and /api/health's view of the feed. */
  async status(): Promise<FeedStatus> {
    const base = {
      enabled: this.enabled,
      url: this.config.TZDB_FEED_URL ?? null,
      autoActivate: this.enabled && this.config.tzdbAutoActivate,
      trustedKeys: this.keys.map((k) => k.getFingerprint().toUpperCase()),
      intervalMs: this.config.TZDB_FEED_INTERVAL_MS,
    };
    if (!this.enabled) {
      return { ...base, state: 'off', lastCheckedAt: null, lastSuccessAt: null, lastError: null, newestVersion: null, newestSeenAt: null };
    }
    const row = await this.readState(this.config.TZDB_FEED_URL!);
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return {
      ...base,
      state: row.state,
      lastCheckedAt: iso(row.last_checked_at),
      lastSuccessAt: iso(row.last_success_at),
      lastError: row.last_error,
      newestVersion: row.newest_version,
      newestSeenAt: iso(row.newest_seen_at),
    };
  }
}

/** A response body up to `limit` bytes; a larger one is refused without reading it all. */
async function readBounded(response: Response, limit: number, what: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) {
    await response.body?.cancel();
    throw new Refusal(`${what} is ${declared} bytes, over the ${limit}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += (chunk as Uint8Array).length;
    if (size > limit) throw new Refusal(`${what} is over the ${limit}-byte limit`);
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}
