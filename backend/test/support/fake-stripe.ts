import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that speaks Stripe's wire format (form-encoded requests, Stripe-shaped JSON objects,
 * Stripe error envelopes) for the endpoints the product calls, and sends webhooks signed the way Stripe signs
 * them. Tests point the real `stripe` SDK at it with STRIPE_API_HOST/PORT/PROTOCOL.
 */

type Behaviour = 'succeeds' | 'requires_action' | 'declined' | 'charge_fails';
type Obj = Record<string, any>;

/** Stripe's test payment method tokens (https://docs.stripe.com/testing) and the card numbers behind them. */
const TEST_TOKENS: Record<string, { number: string; behaviour: Behaviour }> = {
  pm_card_visa: { number: '4242424242424242', behaviour: 'succeeds' },
  pm_card_authenticationRequired: { number: '4000002500003155', behaviour: 'requires_action' },
  pm_card_threeDSecure2Required: { number: '4000002760003184', behaviour: 'requires_action' },
  pm_card_chargeDeclined: { number: '4000000000000002', behaviour: 'declined' },
  pm_card_chargeCustomerFail: { number: '4000000000000341', behaviour: 'charge_fails' },
};

export const FAKE_PRICES = { premium: 'price_fake_premium', enterprise: 'price_fake_enterprise' } as const;
const PRICE_AMOUNTS: Record<string, { amount: number; name: string }> = {
  [FAKE_PRICES.premium]: { amount: 500, name: 'Premium' },
  [FAKE_PRICES.enterprise]: { amount: 5000, name: 'Enterprise' },
};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.message);
  }
}

