import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { Lifecycle } from '../../common/core/lifecycle.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { usesQuota } from './usage-record.js';
import type { UsageRow } from './usage-record.js';
import { UsageReadCache } from './usage-read-cache.js';
import { UsageRepository } from './usage.repository.js';
import { UsageWal } from './usage-wal.js';

/**
 * Rows per transaction. Under load a batch fills in a fraction of USAGE_FLUSH_MS, so this sets how many transactions
 * and roll-up upserts PostgreSQL (which shares the cores) does per second: 8,000 rather than 2,000 took time/current
 * from 0.36 to 0.39 of bare node:http in the bench, p99 unchanged at 5 ms.
 */
export const BATCH_SIZE = 8000;
/** While PostgreSQL is away the buffer grows up to this many rows (about 300 MB) before the oldest are dropped. */
const MAX_BUFFERED = 1_000_000;
/** How often segments of processes that are gone are looked for (and replayed) besides at start. */
const REPLAY_EVERY_MS = 30_000;

/**
 * The usage table's writer: buffers one usage row per metered request (answered, refused or limited; the gateway's
 * metering hook and the MCP endpoint hand them in) and writes them in batches at least every USAGE_FLUSH_MS; keeps
 * them and retries while the database is down; flushes on graceful shutdown. Each row is appended to a write-ahead
 * file (UsageWal) as it is recorded, before its answer goes out, so a process killed with unwritten rows loses none:
 * the next start (or another instance sharing DATA_DIR) replays them, once each.
 */
