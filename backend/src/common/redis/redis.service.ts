import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';

export type CacheState = 'up' | 'degraded' | 'memory';

/** How long a command may take before its caller counts in-process instead (Redis hung, or a network partition). */
export const REDIS_DEADLINE_MS = 500;

/**
 * A Redis reply, or a rejection when Redis has not answered within `ms`. The deadline measures Redis, not this process:
 * a reply can already sit unread in the socket while a busy event loop runs the timer first (ioredis's own
 * `commandTimeout` then drops an answer Redis gave, and a limiter that counts in-process after it grants twice). So the
 * timer gives the poll phase one turn (setImmediate runs after it) before it gives up.
 */
export function withinDeadline<T>(reply: Promise<T>, ms = REDIS_DEADLINE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (done) return;
          done = true;
          reject(new Error(`Redis did not answer within ${ms} ms`));
        }),
      ms,
    );
    reply.then(
      (value) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The shared Redis connection (rate-limit counters, key-revocation fan-out) when REDIS_URL is set.
 * No offline queue: while Redis is away, callers fail fast and fall back to in-process state. A command that hangs is
 * given up by its caller through withinDeadline (not ioredis's commandTimeout, which a busy event loop trips).
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis | null;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  /** Namespace of every key and channel, so several deployments (or test runs) can share one Redis. */
  readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = config.REDIS_PREFIX;
    this.client = config.REDIS_URL ? this.connect(config.REDIS_URL) : null;
  }

  private connect(url: string): Redis {
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    });
    let warned = false;
    client.on('error', (err) => {
      if (!warned) this.logger.warn(`Redis unavailable (${err.message}); using in-process limits until it returns`);
      warned = true;
    });
    client.on('ready', () => {
      if (warned) this.logger.log('Redis connection restored');
      warned = false;
    });
    return client;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /** True when commands can be sent right now. */
  get ready(): boolean {
    return this.client?.status === 'ready';
  }

  state(): CacheState {
    if (!this.client) return 'memory';
    return this.ready ? 'up' : 'degraded';
  }

  async publish(channel: string, message: string): Promise<void> {
    if (!this.ready) return;
    try {
      await withinDeadline(this.client!.publish(this.prefix + channel, message));
    } catch (err) {
      this.logger.warn(`publish to ${channel} failed: ${(err as Error).message}`);
    }
  }

  /** Subscribes on a dedicated connection; handlers run for every message on the channel from any instance. */
  subscribe(name: string, handler: (message: string) => void): void {
    if (!this.client) return;
    const channel = this.prefix + name;
    if (!this.subscriber) {
      this.subscriber = this.client.duplicate({ enableOfflineQueue: true });
      this.subscriber.on('error', () => undefined);
      this.subscriber.on('message', (ch: string, message: string) => this.handlers.get(ch)?.forEach((h) => h(message)));
    }
    if (!this.handlers.has(channel)) {
      this.handlers.set(channel, new Set());
      void this.subscriber.subscribe(channel).catch(() => undefined);
    }
    this.handlers.get(channel)!.add(handler);
  }

  async onApplicationShutdown(): Promise<void> {
    // quit() on a connection that never came up keeps ioredis reconnecting forever; disconnect() stops it.
    const close = (c: Redis | null) => (c?.status === 'ready' ? c.quit() : c?.disconnect());
    await Promise.allSettled([close(this.subscriber), close(this.client)]);
  }
}
