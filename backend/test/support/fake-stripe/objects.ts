import { randomBytes } from 'node:crypto';

/** The fake Stripe's objects: what every resource shares (ids, errors, the test cards and prices) and the stores. */

export type Behaviour = 'succeeds' | 'requires_action' | 'declined' | 'charge_fails';
export type Obj = Record<string, any>;

/** Stripe's test payment method tokens (https://docs.stripe.com/testing) and the card numbers behind them. */
export const TEST_TOKENS: Record<string, { number: string; behaviour: Behaviour }> = {
  pm_card_visa: { number: '4242424242424242', behaviour: 'succeeds' },
  pm_card_authenticationRequired: { number: '4000002500003155', behaviour: 'requires_action' },
  pm_card_threeDSecure2Required: { number: '4000002760003184', behaviour: 'requires_action' },
  pm_card_chargeDeclined: { number: '4000000000000002', behaviour: 'declined' },
  pm_card_chargeCustomerFail: { number: '4000000000000341', behaviour: 'charge_fails' },
};

export const FAKE_PRICES = { premium: 'price_fake_premium', enterprise: 'price_fake_enterprise' } as const;
export const PRICE_AMOUNTS: Record<string, { amount: number; name: string }> = {
  [FAKE_PRICES.premium]: { amount: 500, name: 'Premium' },
  [FAKE_PRICES.enterprise]: { amount: 5000, name: 'Enterprise' },
};

export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.message);
  }
}

export const notFound = (what: string, id: string) =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' });
export const cardDeclined = () =>
  new StripeHttpError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', param: '' });

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
export const addMonth = (t: number) => {
  const d = new Date(t * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

/** The stores of every resource, and the look-ups that answer Stripe's 404. */
export class StripeObjects {
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj & { behaviour: Behaviour }>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();

  protected customer(id: string): Obj {
    const c = this.customers.get(id);
    if (!c) throw notFound('customer', id);
    return c;
  }
  protected sub(id: string): Obj {
    const s = this.subscriptions.get(id);
    if (!s) throw notFound('subscription', id);
    return s;
  }
  protected invoice(id: string): Obj {
    const i = this.invoices.get(id);
    if (!i) throw notFound('invoice', id);
    return i;
  }
  protected intent(id: string): Obj {
    const i = this.paymentIntents.get(id);
    if (!i) throw notFound('payment_intent', id);
    return i;
  }
}