@Injectable()
export class UsageRecorder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('UsageRecorder');
  private buffer: UsageRow[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  /** The batch being written right now (out of the buffer until it commits or comes back). */
  private inflight: UsageRow[] | null = null;
  private failing = false;
  /** Rows accepted and rows written since start (the bench compares them with requests answered). */
  recorded = 0;
  written = 0;
  dropped = 0;
  /** Rows written to the spool at shutdown, and read back from it at start. */
  spooled = 0;
  replayed = 0;
  /** The write-ahead file (null when USAGE_WAL=false, the bench's "before"). */
  private wal: UsageWal | null = null;
  /** Segments taken over from processes that are gone, not replayed yet (the database was away). */
  private replayFiles: string[] = [];
  private lastReplay = 0;

  constructor(
    private readonly store: UsageRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly lifecycle?: Lifecycle,
    @Optional() private readonly readCache?: UsageReadCache,
  ) {}

  /** Another host's segment untouched this long belongs to a process that is gone (a live one seals at every flush). */
  private get staleMs(): number {
    return Math.max(60_000, 5 * this.config.USAGE_FLUSH_MS);
  }

  private get spoolDir(): string {
    return join(this.config.dataDir, 'usage-spool');
  }

  /** Replays what processes that are gone left unwritten before this one serves, so quotas start from every row. */
  async onModuleInit(): Promise<void> {
    if (this.config.USAGE_WAL !== false) this.wal = new UsageWal(this.config.dataDir, (message) => this.logger.error(message));
    this.loadSpool();
    await this.replay();
    this.timer = setInterval(() => void this.flush(), this.config.USAGE_FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Buffers the row, appended to the write-ahead file first. `onWritten` (the metering hook's answer) is called once the
   * row is in the file: at the end of this turn of the event loop, with the other rows of the turn in one write().
   */
  record(row: UsageRow, onWritten?: () => void): void {
    if (this.wal) this.buffer.push(this.wal.append(row, onWritten));
    else {
      this.buffer.push(row);
      onWritten?.();
    }
    this.recorded++;
    if (this.buffer.length > MAX_BUFFERED) {
      // The dropped rows stay in their write-ahead segments, replayed at the next start.
      const excess = this.buffer.length - MAX_BUFFERED;
      this.buffer.splice(0, excess);
      this.dropped += excess;
      this.logger.error(
        `Usage buffer full while the database is unreachable: dropped ${excess} oldest rows${this.wal ? ` from memory (kept in ${this.wal.dir})` : ''}`,
      );
    }
    if (this.buffer.length === BATCH_SIZE && !this.failing) void this.flush();
  }

  /** Hits of the account that used its quota and are still waiting to be written (epoch ms). */
  bufferedQuotaHits(userId: string, sinceMs: number): number[] {
    const hits: number[] = [];
    for (const row of this.inflight ? this.inflight.concat(this.buffer) : this.buffer) {
      const t = row.timestamp;
      if (row.userId === userId && t > sinceMs && usesQuota(row.statusCode)) hits.push(t);
    }
    return hits;
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** How long the oldest unwritten row has waited, in ms (0 when nothing waits). */
  get flushLagMs(): number {
    const oldest = this.inflight?.[0] ?? this.buffer[0];
    return oldest ? Math.max(0, Date.now() - oldest.timestamp) : 0;
  }

  /** Writes everything buffered so far (serialised: one flush at a time). Never throws. */
  flush(): Promise<void> {
    // New rows go to a new segment: the sealed one is deleted as soon as its rows have committed.
    this.wal?.seal();
    this.chain = this.chain.then(() => this.drain());
    if (this.wal && Date.now() - this.lastReplay >= REPLAY_EVERY_MS) this.chain = this.chain.then(() => this.replay());
    return this.chain;
  }

  /**
   * Writes the rows buffered when it starts, BATCH_SIZE at a time. Rows recorded meanwhile wait for the next flush:
   * chasing them wrote a batch of a few hundred rows every few milliseconds under load (88 transactions a second at
   * 28,000 answers a second), and PostgreSQL spent on the transactions what the batches saved.
   */
  private async drain(): Promise<void> {
    for (let left = this.buffer.length; left > 0 && this.buffer.length;) {
      const batch = this.buffer.splice(0, Math.min(BATCH_SIZE, left));
      left -= batch.length;
      this.inflight = batch;
      try {
        // A retry (its commit may have gone through) or rows old enough for their segment to be claimed by another
        // instance are written skipping ids already there; a fresh batch, the hot path, is inserted as it is.
        const dedupe = this.failing || Date.now() - batch[0].timestamp > this.staleMs / 2;
        await this.store.write(batch, dedupe);
        this.readCache?.invalidate(new Set(batch.map((row) => row.userId)));
        this.inflight = null;
        this.written += batch.length;
        this.wal?.committed(batch);
        if (this.failing) this.logger.log('Usage writes resumed');
        this.failing = false;
      } catch (err) {
        // Put the rows back in front, in order, and retry at the next tick.
        this.inflight = null;
        this.buffer = batch.concat(this.buffer);
        if (!this.failing) this.logger.error(`Usage write failed (${(err as Error).message}); keeping ${this.buffer.length} rows and retrying`);
        this.failing = true;
        return;
      }
    }
  }

  /**
   * Writes the rows of write-ahead segments left by processes that are gone (killed, crashed, or stopped while the
   * database was away). Rows already written are skipped by their id, so a segment replayed twice counts once.
   */
  private async replay(): Promise<void> {
    if (!this.wal) return;
    this.lastReplay = Date.now();
    this.replayFiles.push(...this.wal.claimOrphans(this.staleMs));
    while (this.replayFiles.length) {
      const file = this.replayFiles[0];
      try {
        const rows = UsageWal.read(file);
        let inserted = 0;
        for (let i = 0; i < rows.length; i += BATCH_SIZE) inserted += await this.store.write(rows.slice(i, i + BATCH_SIZE), true);
        if (inserted) this.readCache?.invalidate(new Set(rows.map((row) => row.userId)));
        this.replayed += inserted;
        this.wal.remove(file);
        this.replayFiles.shift();
        this.logger.log(
          `Replayed ${rows.length} usage rows left by a process that stopped before writing them (${inserted} new, ${rows.length - inserted} already written)`,
        );
      } catch (err) {
        this.logger.error(`Replaying usage file ${file} failed (${(err as Error).message}); retrying later`);
        return;
      }
    }
  }

  /**
   * Runs after the HTTP server has stopped and the last answers were metered: writes what is buffered, retrying while
   * the shutdown deadline allows, and spools the rest to disk. Leaves a second of the deadline for the rest of the exit.
   */
  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const until = (this.lifecycle?.deadline ?? Date.now() + 10_000) - 1000;
    for (let attempt = 0; attempt < 5 && this.buffer.length && Date.now() < until; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(500, Math.max(0, until - Date.now()))));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        this.flush().then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, until - Date.now())))),
      ]);
      clearTimeout(timer);
      if (timedOut) break;
    }
    this.spoolNow();
    await Promise.race([this.store.close(), new Promise((r) => setTimeout(r, 500).unref())]);
  }

  /**
   * Leaves everything not written yet for the next start, synchronously: the end of a shutdown, or its last resort when
   * the deadline is reached. A write still under way has not committed: its rows are kept with the rest. Rows are in
   * the write-ahead segments already; only those whose append failed are spooled.
   */
  spoolNow(): void {
    if (this.inflight) {
      this.buffer = this.inflight.concat(this.buffer);
      this.inflight = null;
    }
    this.wal?.close();
    if (this.wal && this.buffer.length) {
      const unlogged = this.buffer.filter((row) => !(row as { segment?: unknown }).segment);
      const logged = this.buffer.length - unlogged.length;
      if (logged) this.logger.warn(`Database unreachable at shutdown: ${logged} usage rows kept in ${this.wal.dir}, written at the next start`);
      this.spooled += logged;
      this.buffer = unlogged;
    }
    if (this.buffer.length) this.spool();
  }

  /** Rows not in a write-ahead segment (USAGE_WAL=false, or its write failed) go to a file under DATA_DIR at shutdown. */
  private spool(): void {
    try {
      mkdirSync(this.spoolDir, { recursive: true });
      const file = join(this.spoolDir, `usage-${Date.now()}-${process.pid}.jsonl`);
      const rows = this.buffer.map(({ timestamp, userId, keyId, endpoint, method, statusCode, responseMs, ipAddress }) =>
        JSON.stringify({ timestamp, userId, keyId, endpoint, method, statusCode, responseMs, ipAddress }),
      );
      writeFileSync(file, rows.join('\n') + '\n', { mode: 0o600 });
      this.spooled += this.buffer.length;
      this.logger.warn(`Database unreachable at shutdown: ${this.buffer.length} usage rows kept in ${file}`);
      this.buffer = [];
    } catch (err) {
      this.logger.error(`Shutdown with ${this.buffer.length} usage rows not written: ${(err as Error).message}`);
    }
  }

  private loadSpool(): void {
    if (!existsSync(this.spoolDir)) return;
    for (const name of readdirSync(this.spoolDir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()) {
      const file = join(this.spoolDir, name);
      try {
        const rows = readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const row = JSON.parse(line) as Omit<UsageRow, 'timestamp'> & { timestamp: number | string };
            // Spools written before timestamps were epoch milliseconds hold ISO strings.
            return { ...row, timestamp: typeof row.timestamp === 'string' ? Date.parse(row.timestamp) : row.timestamp };
          });
        // Logged again like new rows, so they also outlive a crash before they are written.
        for (const row of rows) this.buffer.push(this.wal ? this.wal.append(row) : row);
        this.replayed += rows.length;
        rmSync(file);
        this.logger.log(`Read back ${rows.length} usage rows spooled at the last shutdown`);
      } catch (err) {
        this.logger.error(`Could not read spooled usage file ${file}: ${(err as Error).message}`);
      }
    }
  }
}
