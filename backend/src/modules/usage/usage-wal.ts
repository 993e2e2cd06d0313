import { randomInt } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { UsageRow } from './usage-record.js';
import { isUuid } from '../../common/http/uuid.js';

/** One file of this process's write-ahead log: deleted once it is sealed and every row in it has committed. */
export interface WalSegment {
  path: string;
  fd: number | null;
  /** Rows appended and not yet committed to PostgreSQL. */
  pending: number;
}

/** A row as the recorder buffers it: its id and the segment that holds it. */
export interface LoggedRow extends UsageRow {
  rowId: number;
  segment: WalSegment | null;
}

/** Row ids: a random 28-bit writer number times 2^24 plus a counter, below 2^53 (exact in a JS number and in int8). */
const SEQ_BITS = 2 ** 24;
const LINE_BREAK = /[\t\n\r]/;

/**
 * The usage write-ahead log: every metered row is appended with one write() to a file under DATA_DIR/usage-wal before
 * the answer goes out. No fsync: the kernel keeps what a killed process wrote (a power loss can still lose what the
 * page cache had not written back, see README). Each process writes its own segments, sealed at every flush and deleted
 * once their rows committed; segments of a process that died are claimed (renamed) by another one, or the next start,
 * and replayed: rows carry ids, so a replay never counts one twice.
 */
export class UsageWal {
  /** Writers open in this process (tests run several apps in one): their segments are not orphans though the pid matches. */
  private static readonly live = new Set<string>();
  readonly dir: string;
  /** `host~pid~token`: who owns a segment, in its name. */
  private readonly owner: string;
  private readonly host = hostname().replace(/[^\w.-]/g, '_');
  private current: WalSegment | null = null;
  private segmentSeq = 0;
  private writer = randomInt(1, 2 ** 28) * SEQ_BITS;
  private seq = 0;
  /** Rows appended since start. */
  appended = 0;
  /** A write failed (disk full, directory gone): rows are still buffered in memory, once. */
  failing = false;

  constructor(
    dataDir: string,
    private readonly onError: (message: string) => void = () => undefined,
  ) {
    this.dir = join(dataDir, 'usage-wal');
    this.owner = `${this.host}~${process.pid}~${Date.now().toString(36)}${randomInt(0, 2 ** 24).toString(36)}`;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    UsageWal.live.add(this.owner);
  }

