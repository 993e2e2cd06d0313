import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.js';
import { BillingService } from './billing.service.js';
import { PAYMENT_GATEWAY } from './payment-gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import { SandboxGateway } from './sandbox.gateway.js';

/**
 * The sandbox's billing clock: once a minute (a scheduled job, run by one instance of the cluster), periods that ended
 * renew or (when canceling) end and the plan follows.
 */
@Injectable()
export class SandboxClock implements OnModuleInit {
  private running = false;

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly billing: BillingService,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    if (!(this.gateway instanceof SandboxGateway)) return;
    this.jobs.define({
      queue: 'billing-sandbox-clock',
      schedule: '* * * * *',
      options: { retryLimit: 0, expireInSeconds: 50, deleteAfterSeconds: 3600 },
      handle: async () => void (await this.tick()),
    });
  }

  async tick(now = new Date()): Promise<string[]> {
    if (!(this.gateway instanceof SandboxGateway) || this.running) return [];
    this.running = true;
    try {
      const changed = await this.gateway.advanceClock(now);
      await this.resync(changed);
      return changed;
    } finally {
      this.running = false;
    }
  }

  /** Re-reads subscriptions the sandbox changed on its own (renewals, period-end cancellations). */
  private async resync(providerIds: string[]): Promise<void> {
    for (const providerId of providerIds) {
      const remote = await this.gateway.retrieveSubscription(providerId);
      if (!remote) continue;
      const local = await this.billing.sync(remote, {});
      if (local) await this.billing.syncInvoices(local.user.id, remote.customerId);
    }
  }
}
