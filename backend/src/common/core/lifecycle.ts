import type { Server } from 'node:http';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';

export type LifecycleState = 'starting' | 'ready' | 'stopping';

/** How long before the deadline requests still open lose their connection, so usage can still be written in time. */
const CUT_CONNECTIONS_BEFORE_MS = 3000;

/** How often a closing server's kept-alive connections are looked at for one that has become idle. */
const REAP_IDLE_EVERY_MS = 50;

/** Where the process is in its life: readiness answers from it, and shutdown work reads its deadline. */
@Injectable()
export class Lifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Lifecycle');
  private current: LifecycleState = 'starting';
  private stopDeadline: number | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  get state(): LifecycleState {
    return this.current;
  }

  /** Readiness goes 503 from here on; everything left to do must be done by the deadline. */
  beginShutdown(deadline = Date.now() + this.config.SHUTDOWN_TIMEOUT_MS): void {
    if (this.current === 'stopping') return;
    this.current = 'stopping';
    this.stopDeadline = deadline;
  }

  /** When shutdown work must be finished: the signal's deadline, or SHUTDOWN_TIMEOUT_MS from now for a plain close(). */
  get deadline(): number {
    return this.stopDeadline ?? Date.now() + this.config.SHUTDOWN_TIMEOUT_MS;
  }

  /**
   * Every close (a signal's, or a plain app.close() of an embedding or a test) fixes its deadline here, and requests
   * still open 3 s before it lose their connection: the HTTP server's close waits for them, and a client that never
   * finishes (a stalled upload, a stream nobody reads) must not hold the usage flush and the pools past the deadline.
   */
  beforeApplicationShutdown(): void {
    this.beginShutdown();
    const server = this.adapterHost?.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    const cut = setTimeout(
      () => {
        this.logger.warn('Requests still open near the shutdown deadline: closing their connections');
        server.closeAllConnections();
      },
      Math.max(0, this.deadline - Date.now() - CUT_CONNECTIONS_BEFORE_MS),
    ).unref();
    // Once the server has stopped listening, a kept-alive connection whose last answer has gone out is closed at once:
    // the server's close reaps idle connections only when it starts, and one that was answering then (its answer kept
    // the connection alive) would otherwise hold the close until the cut above.
    const reap = setInterval(() => {
      if (!server.listening) server.closeIdleConnections();
    }, REAP_IDLE_EVERY_MS).unref();
    // The server has closed (its last connection ended): nothing is left to cut or reap.
    server.once('close', () => {
      clearTimeout(cut);
      clearInterval(reap);
    });
  }
}
