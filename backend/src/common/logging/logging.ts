import { randomUUIDv7 } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { closeSync, openSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import type { AppConfig } from '../../config/config.js';
import { redactText } from './redact.js';

/** Nest's start-up chatter (every module and route) buries the lines an operator needs. */
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Structured fields that must never reach a log line, wherever they appear. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.key',
  '*.apiKey',
  '*.hash',
  '*.secret',
  '*.totp',
];

const redactArg = (value: unknown): unknown =>
  typeof value === 'string' ? redactText(value) : value instanceof Error ? redactText(value.stack ?? value.message) : value;

/**
 * The process's one pino logger: JSON lines at LOG_LEVEL (pretty in development), every message through redactText
 * (no key hashes, ciphertexts, tokens or row data), structured secrets censored by path. Each line goes out at once
 * through `out` (stdout's LineBlocks, shared with the access log), so a stalled log reader costs lines, never an
 * answer: pino's own destination sleeps and retries on EAGAIN, stalling the event loop while the reader is away.
 */
export function createRootLogger(config: Pick<AppConfig, 'LOG_LEVEL' | 'NODE_ENV'>, out: LineBlocks = stdoutLines()): pino.Logger {
  const pretty = config.NODE_ENV === 'development' && process.env.LOG_FORMAT !== 'json';
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map(redactArg) as Parameters<typeof method>);
      },
    },
  };
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } });
  return pino(options, {
    write: (line: string) => {
      out.write(line);
      out.flush();
    },
  });
}

/** LineBlocks' write buffer: log lines go out in blocks of about this many bytes (one write() for ~15 access lines). */
const LINE_BLOCK_BYTES = 4096;

/** Log lines kept while the output takes none (a stalled log reader); beyond this they are dropped, never waited for. */
const LINE_BACKLOG_BYTES = 4 * 1024 * 1024;

/** The fields of one access line, in the order they are written. */
export interface AccessLine {
  requestId: string;
  method: string;
  route: string | null;
  path: string;
  status: number;
  ms: number;
  accountId: string | null;
  keyId: string | null;
  /** The client hung up before the answer was written (written as `"aborted":true`; absent otherwise). */
  aborted?: boolean;
}

export interface AccessLog {
  enabled: boolean;
  write(line: AccessLine): void;
  flush(): void;
  close(): void;
}

const json = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

let isoMs = Number.NaN;
let isoText = '';
/**
 * The current time as pino's isoTime writes it, made once per millisecond: an access line is written per answer, many
 * in one millisecond under load, and a Date and its toISOString were half a line's cost (2.9 -> 1.1-1.5 µs per line).
 */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

/**
 * The access log: one JSON line per answer, of fields the app itself chose (ids, route, path without query, status,
 * time): nothing in it can hold a secret, so it skips the root logger's redaction and message hook, and its line is
 * written out directly in pino's own shape (level, time, pid, hostname, the fields, msg "request"; every string through
 * JSON.stringify), which was most of a logged answer's cost. Lines go to stdout in blocks of about 4 KB, written
 * synchronously when a block is full, at least once a second, and at exit, instead of one write() per answer. What a
 * SIGKILL can lose is the last second's access lines, never a usage row: those have their own write-ahead file. A
 * stdout that takes nothing (a stalled log reader) costs lines, not answers. In development's pretty mode the root
 * logger writes them.
 */
export function createAccessLog(config: Pick<AppConfig, 'LOG_LEVEL' | 'NODE_ENV'>, root: pino.Logger, out: LineBlocks = stdoutLines()): AccessLog {
  const enabled = root.isLevelEnabled('info');
  if (config.NODE_ENV === 'development' && process.env.LOG_FORMAT !== 'json') {
    return {
      enabled,
      write: ({ aborted, ...line }) => root.info(aborted ? { ...line, aborted } : line, 'request'),
      flush: () => undefined,
      close: () => undefined,
    };
  }
  const head = `{"level":30,"time":"`;
  const origin = `","pid":${process.pid},"hostname":${JSON.stringify(hostname())},"requestId":`;
  return {
    enabled,
    write: (l) =>
      out.write(
        `${head}${isoNow()}${origin}${json(l.requestId)},"method":${json(l.method)},"route":${json(l.route)},"path":${json(l.path)},` +
          `"status":${l.status},"ms":${l.ms},"accountId":${json(l.accountId)},"keyId":${json(l.keyId)},${l.aborted ? '"aborted":true,' : ''}"msg":"request"}\n`,
      ),
    flush: () => out.flush(),
    // The output is shared (stdout's serves every app of the process): closing the log hands over what waits.
    close: () => out.flush(),
  };
}

/**
 * Lines written to a file descriptor in blocks, synchronously, never waiting: a reader that does not keep up (a full
 * pipe answers EAGAIN, a non-blocking stdout) keeps the block here, the part it did not take included, for the next
 * write or flush; past `backlog` bytes waiting, new lines are dropped; a reader gone for good (EPIPE) ends the writing.
 * What waits goes out at least once a second, and at exit (see finish). Every logger writing to one descriptor shares
 * its LineBlocks, so a block the reader took only part of is never cut into by another logger's line.
 * (pino's SonicBoom sleeps 100 ms and retries on EAGAIN without end, stalling every answer and hanging the exit; told
 * not to retry, its flushSync loses track of a block the pipe took only part of, and tears a line.)
 */
