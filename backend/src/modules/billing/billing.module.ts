import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import { ACCOUNT_BILLING } from '../accounts/account-billing.port.js';
import type { AppConfig } from '../../config/config.js';
import { BillingCommands } from './billing-commands.js';
import { BillingWebhookController } from './billing-webhook.controller.js';
import { BillingController } from './billing.controller.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { InvoiceRecorder } from './invoice-recorder.js';
import { PAYMENT_GATEWAY } from './payment-gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import { SandboxClock } from './sandbox-clock.js';
import { SandboxBillingController } from './sandbox.controller.js';
import { SandboxGateway } from './sandbox.gateway.js';
import { SandboxRepository } from './sandbox.repository.js';
import { StripeGateway } from './stripe.gateway.js';

/**
 * Paid plans: Stripe when its keys are configured, the built-in sandbox otherwise (one PaymentGateway interface).
 * Global and exporting only its published commands, so the console and self-service reach them without importing it.
 */
@Global()
@Module({
  controllers: [BillingController, BillingWebhookController, SandboxBillingController],
  providers: [
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, SandboxRepository],
      useFactory: (config: AppConfig, sandbox: SandboxRepository): PaymentGateway =>
        config.stripeEnabled ? new StripeGateway(config) : new SandboxGateway(sandbox, config),
    },
    BillingService,
    InvoiceRecorder,
    BillingRepository,
    SandboxRepository,
    BillingCommands,
    // The port of accounts: an account's closure ends its subscriptions through it.
    { provide: ACCOUNT_BILLING, useExisting: BillingCommands },
    SandboxClock,
  ],
  exports: [BillingCommands, ACCOUNT_BILLING],
})
export class BillingModule {}
