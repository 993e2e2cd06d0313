import { randomBytes } from 'node:crypto';
import type { PaymentOutcome } from './payment-gateway.js';
import type { SandboxObject } from './sandbox-object.entity.js';
import { sandboxId } from './sandbox-objects.js';
import type { InvoiceData, PaymentIntentData, PaymentMethodData } from './sandbox-objects.js';
import type { SandboxRepository } from './sandbox.repository.js';

export const DECLINED = 'Your card was declined.';

/** Charges the card for an invoice the way Stripe would: paid, waiting for 3-D Secure, or refused. */
export function chargeInvoice(db: SandboxRepository, invoice: SandboxObject, card: SandboxObject | null, offSession: boolean): PaymentOutcome {
  const data = invoice.data as unknown as InvoiceData;
  const pm = card?.data as unknown as PaymentMethodData | undefined;
  const behaviour = pm?.behaviour ?? 'declined';
  // Nothing to charge (a prorated downgrade): paid as it stands, whatever the card, as Stripe does.
  if (data.amountCents === 0) {
    invoice.data = { ...data, status: 'paid', paidAt: new Date().toISOString() };
    return { kind: 'succeeded' };
  }
  if (behaviour === 'succeeds' || (behaviour === 'requires_action' && offSession && pm?.authenticated && card?.id)) {
    invoice.data = { ...data, status: 'paid', paidAt: new Date().toISOString() };
    return { kind: 'succeeded' };
  }
  if (behaviour === 'requires_action' && !offSession) {
    const intentId = sandboxId('pi');
    const clientSecret = `${intentId}_secret_${randomBytes(12).toString('hex')}`;
    db.put<PaymentIntentData>('payment_intent', intentId, invoice.customerId, {
      invoiceId: invoice.id,
      clientSecret,
      status: 'requires_action',
      paymentMethodId: card!.id,
    });
    invoice.data = { ...data, status: 'pending' };
    return { kind: 'requires_action', clientSecret };
  }
  invoice.data = { ...data, status: 'failed' };
  return {
    kind: 'declined',
    message: behaviour === 'requires_action' ? 'Your bank asked to authenticate this payment. Update your card and try again.' : DECLINED,
  };
}
