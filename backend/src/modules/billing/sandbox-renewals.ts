import { PLANS } from '../../config/plans.js';
import { PLAN_DESCRIPTIONS } from './payment-gateway.js';
import { chargeInvoice } from './sandbox-charge.js';
import { addMonth, sandboxId } from './sandbox-objects.js';
import type { InvoiceData, PaymentMethodData, SubscriptionData } from './sandbox-objects.js';
import type { SandboxRepository } from './sandbox.repository.js';

/**
 * Ends or renews every subscription whose period is over (what Stripe's billing clock does):
 * canceling ones end, others are charged again; answers the subscriptions that changed.
 */
export async function renewDueSubscriptions(repository: SandboxRepository, now: Date): Promise<string[]> {
  const candidates = await repository.fork().find('subscription');
  const due = candidates.filter((s) => {
    const d = s.data as unknown as SubscriptionData;
    return ['active', 'past_due'].includes(d.status) && new Date(d.currentPeriodEnd).getTime() <= now.getTime();
  });
  const changed: string[] = [];
  for (const candidate of due) {
    await repository.transaction(async (db) => {
      const sub = await db.load<SubscriptionData>('subscription', candidate.id, true);
      if (!sub || new Date(sub.data.currentPeriodEnd).getTime() > now.getTime()) return;
      if (sub.data.cancelAtPeriodEnd || sub.data.status === 'past_due') {
        sub.data = { ...sub.data, status: 'canceled' };
      } else {
        const invoice = db.put<InvoiceData>('invoice', sandboxId('in'), sub.customerId, {
          subscriptionId: sub.id,
          description: PLAN_DESCRIPTIONS[sub.data.plan],
          amountCents: PLANS[sub.data.plan].priceMonthly * 100,
          currency: PLANS[sub.data.plan].currency,
          status: 'pending',
          paidAt: null,
          billingReason: 'subscription_cycle',
          plan: sub.data.plan,
          periodStart: sub.data.currentPeriodEnd,
          periodEnd: addMonth(new Date(sub.data.currentPeriodEnd)).toISOString(),
        });
        const card = await db.load<PaymentMethodData>('payment_method', sub.data.paymentMethodId);
        const payment = chargeInvoice(db, invoice, card, true);
        const end = new Date(sub.data.currentPeriodEnd);
        sub.data =
          payment.kind === 'succeeded'
            ? { ...sub.data, status: 'active', currentPeriodStart: end.toISOString(), currentPeriodEnd: addMonth(end).toISOString() }
            : { ...sub.data, status: 'past_due' };
      }
      changed.push(sub.id);
    });
  }
  return changed;
}
