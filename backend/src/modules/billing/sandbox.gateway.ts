import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { PLANS } from '../../config/plans.js';
import type { PlanId } from '../../config/plans.js';
import { CardDeclinedError, InvalidSignatureError, PLAN_DESCRIPTIONS } from './payment-gateway.js';
import type { PaymentGateway, PaymentOutcome, ProviderEvent, ProviderInvoice, ProviderSubscription } from './payment-gateway.js';
import { cardBehaviour, cardBrand } from './sandbox-cards.js';
import type { CardInput } from './sandbox-cards.js';
import { chargeInvoice, DECLINED } from './sandbox-charge.js';
import type { SandboxObject } from './sandbox-object.entity.js';
import { addMonth, invoiceView, sandboxId, subscriptionView } from './sandbox-objects.js';
import type { InvoiceData, PaymentIntentData, PaymentMethodData, SandboxPaymentMethodView, SubscriptionData } from './sandbox-objects.js';
import { renewDueSubscriptions } from './sandbox-renewals.js';
import type { SandboxRepository } from './sandbox.repository.js';
const PORTAL_SESSION_MS = 60 * 60 * 1000;

/**
 * The built-in payment provider for installations without Stripe keys: no network, Stripe's test cards,
 * the same objects (customers, cards, subscriptions, invoices, 3-D Secure intents) kept in PostgreSQL.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;

  constructor(
    private readonly repository: SandboxRepository,
    private readonly config: AppConfig,
  ) {}

  private db(): SandboxRepository {
    return this.repository.fork();
  }

  async createCustomer(user: { id: string; email: string; name: string }): Promise<string> {
    const db = this.db();
    const customerId = sandboxId('cus');
    db.put('customer', customerId, customerId, { email: user.email, name: user.name, userId: user.id, defaultPaymentMethod: null });
    await db.flush();
    return customerId;
  }

  /** What the sandbox card form sends instead of Stripe Elements; the number never leaves this call. */
  async createPaymentMethod(card: CardInput & { name: string }): Promise<SandboxPaymentMethodView> {
    const db = this.db();
    const number = card.number.replace(/[\s-]/g, '');
    const pmId = sandboxId('pm');
    const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    const data: PaymentMethodData = {
      brand: cardBrand(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear,
      name: card.name,
      behaviour: cardBehaviour(number),
      customerId: null,
    };
    db.put('payment_method', pmId, null, data);
    await db.flush();
    return { id: pmId, brand: data.brand, last4: data.last4, expMonth: data.expMonth, expYear: data.expYear };
  }

  async attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    const db = this.db();
    const pm = await db.load<PaymentMethodData>('payment_method', paymentMethodId);
    if (!pm || (pm.data.customerId && pm.data.customerId !== customerId)) throw new CardDeclinedError(`No such payment method: '${paymentMethodId}'`);
    if (pm.data.behaviour === 'declined') throw new CardDeclinedError(DECLINED);
    pm.data = { ...pm.data, customerId };
    pm.customerId = customerId;
    const customer = await db.load<Record<string, unknown>>('customer', customerId);
    if (customer) customer.data = { ...customer.data, defaultPaymentMethod: paymentMethodId };
    await db.flush();
  }

  async defaultPaymentMethod(customerId: string): Promise<SandboxPaymentMethodView | null> {
    const db = this.db();
    const customer = await db.load<{ defaultPaymentMethod: string | null }>('customer', customerId);
    const pmId = customer?.data.defaultPaymentMethod;
    const pm = pmId ? await db.load<PaymentMethodData>('payment_method', pmId) : null;
    return pm ? { id: pm.id, brand: pm.data.brand, last4: pm.data.last4, expMonth: pm.data.expMonth, expYear: pm.data.expYear } : null;
  }

  async createSubscription(input: { customerId: string; plan: PlanId; paymentMethodId: string; idempotencyKey: string }) {
    const db = this.db();
    const existing = (await db.find('subscription', input.customerId)).find(
      (s) => (s.data as unknown as SubscriptionData).idempotencyKey === input.idempotencyKey,
    );
    if (existing) return { subscription: subscriptionView(existing), payment: await this.paymentOfSubscription(db, existing) };

    const card = await db.load<PaymentMethodData>('payment_method', input.paymentMethodId);
    const start = new Date();
    const subId = sandboxId('sub');
    const sub = db.put<SubscriptionData>('subscription', subId, input.customerId, {
      plan: input.plan,
      status: 'incomplete',
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: addMonth(start).toISOString(),
      cancelAtPeriodEnd: false,
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: input.idempotencyKey,
    });
    const invoice = db.put<InvoiceData>('invoice', sandboxId('in'), input.customerId, {
      subscriptionId: subId,
      description: `${PLAN_DESCRIPTIONS[input.plan]}`,
      amountCents: PLANS[input.plan].priceMonthly * 100,
      currency: PLANS[input.plan].currency,
      status: 'pending',
      paidAt: null,
      billingReason: 'subscription_create',
      plan: input.plan,
      periodStart: start.toISOString(),
      periodEnd: addMonth(start).toISOString(),
    });
    const payment = chargeInvoice(db, invoice, card, false);
    if (payment.kind === 'succeeded') sub.data = { ...sub.data, status: 'active' };
    (sub.data as Record<string, unknown>).latestInvoiceId = invoice.id;
    await db.flush();
    return { subscription: subscriptionView(sub), payment };
  }

  private async paymentOfSubscription(db: SandboxRepository, sub: SandboxObject): Promise<PaymentOutcome> {
    const data = sub.data as unknown as SubscriptionData;
    if (data.status === 'active') return { kind: 'succeeded' };
    const intents = await db.find('payment_intent', sub.customerId);
    const invoiceId = (sub.data as Record<string, unknown>).latestInvoiceId;
    const intent = intents.find(
      (i) => (i.data as unknown as PaymentIntentData).invoiceId === invoiceId && (i.data as unknown as PaymentIntentData).status === 'requires_action',
    );
    if (intent) return { kind: 'requires_action', clientSecret: (intent.data as unknown as PaymentIntentData).clientSecret };
    return { kind: 'declined', message: DECLINED };
  }

  /** The 3-D Secure step: the customer approves the payment; its invoice is paid and what it was for takes effect. */
  async confirmPayment(clientSecret: string, customerId: string): Promise<{ subscriptionId: string | null } | null> {
    const intentId = clientSecret.split('_secret_')[0];
    return this.repository.transaction(async (db) => {
      const intent = await db.load<PaymentIntentData>('payment_intent', intentId, true);
      if (!intent || intent.data.clientSecret !== clientSecret || intent.customerId !== customerId) return null;
      const invoice = await db.load<InvoiceData>('invoice', intent.data.invoiceId, true);
      if (!invoice) return null;
      if (intent.data.status !== 'succeeded') {
        intent.data = { ...intent.data, status: 'succeeded' };
        invoice.data = { ...invoice.data, status: 'paid', paidAt: new Date().toISOString() };
        const pm = await db.load<PaymentMethodData>('payment_method', intent.data.paymentMethodId);
        if (pm) pm.data = { ...pm.data, authenticated: true };
        const subId = invoice.data.subscriptionId;
        const sub = subId ? await db.load<SubscriptionData>('subscription', subId, true) : null;
        if (sub) {
          const plan = invoice.data.planOnPayment ?? sub.data.plan;
          sub.data = { ...sub.data, status: 'active', plan, pendingPlan: null };
        }
      }
      return { subscriptionId: invoice.data.subscriptionId };
    });
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const sub = await this.db().load('subscription', subscriptionId);
    return sub ? subscriptionView(sub) : null;
  }

  async cancelIncomplete(subscriptionId: string): Promise<void> {
    const db = this.db();
    const sub = await db.load<SubscriptionData>('subscription', subscriptionId);
    if (sub && sub.data.status === 'incomplete') {
      sub.data = { ...sub.data, status: 'incomplete_expired' };
      await db.flush();
    }
  }

  async abandonIncomplete(subscriptionId: string): Promise<void> {
    const db = this.db();
    const sub = await db.load<SubscriptionData>('subscription', subscriptionId);
    if (!sub || sub.data.status !== 'incomplete') return;
    sub.data = { ...sub.data, status: 'incomplete_expired' };
    const invoiceId = (sub.data as Record<string, unknown>).latestInvoiceId as string | undefined;
    const invoice = invoiceId ? await db.load<InvoiceData>('invoice', invoiceId) : null;
    if (invoice && invoice.data.status !== 'paid') invoice.data = { ...invoice.data, status: 'void' };
    await db.flush();
  }

  async cancelNow(subscriptionId: string): Promise<ProviderSubscription | null> {
    const db = this.db();
    const sub = await db.load<SubscriptionData>('subscription', subscriptionId);
    if (!sub) return null;
    const status = sub.data.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    sub.data = { ...sub.data, status, cancelAtPeriodEnd: false, pendingPlan: null };
    await db.flush();
    return subscriptionView(sub);
  }

  async changePlan(subscription: ProviderSubscription, plan: PlanId) {
    return this.repository.transaction(async (db) => {
      const sub = await db.load<SubscriptionData>('subscription', subscription.id, true);
      if (!sub) throw new Error(`No such subscription ${subscription.id}`);
      const now = Date.now();
      const start = new Date(sub.data.currentPeriodStart).getTime();
      const end = new Date(sub.data.currentPeriodEnd).getTime();
      const remaining = Math.min(1, Math.max(0, (end - now) / Math.max(1, end - start)));
      const difference = (PLANS[plan].priceMonthly - PLANS[sub.data.plan].priceMonthly) * 100;
      const invoice = db.put<InvoiceData>('invoice', sandboxId('in'), sub.customerId, {
        subscriptionId: sub.id,
        description: `Prorated change to ${PLANS[plan].name} plan`,
        amountCents: Math.max(0, Math.round(difference * remaining)),
        currency: PLANS[plan].currency,
        status: 'pending',
        paidAt: null,
        billingReason: 'subscription_update',
        planOnPayment: plan,
        plan,
        periodStart: new Date(now).toISOString(),
        periodEnd: sub.data.currentPeriodEnd,
      });
      const card = await db.load<PaymentMethodData>('payment_method', sub.data.paymentMethodId);
      const payment = chargeInvoice(db, invoice, card, true);
      if (payment.kind === 'succeeded') sub.data = { ...sub.data, plan, cancelAtPeriodEnd: false, pendingPlan: null };
      return { subscription: subscriptionView(sub), payment };
    });
  }

  async listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    const invoices = await this.db().find('invoice', customerId, true);
    return invoices.map((i) => invoiceView(i));
  }

  async retrieveInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    const invoice = await this.db().load('invoice', invoiceId);
    return invoice ? invoiceView(invoice) : null;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const db = this.db();
    const token = randomBytes(24).toString('hex');
    db.put('portal_session', `bps_${token}`, customerId, { returnUrl, expiresAt: new Date(Date.now() + PORTAL_SESSION_MS).toISOString() });
    await db.flush();
    return `${this.config.appUrl}/dashboard/billing/portal?session=${token}`;
  }

  /** The customer a portal link belongs to, while it is valid. */
  async portalCustomer(token: string): Promise<string | null> {
    if (!/^[0-9a-f]{48}$/.test(token)) return null;
    const session = await this.db().load<{ expiresAt: string }>('portal_session', `bps_${token}`);
    if (!session || new Date(session.data.expiresAt).getTime() < Date.now()) return null;
    return session.customerId;
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription | null> {
    const db = this.db();
    const sub = await db.load<SubscriptionData>('subscription', subscriptionId);
    if (!sub) return null;
    sub.data = { ...sub.data, cancelAtPeriodEnd: cancel };
    await db.flush();
    return subscriptionView(sub);
  }

  /** A new card from the portal becomes the default for the customer and its subscriptions. */
  async replaceCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.attachPaymentMethod(customerId, paymentMethodId);
    const db = this.db();
    for (const sub of await db.find('subscription', customerId)) {
      sub.data = { ...sub.data, paymentMethodId };
    }
    await db.flush();
  }

  /** Ends or renews every subscription whose period is over (Stripe's billing clock); answers those that changed. */
  advanceClock(now = new Date()): Promise<string[]> {
    return renewDueSubscriptions(this.repository, now);
  }

  /** For tests and operators: moves a subscription's period end (the sandbox has no test clock otherwise). */
  async setPeriodEnd(subscriptionId: string, end: Date): Promise<void> {
    const db = this.db();
    const sub = await db.load<SubscriptionData>('subscription', subscriptionId);
    if (sub) {
      sub.data = { ...sub.data, currentPeriodEnd: end.toISOString() };
      await db.flush();
    }
  }

  parseWebhook(): ProviderEvent {
    throw new InvalidSignatureError('Webhooks are not used in sandbox mode.');
  }
}