export class LineBlocks {
  private readonly fd: number;
  private readonly ownFd: boolean;
  /** Lines not handed to write() yet. */
  private text = '';
  /** The rest of a block the descriptor took only part of (or none of): written first, byte-exact. */
  private unwritten: Buffer | null = null;
  private gone = false;
  private readonly timer: NodeJS.Timeout;

  /** `dest`: a descriptor (the caller's to close) or a path (opened here, closed by close()). */
  constructor(
    dest: number | string,
    private readonly block = LINE_BLOCK_BYTES,
    private readonly backlog = LINE_BACKLOG_BYTES,
  ) {
    this.ownFd = typeof dest === 'string';
    this.fd = typeof dest === 'string' ? openSync(dest, 'a') : dest;
    this.timer = setInterval(() => this.flush(), 1000);
    this.timer.unref();
    openOutputs.add(this);
  }

  write(line: string): void {
    if (this.gone || this.text.length + (this.unwritten?.length ?? 0) > this.backlog) return;
    this.text += line;
    if (this.text.length >= this.block) this.flush();
  }

  /** Writes what waits, as far as the descriptor takes it now. */
  flush(): void {
    if (this.gone) return;
    try {
      if (!this.writeOut() || !this.text) return;
      this.unwritten = Buffer.from(this.text);
      this.text = '';
      this.writeOut();
    } catch (err) {
      // EAGAIN: the reader is behind, the block waits in `unwritten`. Anything else (EPIPE, EBADF): nobody to write to.
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') {
        this.gone = true;
        this.text = '';
        this.unwritten = null;
      }
    }
  }

  /**
   * At exit, when no answer waits any more: writes what waits, so the last block is not cut inside a line. A reader
   * that is behind gets the time it takes while it keeps reading (up to EXIT_MAX_MS); one that takes nothing for
   * EXIT_IDLE_MS costs the rest.
   */
  finish(): void {
    const start = performance.now();
    let lastProgress = start;
    let waiting = this.waitingBytes();
    for (;;) {
      this.flush();
      const now = performance.now();
      const left = this.waitingBytes();
      if (this.gone || left === 0 || now - start >= EXIT_MAX_MS) return;
      if (left < waiting) lastProgress = now;
      else if (now - lastProgress >= EXIT_IDLE_MS) return;
      waiting = left;
      Atomics.wait(EXIT_PAUSE, 0, 0, 5);
    }
  }

  private waitingBytes(): number {
    return (this.unwritten?.length ?? 0) + this.text.length;
  }

  close(): void {
    clearInterval(this.timer);
    openOutputs.delete(this);
    this.flush();
    if (this.ownFd) closeSync(this.fd);
  }

  /** Writes `unwritten` until done (true) or the descriptor takes no more (false, the rest kept). */
  private writeOut(): boolean {
    while (this.unwritten) {
      const n = writeSync(this.fd, this.unwritten);
      if (n === 0) return false;
      this.unwritten = n < this.unwritten.length ? this.unwritten.subarray(n) : null;
    }
    return true;
  }
}

/** At exit, a log reader that takes nothing for this long is given up on; one that keeps reading, after EXIT_MAX_MS. */
const EXIT_IDLE_MS = 1000;
const EXIT_MAX_MS = 10_000;
const EXIT_PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Every open output, written out once at process exit (one listener however many apps a test process starts). */
const openOutputs = new Set<LineBlocks>();
process.once('exit', () => {
  for (const out of openOutputs) out.finish();
});

let stdout: LineBlocks | null = null;

/**
 * The process's stdout as log lines: one LineBlocks for the root logger and every app's access log. Never closed.
 * A pipe or socket inherited as stdout (a log collector's, a supervisor's) is usually in blocking mode, and there a
 * write() to a full pipe waits for its reader: every answer would then wait for the collector. Opening Node's own
 * process.stdout puts such a descriptor in non-blocking mode (libuv does so for pipes and sockets; a terminal or a
 * file is left as it is), so a full pipe answers EAGAIN and LineBlocks keeps or drops lines instead of waiting.
 * Without it the "never waits" held only where something else had touched process.stdout first.
 */
export function stdoutLines(): LineBlocks {
  if (!stdout) {
    void process.stdout;
    stdout = new LineBlocks(1);
  }
  return stdout;
}

/** Nest's logger over the same pino logger (nestjs-pino), without the start-up chatter. */
export class AppLogger extends PinoNestLogger {
  readonly pino: PinoLogger;

  constructor(root: pino.Logger) {
    const logger = new PinoLogger({ pinoHttp: { logger: root } });
    super(logger, {});
    this.pino = logger;
  }

  /** Runs `fn` so that every line Nest code logs inside it (and in what it awaits) carries the request id. */
  inRequest(requestId: string, fn: () => void): void {
    this.pino.runInContext(fn, { bindings: { requestId } });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && QUIET_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A request's id: the trusted proxy's X-Request-Id when it sent a sane one, else a new UUIDv7 (RFC 9562: the time in
 * its first 48 bits, then random). Every metered answer's id goes into the request log's index; ids that grow with time
 * are inserted at its right edge, where a random UUID lands on any of its pages (2.6 µs less PostgreSQL CPU per row,
 * 16-21 -> 14-19, and a fuller index).
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    if (trustProxy) {
      const given = req.headers['x-request-id'];
      if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
    }
    return randomUUIDv7();
  };
}
