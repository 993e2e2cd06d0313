import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { BillingService } from './billing.service.js';
import { PAYMENT_GATEWAY } from './payment-gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import { SandboxGateway } from './sandbox.gateway.js';

/** The sandbox's billing clock: once a minute, periods that ended renew or (when canceling) end and the plan follows. */
@Injectable()
export class SandboxClock {
  private readonly logger = new Logger('SandboxClock');
  private running = false;

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly billing: BillingService,
  ) {}

  @Interval('billing-sandbox-clock', 60_000)
  async scheduled(): Promise<void> {
    await this.tick().catch((error: Error) => this.logger.warn(`Sandbox renewal check failed: ${error.message}`));
  }

  async tick(now = new Date()): Promise<string[]> {
    if (!(this.gateway instanceof SandboxGateway) || this.running) return [];
    this.running = true;
    try {
      const changed = await this.gateway.advanceClock(now);
      await this.billing.resyncSubscriptions(changed);
      return changed;
    } finally {
      this.running = false;
    }
  }
}
