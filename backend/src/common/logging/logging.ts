import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
 * (no key hashes, ciphertexts, tokens or row data), structured secrets censored by path.
 */
export function createRootLogger(config: Pick<AppConfig, 'LOG_LEVEL' | 'NODE_ENV'>): pino.Logger {
  const pretty = config.NODE_ENV === 'development' && process.env.LOG_FORMAT !== 'json';
  return pino({
    level: config.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map(redactArg) as Parameters<typeof method>);
      },
    },
    ...(pretty && { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }),
  });
}

/** The access log's write buffer: lines go out in blocks of about this many bytes (one write() for ~15 lines). */
const ACCESS_LOG_BLOCK = 4096;

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
}

export interface AccessLog {
  enabled: boolean;
  write(line: AccessLine): void;
  flush(): void;
  close(): void;
}

const json = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

/**
 * The access log: one JSON line per answer, of fields the app itself chose (ids, route, path without query, status,
 * time): nothing in it can hold a secret, so it skips the root logger's redaction and message hook, and its line is
 * written out directly in pino's own shape (level, time, pid, hostname, the fields, msg "request"; every string through
 * JSON.stringify), which was most of a logged answer's cost. Lines go to stdout in blocks of about 4 KB, written
 * synchronously when a block is full, at least once a second, and at exit, instead of one write() per answer. What a
 * SIGKILL can lose is the last second's access lines, never a usage row: those have their own write-ahead file. In
 * development's pretty mode the root logger writes them.
 */
export function createAccessLog(config: Pick<AppConfig, 'LOG_LEVEL' | 'NODE_ENV'>, root: pino.Logger, dest: number | string = 1): AccessLog {
  const enabled = root.isLevelEnabled('info');
  if (config.NODE_ENV === 'development' && process.env.LOG_FORMAT !== 'json') {
    return { enabled, write: (line) => root.info(line, 'request'), flush: () => undefined, close: () => undefined };
  }
  const destination = pino.destination({ dest, sync: true, minLength: ACCESS_LOG_BLOCK });
  const flush = (): void => {
    try {
      destination.flushSync();
    } catch {
      // stdout gone (EPIPE at exit): nothing left to write to.
    }
  };
  const timer = setInterval(flush, 1000);
  timer.unref();
  accessLogFlushes.add(flush);
  const head = `{"level":30,"time":"`;
  const origin = `","pid":${process.pid},"hostname":${JSON.stringify(hostname())},"requestId":`;
  return {
    enabled,
    write: (l) =>
      destination.write(
        `${head}${new Date().toISOString()}${origin}${json(l.requestId)},"method":${json(l.method)},"route":${json(l.route)},"path":${json(l.path)},` +
          `"status":${l.status},"ms":${l.ms},"accountId":${json(l.accountId)},"keyId":${json(l.keyId)},"msg":"request"}\n`,
      ),
    flush,
    close: () => {
      clearInterval(timer);
      flush();
      accessLogFlushes.delete(flush);
    },
  };
}

/** Every open access log's flush, run once at process exit (one listener however many apps a test process starts). */
const accessLogFlushes = new Set<() => void>();
process.once('exit', () => {
  for (const flush of accessLogFlushes) flush();
});

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

/** A request's id: the trusted proxy's X-Request-Id when it sent a sane one, else a new UUID. */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    if (trustProxy) {
      const given = req.headers['x-request-id'];
      if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
    }
    return randomUUID();
  };
}
