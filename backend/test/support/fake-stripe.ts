import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { FAKE_PRICES, newId, now, StripeHttpError } from './fake-stripe/objects.js';
import type { Obj } from './fake-stripe/objects.js';
import { StripeSubscriptions } from './fake-stripe/subscriptions.js';

export { FAKE_PRICES } from './fake-stripe/objects.js';

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

/**
 * A local HTTP server that speaks Stripe's wire format (form-encoded requests, Stripe-shaped JSON objects,
 * Stripe error envelopes) for the endpoints the product calls, and sends webhooks signed the way Stripe signs
 * them. Tests point the real `stripe` SDK at it with STRIPE_API_HOST/PORT/PROTOCOL. The resources are a chain of
 * classes, one file each in fake-stripe/: objects, customers, invoices, subscriptions; this one is the HTTP side.
 */
export class FakeStripe extends StripeSubscriptions {
  readonly secretKey = 'sk_test_fake_' + randomBytes(6).toString('hex');
  readonly webhookSecret = 'whsec_fake_' + randomBytes(12).toString('hex');
  readonly publishableKey = 'pk_test_fake';
  readonly requests: RecordedRequest[] = [];
  /** Where webhooks go (the app's /api/billing/webhook). */
  webhookUrl = '';

  private server: Server | null = null;
  port = 0;
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
