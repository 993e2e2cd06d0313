import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import type { BillingRepository } from './billing.repository.js';
import type { ProviderInvoice } from './payment-gateway.js';

/**
 * The billing history: a provider invoice copied into ours, in the caller's unit of work, and what a newly paid one
 * sets off (the receipt in the mail outbox, the `invoice.paid` webhook event), each once per invoice.
 */
@Injectable()
export class InvoiceRecorder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly mail?: MailService,
    @Optional() private readonly webhooks?: WebhooksService,
  ) {}

  /** Upserts one history row; a row that newly became paid sends a receipt. */
  async record(db: BillingRepository, userId: string, invoice: ProviderInvoice): Promise<void> {
    const before = await db.invoiceStatus(invoice.id);
    await db.upsertInvoice(userId, invoice);
    if (invoice.status === 'paid' && before !== 'paid') {
      await this.queueReceipt(db, userId, invoice);
      await this.webhooks?.emit(userId, 'invoice.paid', InvoiceRecorder.event(invoice), { em: db.unitOfWork, messageKey: `inv_paid_${invoice.id}` });
    }
  }

  /** What the invoice webhook events carry. */
  static event(invoice: ProviderInvoice): Record<string, unknown> {
    return {
      invoiceId: invoice.id,
      number: invoice.number,
      description: invoice.description,
      amount: (invoice.amountCents / 100).toFixed(2),
      currency: invoice.currency.toLowerCase(),
      status: invoice.status,
      plan: invoice.plan,
      paidAt: invoice.paidAt ? new Date(invoice.paidAt).toISOString() : null,
    };
  }

  /** The receipt is an outbox job in the invoice's transaction (when there is one), keyed by the invoice: sent once. */
  private async queueReceipt(db: BillingRepository, userId: string, invoice: ProviderInvoice): Promise<void> {
    if (!this.mail) return;
    const user = await db.user(userId);
    const amount = `${(invoice.amountCents / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`;
    await this.mail.queue(
      {
        to: user.email,
        subject: `Receipt: ${invoice.description}`,
        text: `Thank you for your payment.\n\n${invoice.description}\nAmount: ${amount}\nPaid: ${(invoice.paidAt ?? new Date()).toUTCString()}\n\nYour billing history: ${this.config.appUrl}/dashboard/billing\n`,
      },
      { em: db.unitOfWork, key: `receipt:${invoice.id}` },
    );
  }
}
