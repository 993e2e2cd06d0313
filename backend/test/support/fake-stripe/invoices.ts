import { randomBytes } from 'node:crypto';
import { StripeCustomers } from './customers.js';
import { newId, now, StripeHttpError } from './objects.js';
import type { Behaviour, Obj } from './objects.js';

/** Invoices and the payment intents that pay them (/v1/invoices, /v1/payment_intents). */
export class StripeInvoices extends StripeCustomers {
  private invoiceCount = 0;

  protected newInvoice(sub: Obj, amount: number, reason: string, description: string): Obj {
    const id = newId('in');
    const item = sub.items?.data?.[0];
    const period = { start: item?.current_period_start ?? now(), end: item?.current_period_end ?? now() };
    const invoice: Obj = {
      id,
      number: `FAKE-${String(++this.invoiceCount).padStart(4, '0')}`,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/${id}`,
      period_start: period.start,
      period_end: period.end,
      object: 'invoice',
      customer: sub.customer,
      currency: 'usd',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempted: false,
      billing_reason: reason,
      created: now(),
      description: null,
      livemode: false,
      status: 'open',
      status_transitions: { finalized_at: now(), paid_at: null, marked_uncollectible_at: null, voided_at: null },
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: {} } },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            description,
            amount,
            currency: 'usd',
            period,
            pricing: { type: 'price_details', price_details: { price: item?.price?.id ?? null, product: 'prod_fake' } },
          },
        ],
        has_more: false,
        url: '/v1/invoices/lines',
      },
      payment_intent_id: null as string | null,
    };
    this.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Charges an invoice with a card: pays it, leaves it waiting for 3-D Secure, or fails it. */
  protected charge(invoice: Obj, pm: Obj & { behaviour: Behaviour }, offSession: boolean): 'paid' | 'requires_action' | 'failed' {
    const intent: Obj = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: invoice.amount_due,
      currency: 'usd',
      customer: invoice.customer,
      payment_method: pm.id,
      created: now(),
      livemode: false,
      last_payment_error: null,
      status: 'processing',
      client_secret: '',
      invoice_id: invoice.id,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    this.paymentIntents.set(intent.id, intent);
    invoice.payment_intent_id = intent.id;
    invoice.attempted = true;
    const behaviour = pm.behaviour === 'requires_action' && offSession && pm.authenticated ? 'succeeds' : pm.behaviour;
    if (behaviour === 'succeeds') {
      intent.status = 'succeeded';
      this.markPaid(invoice);
      return 'paid';
    }
    if (behaviour === 'requires_action' && !offSession) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
      return 'requires_action';
    }
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    return 'failed';
  }

  protected markPaid(invoice: Obj): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = now();
  }

  /** Stripe voids only an open invoice (a paid one answers 400). */
  protected voidInvoice(id: string): Obj {
    const invoice = this.invoice(id);
    if (invoice.status !== 'open')
      throw new StripeHttpError(400, { type: 'invalid_request_error', message: `You can only void open invoices (${invoice.status}).` });
    invoice.status = 'void';
    invoice.status_transitions = { ...invoice.status_transitions, voided_at: now() };
    return this.invoiceView(invoice, false);
  }

  protected listInvoices(p: Obj): Obj {
    const data = [...this.invoices.values()].filter((i) => !p.customer || i.customer === p.customer).sort((a, b) => b.created - a.created);
    return { object: 'list', data: data.slice(0, Number(p.limit ?? 10)).map((i) => this.invoiceView(i, false)), has_more: false, url: '/v1/invoices' };
  }

  protected invoiceView(invoice: Obj, withPayments: boolean): Obj {
    const { payment_intent_id, ...view } = invoice;
    if (!withPayments) return view;
    const payments = payment_intent_id
      ? [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            invoice: invoice.id,
            is_default: true,
            currency: 'usd',
            amount_requested: invoice.amount_due,
            amount_paid: invoice.status === 'paid' ? invoice.amount_due : null,
            status: invoice.status === 'paid' ? 'paid' : 'open',
            created: invoice.created,
            livemode: false,
            payment: { type: 'payment_intent', payment_intent: payment_intent_id },
            status_transitions: { canceled_at: null, paid_at: invoice.status_transitions.paid_at },
          },
        ]
      : [];
    return { ...view, payments: { object: 'list', data: payments, has_more: false, url: `/v1/invoices/${invoice.id}/payments` } };
  }
}
