import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';

export type LifecycleState = 'starting' | 'ready' | 'stopping';

/** Where the process is in its life: readiness answers from it, and shutdown work reads its deadline. */
@Injectable()
export class Lifecycle implements OnApplicationBootstrap {
  private current: LifecycleState = 'starting';
  private stopDeadline: number | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

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
}
