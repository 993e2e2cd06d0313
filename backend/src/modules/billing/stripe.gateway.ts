import Stripe from 'stripe';
import type { AppConfig } from '../../config/config.js';
import type { PlanId } from '../../config/plans.js';
import { CardDeclinedError, InvalidSignatureError } from './payment-gateway.js';
import type { PaymentGateway, PaymentOutcome, ProviderEvent, ProviderInvoice, ProviderSubscription } from './payment-gateway.js';

/** Stripe's signature tolerance for webhooks: 5 minutes (decisions section 6). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/** The price of an invoice line (API 2025-03-31 and later name it under pricing.price_details). */
function linePriceId(line: Stripe.InvoiceLineItem | undefined): string | undefined {
  const price = line?.pricing?.price_details?.price;
  return typeof price === 'string' ? price : price?.id;
}

/** The real provider, through the official SDK; STRIPE_API_HOST/PORT/PROTOCOL point it elsewhere (tests). */
export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  readonly stripe: Stripe;
  private readonly prices: Record<Exclude<PlanId, 'free'>, string>;

  constructor(private readonly config: AppConfig) {
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(config.STRIPE_API_HOST && { host: config.STRIPE_API_HOST }),
      ...(config.STRIPE_API_PORT && { port: config.STRIPE_API_PORT }),
      ...(config.STRIPE_API_PROTOCOL && { protocol: config.STRIPE_API_PROTOCOL }),
    });
    this.prices = { premium: config.STRIPE_PRICE_PREMIUM!, enterprise: config.STRIPE_PRICE_ENTERPRISE! };
  }

  private planOfPrice(priceId: string | undefined): PlanId | null {
    if (priceId === this.prices.premium) return 'premium';
    if (priceId === this.prices.enterprise) return 'enterprise';
    return null;
  }

  private toSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const item = sub.items?.data?.[0];
    return {
      id: sub.id,
      customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
      plan: this.planOfPrice(item?.price?.id),
      status: sub.status,
      currentPeriodStart: seconds(item?.current_period_start),
      currentPeriodEnd: seconds(item?.current_period_end),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      itemId: item?.id ?? null,
      hasPendingUpdate: Boolean(sub.pending_update),
    };
  }

  private toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
    const status: ProviderInvoice['status'] =
      invoice.status === 'paid'
        ? 'paid'
        : invoice.status === 'void'
          ? 'void'
          : invoice.status === 'open' && !invoice.attempted
            ? 'pending'
            : invoice.status === 'draft'
              ? 'pending'
              : 'failed';
    const subscription = invoice.parent?.subscription_details?.subscription;
    const line = invoice.lines?.data?.[0];
    return {
      id: invoice.id!,
      customerId: typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? ''),
      subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
      // A proration invoice holds a credit line and a charge line; name it for what it is.
      description: invoice.description ?? (invoice.billing_reason === 'subscription_update' ? 'Prorated plan change' : (line?.description ?? 'Subscription')),
      amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status,
      paidAt: seconds(invoice.status_transitions?.paid_at),
      createdAt: seconds(invoice.created) ?? new Date(),
      billingReason: invoice.billing_reason ?? null,
      number: invoice.number ?? null,
      plan: this.planOfPrice(linePriceId(line)),
      periodStart: seconds(line?.period?.start ?? invoice.period_start),
      periodEnd: seconds(line?.period?.end ?? invoice.period_end),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    };
  }

  /** The state of the payment behind an invoice: paid, waiting for 3-D Secure, or refused. */
  private async paymentOf(invoice: Stripe.Invoice | string | null): Promise<PaymentOutcome> {
    if (!invoice) return { kind: 'declined', message: 'Payment failed.' };
    const full = typeof invoice === 'string' ? await this.stripe.invoices.retrieve(invoice, { expand: ['payments'] }) : invoice;
    if (full.status === 'paid' || full.amount_due === 0) return { kind: 'succeeded' };
    const payment = full.payments?.data?.find((p) => p.is_default) ?? full.payments?.data?.[0];
    const intentRef = payment?.payment?.payment_intent;
    if (!intentRef) return { kind: 'declined', message: 'Payment failed.' };
    const intent = typeof intentRef === 'string' ? await this.stripe.paymentIntents.retrieve(intentRef) : intentRef;
    if (intent.status === 'succeeded') return { kind: 'succeeded' };
    if ((intent.status === 'requires_action' || intent.status === 'requires_confirmation') && intent.client_secret) {
      return { kind: 'requires_action', clientSecret: intent.client_secret };
    }
    return { kind: 'declined', message: intent.last_payment_error?.message ?? 'Your card was declined.' };
  }

  async createCustomer(user: { id: string; email: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: user.email, name: user.name || undefined, metadata: { userId: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    );
    return customer.id;
  }

  async attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError || (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method')) {
        throw new CardDeclinedError(error.message);
      }
      throw error;
    }
  }

  async createSubscription(input: { customerId: string; plan: PlanId; paymentMethodId: string; idempotencyKey: string }) {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: this.prices[input.plan as 'premium' | 'enterprise'] }],
          default_payment_method: input.paymentMethodId,
          payment_behavior: 'allow_incomplete',
          metadata: { plan: input.plan },
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
      throw error;
    }
    const payment = sub.status === 'active' || sub.status === 'trialing' ? ({ kind: 'succeeded' } as const) : await this.paymentOf(sub.latest_invoice);
    return { subscription: this.toSubscription(sub), payment };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return this.toSubscription(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async cancelIncomplete(id: string): Promise<void> {
    await this.stripe.subscriptions.cancel(id).catch(() => undefined);
  }

  async abandonIncomplete(id: string): Promise<void> {
    const sub = await this.stripe.subscriptions.cancel(id).catch(() => null);
    const invoice = sub?.latest_invoice;
    const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id;
    if (invoiceId) await this.stripe.invoices.voidInvoice(invoiceId).catch(() => undefined);
  }

  async cancelNow(id: string): Promise<ProviderSubscription | null> {
    try {
      return this.toSubscription(await this.stripe.subscriptions.cancel(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async changePlan(subscription: ProviderSubscription, plan: PlanId) {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.itemId!, price: this.prices[plan as 'premium' | 'enterprise'] }],
        proration_behavior: 'always_invoice',
        // The new price applies only once its prorated invoice is paid (Stripe "pending updates").
        payment_behavior: 'pending_if_incomplete',
        expand: ['latest_invoice.payments'],
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
      throw error;
    }
    const payment: PaymentOutcome = sub.pending_update ? await this.paymentOf(sub.latest_invoice) : { kind: 'succeeded' };
    // Upgrading means staying: a cancellation at period end is undone (not allowed in the pending-update call itself).
    if (payment.kind === 'succeeded' && sub.cancel_at_period_end)
      sub = await this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    return { subscription: this.toSubscription(sub), payment };
  }

  async listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    const list = await this.stripe.invoices.list({ customer: customerId, limit: 24 });
    return list.data.filter((i) => i.status !== 'draft').map((i) => this.toInvoice(i));
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | null> {
    try {
      return this.toInvoice(await this.stripe.invoices.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  parseWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET!, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new InvalidSignatureError((error as Error).message);
    }
    const object = event.data?.object as { id?: string; object?: string } | undefined;
    return { id: event.id, type: event.type, objectId: object?.id ?? null, objectType: object?.object ?? null };
  }
}
