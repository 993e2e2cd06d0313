import { cardDeclined, newId, now, StripeHttpError, StripeObjects, TEST_TOKENS } from './objects.js';
import type { Behaviour, Obj } from './objects.js';

/** Customers and their payment methods (/v1/customers, /v1/payment_methods). */
export class StripeCustomers extends StripeObjects {
  protected createCustomer(p: Obj): Obj {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: p.email ?? null,
      name: p.name ?? null,
      metadata: p.metadata ?? {},
      created: now(),
      livemode: false,
      invoice_settings: { default_payment_method: null },
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  protected updateCustomer(id: string, p: Obj): Obj {
    const c = this.customer(id);
    if (p.invoice_settings?.default_payment_method) {
      const pm = this.paymentMethodOf(id, p.invoice_settings.default_payment_method);
      if (!pm || pm.customer !== id)
        throw new StripeHttpError(400, { type: 'invalid_request_error', message: 'No such PaymentMethod', param: 'invoice_settings[default_payment_method]' });
      c.invoice_settings.default_payment_method = pm.id;
    }
    return c;
  }

  protected paymentMethodOf(customerId: string, id: string): (Obj & { behaviour: Behaviour }) | undefined {
    return this.paymentMethods.get(`${customerId}|${id}`) ?? this.paymentMethods.get(id);
  }

  /** Like Stripe.js createPaymentMethod with a card number (the browser's part, for tests). */
  createPaymentMethod(number: string): string {
    const entry = Object.values(TEST_TOKENS).find((t) => t.number === number.replace(/\s/g, ''));
    const pm = this.pm(entry?.behaviour ?? 'succeeds', number.replace(/\s/g, '').slice(-4));
    return pm.id;
  }

  protected pm(behaviour: Behaviour, last4: string): Obj & { behaviour: Behaviour } {
    const pm = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4, exp_month: 12, exp_year: 2030 },
      customer: null as string | null,
      created: now(),
      livemode: false,
      behaviour,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  protected attach(pmId: string, customerId: string): Obj {
    this.customer(customerId);
    // Like Stripe, each attach of a test token (pm_card_visa, ...) makes a new payment method.
    const pm = TEST_TOKENS[pmId] ? this.pm(TEST_TOKENS[pmId].behaviour, TEST_TOKENS[pmId].number.slice(-4)) : this.paymentMethods.get(pmId);
    if (!pm)
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${pmId}'`,
        param: 'payment_method',
      });
    // Like Stripe: attaching a card that fails the check (4000 0000 0000 0002) is refused.
    if (pm.behaviour === 'declined') throw cardDeclined();
    pm.customer = customerId;
    // A test token attaches as a fresh id; remember it per customer so default_payment_method=<token> works too.
    if (pm.id !== pmId) this.paymentMethods.set(`${customerId}|${pmId}`, pm);
    return pm;
  }
}