  /**
   * Gives the row its id and appends it to the current segment, no fsync. Without `onWritten`, written now (one write()).
   * With it, group commit: the rows of one turn of the event loop go out in one write() at its end (setImmediate), and
   * each `onWritten` is called after that write, so the answer it holds still leaves after its row is in the file.
   */
  append(row: UsageRow, onWritten?: () => void): LoggedRow {
    const logged = row as LoggedRow;
    if (++this.seq === SEQ_BITS) {
      this.writer = randomInt(1, 2 ** 28) * SEQ_BITS;
      this.seq = 1;
    }
    logged.rowId = this.writer + this.seq;
    let segment = this.current;
    try {
      if (!segment) segment = this.current = this.open(`${this.segmentSeq++}`);
    } catch (err) {
      logged.segment = null;
      this.failed(err);
      onWritten?.();
      return logged;
    }
    const endpoint = LINE_BREAK.test(row.endpoint) ? row.endpoint.replace(/[\t\n\r]/g, ' ') : row.endpoint;
    // The request log's fields come last (a segment written before them has 9 fields); none holds a tab or line break.
    this.lines += `${logged.rowId}\t${row.timestamp}\t${row.statusCode}\t${row.responseMs}\t${row.userId}\t${row.keyId}\t${row.method}\t${row.ipAddress ?? ''}\t${endpoint}\t${row.requestId ?? ''}\t${row.problemCode ?? ''}\t${row.query ?? ''}\n`;
    segment.pending++;
    logged.segment = segment;
    this.unwritten.push(logged);
    if (!onWritten) {
      this.writeOut();
      return logged;
    }
    this.waiting.push(onWritten);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.endOfTurn);
    }
    return logged;
  }

  /** Lines appended and not yet written, their rows, and the answers waiting for that write. */
  private lines = '';
  private unwritten: LoggedRow[] = [];
  private waiting: (() => void)[] = [];
  private scheduled = false;

  private readonly endOfTurn = (): void => {
    this.scheduled = false;
    this.writeOut();
  };

  /** Writes the appended lines (one write() for all of them, to the segment they were counted in) and releases the answers waiting. */
  private writeOut(): void {
    const rows = this.unwritten;
    const waiting = this.waiting;
    if (rows.length) {
      const text = this.lines;
      const segment = rows[0].segment!;
      this.lines = '';
      this.unwritten = [];
      try {
        writeSync(segment.fd!, text);
        this.appended += rows.length;
        this.failing = false;
      } catch (err) {
        // Kept in memory only: the rows leave the segment, so it is deleted when its other rows commit.
        for (const row of rows) row.segment = null;
        segment.pending -= rows.length;
        this.failed(err);
      }
    }
    if (waiting.length) {
      this.waiting = [];
      for (const release of waiting) release();
    }
  }

  private failed(err: unknown): void {
    if (!this.failing) this.onError(`Usage write-ahead file not written (${(err as Error).message}): rows are kept in memory only`);
    this.failing = true;
  }

  /** Closes the current segment: the next row opens a new one. A sealed segment whose rows all committed is deleted. */
  seal(): void {
    this.writeOut();
    const segment = this.current;
    if (!segment) return;
    this.current = null;
    this.closeFd(segment);
    if (segment.pending === 0) this.remove(segment.path);
  }

  /** The batch committed: its rows leave their segments, and sealed segments left empty are deleted. */
  committed(rows: readonly UsageRow[]): void {
    const touched = new Set<WalSegment>();
    let last: WalSegment | null | undefined = null;
    for (const row of rows) {
      const segment = (row as Partial<LoggedRow>).segment;
      if (!segment) continue;
      segment.pending--;
      if (segment !== last) touched.add(segment);
      last = segment;
    }
    for (const segment of touched) if (segment.pending === 0 && segment !== this.current) this.remove(segment.path);
  }

  /** Closes the open segment, leaving every file with uncommitted rows on disk for the next start. */
  close(): void {
    this.writeOut();
    if (this.current) this.closeFd(this.current);
    this.current = null;
    UsageWal.live.delete(this.owner);
  }

  /**
   * Takes over the segments of processes that are gone (renamed to this process's name, so exactly one claims each):
   * on this host when their process no longer runs (or is this pid restarted, a container's pid 1); elsewhere when
   * untouched for `staleMs`. A live process seals its segment at every flush, so its files are never that old.
   */
  claimOrphans(staleMs: number): string[] {
    const claimed: string[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return claimed;
    }
    for (const name of names.sort()) {
      if (!name.endsWith('.wal') || name.startsWith(`${this.owner}~`)) continue;
      const [host, pid, token] = name.split('~');
      if (UsageWal.live.has(`${host}~${pid}~${token}`) || !this.isOrphan(name, host, Number(pid), staleMs)) continue;
      const target = join(this.dir, `${this.owner}~replay${this.segmentSeq++}.wal`);
      try {
        renameSync(join(this.dir, name), target);
        claimed.push(target);
      } catch {
        // Claimed by another process first.
      }
    }
    return claimed;
  }

  private isOrphan(name: string, host: string, pid: number, staleMs: number): boolean {
    if (host === this.host && Number.isInteger(pid) && pid > 0) {
      if (pid === process.pid) return true;
      try {
        process.kill(pid, 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') return true;
      }
    }
    try {
      return statSync(join(this.dir, name)).mtimeMs < Date.now() - staleMs;
    } catch {
      return false;
    }
  }

  /** The rows of a segment file; a line that is not a whole, valid row (the torn end of a power loss) is skipped. */
  static read(path: string): LoggedRow[] {
    const rows: LoggedRow[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const f = line.split('\t');
      if (f.length !== 9 && f.length !== 12) continue;
      const [rowId, timestamp, statusCode, responseMs] = [Number(f[0]), Number(f[1]), Number(f[2]), Number(f[3])];
      if (!Number.isSafeInteger(rowId) || rowId <= 0 || !Number.isSafeInteger(timestamp) || timestamp <= 0) continue;
      if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599 || !Number.isFinite(responseMs)) continue;
      if (!isUuid(f[4]) || !isUuid(f[5]) || !/^[A-Z]{1,10}$/.test(f[6]) || f[7].length > 64 || !f[8] || f[8].length > 200) continue;
      if (f.length === 12 && (f[9].length > 128 || f[10].length > 64 || f[11].length > 1000)) continue;
      rows.push({
        rowId,
        timestamp,
        statusCode,
        responseMs,
        userId: f[4],
        keyId: f[5],
        method: f[6],
        ipAddress: f[7] || null,
        endpoint: f[8],
        requestId: f[9] || null,
        problemCode: f[10] || null,
        query: f[11] || null,
        segment: null,
      });
    }
    return rows;
  }

  remove(path: string): void {
    try {
      unlinkSync(path);
    } catch {
      // Already claimed and replayed by another process.
    }
  }

  private open(suffix: string): WalSegment {
    const path = join(this.dir, `${this.owner}~${suffix}.wal`);
    return { path, fd: openSync(path, 'a', 0o600), pending: 0 };
  }

  private closeFd(segment: WalSegment): void {
    if (segment.fd === null) return;
    try {
      closeSync(segment.fd);
    } catch {
      // nothing to keep
    }
    segment.fd = null;
  }
}