const notFound = (what: string, id: string) =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' });
const cardDeclined = () =>
  new StripeHttpError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', param: '' });

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const addMonth = (t: number) => {
  const d = new Date(t * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

/** Parses Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
}

export class FakeStripe {
  readonly secretKey = 'sk_test_fake_' + randomBytes(6).toString('hex');
  readonly webhookSecret = 'whsec_fake_' + randomBytes(12).toString('hex');
  readonly publishableKey = 'pk_test_fake';
  readonly requests: RecordedRequest[] = [];
  /** Where webhooks go (the app's /api/billing/webhook). */
  webhookUrl = '';

  private server: Server | null = null;
  port = 0;
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj & { behaviour: Behaviour }>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  private invoiceCount = 0;
  readonly paymentIntents = new Map<string, Obj>();
  private readonly stripe = new Stripe('sk_test_signing_only');

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** While set, requests whose "METHOD /path" matches answer 503 (Stripe having an outage for that call). */
  unavailable: RegExp | null = null;

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that makes the app use this server. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_PRICE_PREMIUM: FAKE_PRICES.premium,
      STRIPE_PRICE_ENTERPRISE: FAKE_PRICES.enterprise,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  requestsTo(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  // ---- HTTP ----------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = req.method === 'GET' || req.method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(Buffer.concat(chunks).toString());
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    const send = (status: number, body: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.unavailable?.test(`${method} ${url.pathname}`)) {
      return send(503, { error: { type: 'api_error', message: 'Stripe is temporarily unavailable.' } });
    }
    try {
      send(200, this.route(method, url.pathname, params));
    } catch (error) {
      if (error instanceof StripeHttpError) return send(error.status, { error: error.body });
      send(500, { error: { type: 'api_error', message: (error as Error).message } });
    }
  }

  private route(method: string, path: string, p: Obj): Obj {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(p);
    if (method === 'POST' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) return this.updateCustomer(m[1], p);
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) return this.attach(m[1], p.customer);
    if (method === 'POST' && path === '/v1/subscriptions') return this.expand(this.createSubscription(p), p.expand);
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) return this.expand(this.sub(m[1]), p.expand);
    if (method === 'POST' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) return this.expand(this.updateSubscription(m[1], p), p.expand);
    if (method === 'DELETE' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) return this.cancelSubscription(m[1]);
    if (method === 'GET' && path === '/v1/invoices') return this.listInvoices(p);
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([^/]+)$/))) return this.invoiceView(this.invoice(m[1]), (p.expand ?? []).includes('payments'));
    if (method === 'POST' && (m = path.match(/^\/v1\/invoices\/([^/]+)\/void$/))) return this.voidInvoice(m[1]);
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) return this.intent(m[1]);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      this.customer(p.customer);
      return {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: p.customer,
        return_url: p.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${newId('test')}`,
        livemode: false,
        created: now(),
      };
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  // ---- objects -------------------------------------------------------------------------------------

  private customer(id: string): Obj {
    const c = this.customers.get(id);
    if (!c) throw notFound('customer', id);
    return c;
  }
  private sub(id: string): Obj {
    const s = this.subscriptions.get(id);
    if (!s) throw notFound('subscription', id);
    return s;
  }
  private invoice(id: string): Obj {
    const i = this.invoices.get(id);
    if (!i) throw notFound('invoice', id);
    return i;
  }
  private intent(id: string): Obj {
    const i = this.paymentIntents.get(id);
    if (!i) throw notFound('payment_intent', id);
    return i;
  }

  private createCustomer(p: Obj): Obj {
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

  private updateCustomer(id: string, p: Obj): Obj {
    const c = this.customer(id);
    if (p.invoice_settings?.default_payment_method) {
      const pm = this.paymentMethodOf(id, p.invoice_settings.default_payment_method);
      if (!pm || pm.customer !== id)
        throw new StripeHttpError(400, { type: 'invalid_request_error', message: 'No such PaymentMethod', param: 'invoice_settings[default_payment_method]' });
      c.invoice_settings.default_payment_method = pm.id;
    }
    return c;
  }

  private paymentMethodOf(customerId: string, id: string): (Obj & { behaviour: Behaviour }) | undefined {
    return this.paymentMethods.get(`${customerId}|${id}`) ?? this.paymentMethods.get(id);
  }

  /** Like Stripe.js createPaymentMethod with a card number (the browser's part, for tests). */
  createPaymentMethod(number: string): string {
    const entry = Object.values(TEST_TOKENS).find((t) => t.number === number.replace(/\s/g, ''));
    const pm = this.pm(entry?.behaviour ?? 'succeeds', number.replace(/\s/g, '').slice(-4));
    return pm.id;
  }

  private pm(behaviour: Behaviour, last4: string): Obj & { behaviour: Behaviour } {
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

  private attach(pmId: string, customerId: string): Obj {
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

  private newInvoice(sub: Obj, amount: number, reason: string, description: string): Obj {
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
  private charge(invoice: Obj, pm: Obj & { behaviour: Behaviour }, offSession: boolean): 'paid' | 'requires_action' | 'failed' {
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

  private markPaid(invoice: Obj): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = now();
  }

  private subscriptionObject(customer: string, price: string, pm: string, metadata: Obj): Obj {
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

  private price(id: string): Obj {
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

  private createSubscription(p: Obj): Obj {
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

  private updateSubscription(id: string, p: Obj): Obj {
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

  private cancelSubscription(id: string): Obj {
    const sub = this.sub(id);
    sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    sub.canceled_at = now();
    sub.ended_at = now();
    return sub;
  }

  /** Stripe voids only an open invoice (a paid one answers 400). */
  private voidInvoice(id: string): Obj {
    const invoice = this.invoice(id);
    if (invoice.status !== 'open')
      throw new StripeHttpError(400, { type: 'invalid_request_error', message: `You can only void open invoices (${invoice.status}).` });
    invoice.status = 'void';
    invoice.status_transitions = { ...invoice.status_transitions, voided_at: now() };
    return this.invoiceView(invoice, false);
  }

  private listInvoices(p: Obj): Obj {
    const data = [...this.invoices.values()].filter((i) => !p.customer || i.customer === p.customer).sort((a, b) => b.created - a.created);
    return { object: 'list', data: data.slice(0, Number(p.limit ?? 10)).map((i) => this.invoiceView(i, false)), has_more: false, url: '/v1/invoices' };
  }

  private invoiceView(invoice: Obj, withPayments: boolean): Obj {
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

  private expand(sub: Obj, expand: string[] | undefined): Obj {
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

  // ---- webhooks ------------------------------------------------------------------------------------

  /** A Stripe event around the object's current state, as Stripe would POST it. */
  event(type: string, object: Obj, id = newId('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
  }

  signature(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? this.webhookSecret, timestamp: options.timestamp ?? now() });
  }

  /** Signs and POSTs one event to the app; answers the HTTP status and body. */
  async deliver(
    payload: string,
    options: { timestamp?: number; secret?: string; tamper?: boolean; signature?: string } = {},
  ): Promise<{ status: number; body: any }> {
    const signature = options.signature ?? this.signature(payload, options);
    const body = options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload;
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  }

  async sendEvent(type: string, object: Obj, id?: string): Promise<{ status: number; body: any }> {
    return this.deliver(this.event(type, object, id));
  }

  subscriptionSnapshot(id: string): Obj {
    return structuredClone(this.sub(id));
  }

  invoiceSnapshot(id: string): Obj {
    return this.invoiceView(this.invoice(id), false);
  }
}
