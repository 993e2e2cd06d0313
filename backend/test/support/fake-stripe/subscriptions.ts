import { StripeInvoices } from './invoices.js';
import { addMonth, cardDeclined, newId, now, PRICE_AMOUNTS, StripeHttpError } from './objects.js';
import type { Obj } from './objects.js';

/** Subscriptions and what happens to them outside the API (Stripe.js's 3-D Secure, Stripe's billing clock). */
export class StripeSubscriptions extends StripeInvoices {
  protected subscriptionObject(customer: string, price: string, pm: string, metadata: Obj): Obj {
    const start = now();
    const id = newId('sub');
    return {
      id,
      object: 'subscription',
      customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'usd',
      livemode: false,
      metadata,
      default_payment_method: pm,
      pending_update: null,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            subscription: id,
            quantity: 1,
            current_period_start: start,
            current_period_end: addMonth(start),
            price: this.price(price),
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
  }

  protected price(id: string): Obj {
    const known = PRICE_AMOUNTS[id];
    if (!known)
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${id}'`, param: 'items[0][price]' });
    return {
      id,
      object: 'price',
      currency: 'usd',
      unit_amount: known.amount,
      recurring: { interval: 'month', interval_count: 1 },
      type: 'recurring',
      active: true,
      livemode: false,
      nickname: known.name,
    };
  }

  protected createSubscription(p: Obj): Obj {
    const customer = this.customer(p.customer);
    const pmId = p.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const pm = this.paymentMethodOf(customer.id, pmId);
    if (!pm || pm.customer !== customer.id)
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        message: 'This customer has no attached payment source or default payment method.',
        param: 'default_payment_method',
      });
    const price = p.items?.[0]?.price;
    const sub = this.subscriptionObject(customer.id, price, pm.id, p.metadata ?? {});
    this.subscriptions.set(sub.id, sub);
    const invoice = this.newInvoice(
      sub,
      PRICE_AMOUNTS[price].amount,
      'subscription_create',
      `1 × ${PRICE_AMOUNTS[price].name} (at $${(PRICE_AMOUNTS[price].amount / 100).toFixed(2)} / month)`,
    );
    const outcome = this.charge(invoice, pm, false);
    if (outcome === 'paid') sub.status = 'active';
    else if (outcome === 'failed' && p.payment_behavior === 'error_if_incomplete') throw cardDeclined();
    return sub;
  }

  protected updateSubscription(id: string, p: Obj): Obj {
    const sub = this.sub(id);
    // Stripe allows only price/proration parameters together with pending_if_incomplete.
    if (p.payment_behavior === 'pending_if_incomplete' && p.cancel_at_period_end !== undefined) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        message: 'cancel_at_period_end cannot be used with payment_behavior=pending_if_incomplete.',
        param: 'cancel_at_period_end',
      });
    }
    if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
    const change = p.items?.[0];
    if (change?.price && change.price !== sub.items.data[0].price.id) {
      const item = sub.items.data[0];
      if (change.id && change.id !== item.id)
        throw new StripeHttpError(400, { type: 'invalid_request_error', message: `No such subscription item: '${change.id}'`, param: 'items[0][id]' });
      const oldAmount = item.price.unit_amount as number;
      const newPrice = this.price(change.price);
      const remaining = Math.max(0, item.current_period_end - now()) / (item.current_period_end - item.current_period_start);
      const prorated = Math.max(0, Math.round((newPrice.unit_amount - oldAmount) * remaining));
      if (p.proration_behavior === 'always_invoice') {
        const invoice = this.newInvoice(
          sub,
          prorated,
          'subscription_update',
          `Remaining time on ${PRICE_AMOUNTS[change.price].name} after ${new Date().toDateString()}`,
        );
        const pm = this.paymentMethods.get(sub.default_payment_method)!;
        const outcome = this.charge(invoice, pm, true);
        if (outcome !== 'paid' && p.payment_behavior === 'pending_if_incomplete') {
          sub.pending_update = { expires_at: now() + 82800, subscription_items: [{ id: item.id, price: newPrice }] };
          return sub;
        }
      }
      item.price = newPrice;
    }
    return sub;
  }

  protected cancelSubscription(id: string): Obj {
    const sub = this.sub(id);
    sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    sub.canceled_at = now();
    sub.ended_at = now();
    return sub;
  }

  protected expand(sub: Obj, expand: string[] | undefined): Obj {
    const wants = expand ?? [];
    if (!wants.some((e) => e.startsWith('latest_invoice')) || !sub.latest_invoice) return sub;
    return { ...sub, latest_invoice: this.invoiceView(this.invoice(sub.latest_invoice), wants.includes('latest_invoice.payments')) };
  }

  // ---- what happens outside the API (the browser's Stripe.js, Stripe's billing clock) -------------------

  /** Stripe.js confirmCardPayment: the customer passes 3-D Secure; the invoice is paid and the subscription activates. */
  confirmCardPayment(clientSecret: string): Obj {
    const intent = [...this.paymentIntents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent || intent.status !== 'requires_action') throw new Error('No payment waits for confirmation with this secret');
    intent.status = 'succeeded';
    const invoice = this.invoice(intent.invoice_id);
    this.markPaid(invoice);
    const pm = this.paymentMethods.get(intent.payment_method);
    if (pm) pm.authenticated = true;
    const sub = this.sub(invoice.parent.subscription_details.subscription);
    if (sub.status === 'incomplete') sub.status = 'active';
    return intent;
  }

  /** The renewal at the end of the period: a new invoice charged off-session to the card on file. */
  renew(subscriptionId: string, options: { fail?: boolean } = {}): Obj {
    const sub = this.sub(subscriptionId);
    const item = sub.items.data[0];
    const invoice = this.newInvoice(
      sub,
      item.price.unit_amount,
      'subscription_cycle',
      `1 × ${item.price.nickname} (at $${(item.price.unit_amount / 100).toFixed(2)} / month)`,
    );
    const pm = this.paymentMethods.get(sub.default_payment_method)!;
    const outcome = options.fail ? this.charge(invoice, { ...pm, behaviour: 'charge_fails' }, true) : this.charge(invoice, pm, true);
    if (outcome === 'paid') {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addMonth(item.current_period_end);
      sub.status = 'active';
    } else {
      sub.status = 'past_due';
    }
    return invoice;
  }

  /** The card on file starts failing (expired, blocked): later off-session charges are declined. */
  breakCard(subscriptionId: string): void {
    const pm = this.paymentMethods.get(this.sub(subscriptionId).default_payment_method);
    if (pm) pm.behaviour = 'charge_fails';
  }

  /** Stripe ends a subscription (period-end cancellation or dunning gave up). */
  endSubscription(subscriptionId: string): Obj {
    return this.cancelSubscription(subscriptionId);
  }
}
