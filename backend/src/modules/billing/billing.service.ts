import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { PLANS } from '../../config/plans.js';
import type { PlanId } from '../../config/plans.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { AccountCommands } from '../accounts/account-commands.js';
import type { ChangeContext } from '../accounts/account-commands.js';
import type { User } from '../accounts/user.entity.js';
import { Problems } from '../../common/problems/problem.js';
import { BillingErrors } from './billing.errors.js';
import { BillingRepository } from './billing.repository.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { InvoiceRecorder } from './invoice-recorder.js';
import { toInvoiceView } from './invoice.entity.js';
import type { Invoice, InvoiceView } from './invoice.entity.js';
import { CardDeclinedError, InvalidSignatureError, PAYMENT_GATEWAY } from './payment-gateway.js';
import type { PaymentGateway, PaymentOutcome, ProviderSubscription } from './payment-gateway.js';
import { toSubscriptionView } from './subscription.entity.js';
import type { Subscription, SubscriptionView } from './subscription.entity.js';
import { isUuid } from '../../common/http/uuid.js';

/** The console's change: made in its transaction (`em`), so the audit row commits with it. */
export type ConsoleChangeContext = ChangeContext & Required<Pick<ChangeContext, 'em'>>;

/** How a console plan change was applied: a grant (no paid subscription), through the subscription, or its cancellation. */
export type PlanChangeVia = 'grant' | 'subscription' | 'cancellation';

export interface BillingResult {
  success: boolean;
  error?: string;
  subscription?: SubscriptionView;
  payment?: { requiresAction: boolean; clientSecret: string | null };
}

/** Statuses in which the customer has paid for the current period. */
export const PAID_STATUSES = new Set(['active', 'trialing']);
/** Statuses after which the account goes back to free: cancelled, expired, or a renewal that was not paid. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid', 'past_due']);

const displayName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(' ');

/**
 * Plans, payments and history. The provider (Stripe or the sandbox) is the source of truth: every change is
 * re-read from it, and the user's plan changes only on a payment that really succeeded.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repository: BillingRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountCommands,
    private readonly invoices: InvoiceRecorder,
    private readonly memberships: MembershipsRepository,
    @Optional() private readonly webhooks?: WebhooksService,
  ) {}

  // ---- reads -------------------------------------------------------------------------------------

  async currentSubscription(userId: string): Promise<SubscriptionView | null> {
    const db = this.repository.fork();
    const user = await db.user(userId);
    if (user.plan === 'free') return null;
    const subscription = await db.latestPaidSubscription(userId);
    return subscription ? toSubscriptionView(subscription) : null;
  }

  async history(userId: string): Promise<InvoiceView[]> {
    const rows = await this.repository.fork().latestInvoices(userId, 100);
    return rows.map(toInvoiceView);
  }

  /** Every invoice of the account, newest first, a page at a time ("View All History"). */
  async invoicePage(userId: string, offset: number, limit: number): Promise<{ items: InvoiceView[]; total: number; offset: number; limit: number }> {
    const [rows, total] = await this.repository.fork().invoicePage(userId, offset, limit);
    return { items: rows.map(toInvoiceView), total, offset, limit };
  }

  /** One of the account's invoices; someone else's id answers 404 like an unknown one. */
  async ownInvoice(userId: string, invoiceId: string): Promise<{ invoice: Invoice; user: User }> {
    const db = this.repository.fork();
    const invoice = isUuid(invoiceId) ? await db.ownInvoice(userId, invoiceId) : null;
    if (!invoice) throw Problems.notFound('Invoice');
    return { invoice, user: await db.user(userId) };
  }

  /** The user's newest subscription in a paid (or retrying) status, whatever the plan says (the sandbox portal's). */
  latestPaidSubscription(userId: string): Promise<Subscription | null> {
    return this.repository.fork().latestPaidSubscription(userId);
  }

  /** The provider customer of the user, or null before the first checkout. */
  async customerId(userId: string): Promise<string | null> {
    return (await this.repository.fork().user(userId)).stripeCustomerId ?? null;
  }

  // ---- upgrade from free ---------------------------------------------------------------------------

  /** One provider customer per user, created the first time it is needed. */
  async ensureCustomer(userId: string): Promise<string> {
    const db = this.repository.fork();
    const user = await db.user(userId);
    if (user.stripeCustomerId) return user.stripeCustomerId;
    // An organisation's customer is reached at its owners' and billing members' first address (its own is a placeholder).
    const email = user.kind === 'organisation' ? ((await this.memberships.fork().addresses(user.id, ['owner', 'billing']))[0] ?? user.email) : user.email;
    const customerId = await this.gateway.createCustomer({ id: user.id, email, name: displayName(user) });
    return this.accounts.linkBillingCustomer(userId, customerId);
  }

  /**
   * One billing change per user at a time (double clicks, two tabs): a claim row that expires by itself, so no
   * database connection is held while the provider is called; a second change meanwhile gets 409.
   */
  private async withUserLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const db = this.repository.fork();
    if (!(await db.claimUserLock(userId))) throw BillingErrors.changeInProgress();
    try {
      return await work();
    } finally {
      await db.releaseUserLock(userId).catch(() => undefined);
    }
  }

  createSubscription(userId: string, plan: PlanId, paymentMethodId: string): Promise<BillingResult> {
    return this.withUserLock(userId, () => this.createSubscriptionLocked(userId, plan, paymentMethodId));
  }

  private async createSubscriptionLocked(userId: string, plan: PlanId, paymentMethodId: string): Promise<BillingResult> {
    const user = await this.repository.fork().user(userId);
    // A granted plan is paid for by nobody yet: starting a subscription (any paid plan) is how it starts paying.
    if (user.plan === plan && !user.planGranted) throw BillingErrors.samePlan();
    if (user.plan !== 'free' && !user.planGranted) throw BillingErrors.alreadySubscribed();
    const customerId = await this.ensureCustomer(userId);
    // An earlier attempt still waiting for 3-D Secure must never be confirmed later into a second subscription, and
    // its unpaid invoice is no bill: voided, it leaves the billing history.
    const stale = await this.repository.fork().subscriptionsInStatus(userId, 'incomplete');
    for (const attempt of stale) {
      await this.gateway.abandonIncomplete(attempt.providerSubscriptionId);
      const ended = await this.gateway.retrieveSubscription(attempt.providerSubscriptionId);
      if (ended) await this.sync(ended, { userId });
    }
    if (stale.length) await this.syncInvoices(userId, customerId);
    try {
      await this.gateway.attachPaymentMethod(customerId, paymentMethodId);
    } catch (error) {
      if (error instanceof CardDeclinedError) return { success: false, error: error.message };
      throw error;
    }
    let created: { subscription: ProviderSubscription; payment: PaymentOutcome };
    try {
      created = await this.gateway.createSubscription({ customerId, plan, paymentMethodId, idempotencyKey: `subscribe-${userId}-${plan}-${paymentMethodId}` });
    } catch (error) {
      if (error instanceof CardDeclinedError) return { success: false, error: error.message };
      throw error;
    }
    const { subscription, payment } = created;
    if (payment.kind === 'declined') {
      await this.gateway.cancelIncomplete(subscription.id);
      const ended = (await this.gateway.retrieveSubscription(subscription.id)) ?? subscription;
      await this.sync(ended, { userId, plan });
      await this.syncInvoices(userId, customerId);
      return { success: false, error: payment.message };
    }
    const local = await this.sync(subscription, { userId, plan });
    if (payment.kind === 'requires_action') {
      return {
        success: true,
        subscription: local ? toSubscriptionView(local) : undefined,
        payment: { requiresAction: true, clientSecret: payment.clientSecret },
      };
    }
    await this.syncInvoices(userId, customerId);
    return { success: true, subscription: local ? toSubscriptionView(local) : undefined, payment: { requiresAction: false, clientSecret: null } };
  }

  /** After the 3-D Secure step: re-reads the subscription; the plan follows only if its first invoice is now paid. */
  async completeSubscription(userId: string, subscriptionId: string): Promise<BillingResult> {
    const local = await this.repository.fork().subscriptionOfUser(userId, subscriptionId, isUuid(subscriptionId) ? subscriptionId : null);
    if (!local) throw BillingErrors.subscriptionNotFound();
    const remote = await this.gateway.retrieveSubscription(local.providerSubscriptionId);
    if (!remote) throw BillingErrors.subscriptionNotFound();
    const synced = await this.sync(remote, { userId, plan: local.plan });
    await this.syncInvoices(userId, local.providerCustomerId);
    if (!PAID_STATUSES.has(remote.status)) {
      return { success: false, error: 'Payment confirmation failed', subscription: synced ? toSubscriptionView(synced) : undefined };
    }
    return { success: true, subscription: synced ? toSubscriptionView(synced) : undefined };
  }

  // ---- paid plan changes ---------------------------------------------------------------------------

  updatePlan(userId: string, plan: PlanId): Promise<BillingResult> {
    return this.withUserLock(userId, () => this.updatePlanLocked(userId, plan));
  }

  private async updatePlanLocked(userId: string, plan: PlanId): Promise<BillingResult> {
    const db = this.repository.fork();
    const user = await db.user(userId);
    if (user.plan === plan) throw BillingErrors.samePlan();
    if (PLANS[plan].rank < PLANS[user.plan].rank) throw BillingErrors.downgradeNotSupported();
    const local = user.plan === 'free' ? null : await db.latestPaidSubscription(userId);
    if (!local) throw BillingErrors.noSubscription();
    const remote = await this.gateway.retrieveSubscription(local.providerSubscriptionId);
    if (!remote || !PAID_STATUSES.has(remote.status)) throw BillingErrors.noSubscription();
    let changed: { subscription: ProviderSubscription; payment: PaymentOutcome };
    try {
      changed = await this.gateway.changePlan(remote, plan);
    } catch (error) {
      if (error instanceof CardDeclinedError) return { success: false, error: error.message };
      throw error;
    }
    const synced = await this.sync(changed.subscription, { userId, plan: local.plan });
    await this.syncInvoices(userId, local.providerCustomerId);
    if (changed.payment.kind !== 'succeeded' || changed.subscription.plan !== plan) {
      const message =
        changed.payment.kind === 'declined'
          ? changed.payment.message
          : 'The payment for this change needs your confirmation. Update your card in Manage Billing and try again.';
      return { success: false, error: message, subscription: synced ? toSubscriptionView(synced) : undefined };
    }
    return { success: true, subscription: synced ? toSubscriptionView(synced) : undefined };
  }

  /**
   * The super admin's plan change (BillingCommands publishes it to the console). A paying subscriber's goes through
   * the provider like the customer's own (prorated at once, downgrades included); to free cancels the subscription at
   * once. An account without a paid subscription gets the plan as a grant, under the same per-user lock (no checkout
   * races it). Every local write of an accepted change is made in `context.em`, the console's transaction, so its
   * audit row commits with it; a change the provider refused is synced on its own (it stands) before the 402.
   */
  changePlanFromConsole(userId: string, plan: PlanId, context: ConsoleChangeContext): Promise<PlanChangeVia> {
    const tx = this.repository.joining(context.em);
    return this.withUserLock(userId, async () => {
      const local = await this.repository.fork().latestPaidSubscription(userId);
      const remote = local ? await this.gateway.retrieveSubscription(local.providerSubscriptionId) : null;
      if (!local || !remote || !PAID_STATUSES.has(remote.status)) {
        if (remote) await this.sync(remote, { userId }, tx);
        await this.accounts.grantPlan(userId, plan, context);
        return 'grant';
      }
      if (plan === 'free') {
        const ended = (await this.gateway.cancelNow(remote.id)) ?? remote;
        await this.sync(ended, { userId }, tx);
        await this.syncInvoices(userId, local.providerCustomerId, tx);
        return 'cancellation';
      }
      if (remote.plan !== plan) {
        let changed: { subscription: ProviderSubscription; payment: PaymentOutcome };
        try {
          changed = await this.gateway.changePlan(remote, plan);
        } catch (error) {
          if (error instanceof CardDeclinedError) throw BillingErrors.adminChangeNotPaid(error.message);
          throw error;
        }
        const paid = changed.payment.kind === 'succeeded' && changed.subscription.plan === plan;
        await this.sync(changed.subscription, { userId, plan: local.plan }, paid ? tx : undefined);
        await this.syncInvoices(userId, local.providerCustomerId, paid ? tx : undefined);
        if (!paid) {
          throw BillingErrors.adminChangeNotPaid(
            changed.payment.kind === 'declined' ? changed.payment.message : "the customer's bank asks them to confirm the payment.",
          );
        }
      } else {
        await this.sync(remote, { userId, plan }, tx);
      }
      return 'subscription';
    });
  }

  async portalUrl(userId: string): Promise<string> {
    const user = await this.repository.fork().user(userId);
    if (!user.stripeCustomerId) throw BillingErrors.noBillingAccount();
    return this.gateway.createPortalSession(user.stripeCustomerId, `${this.config.appUrl}/dashboard/billing`);
  }

  // ---- webhooks -------------------------------------------------------------------------------------

  /**
   * Verifies and applies one provider event exactly once: the event row (unique provider id) is inserted in the
   * same transaction that applies it, so parallel deliveries of one event wait for each other and apply it once.
   */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate?: true; outcome?: string }> {
    if (!rawBody || !signature) throw BillingErrors.invalidSignature('Missing body or Stripe-Signature header.');
    let event;
    try {
      event = this.gateway.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) throw BillingErrors.invalidSignature(error.message);
      throw error;
    }
    // The plan moves through accounts' commands inside this transaction; accounts announces it after the commit.
    return this.repository.transaction(async (tx) => {
      const logged = await tx.logEvent(event);
      if (!logged) return { received: true as const, duplicate: true as const };
      const outcome = await this.applyEvent(tx, event.type, event.objectId);
      await tx.setEventOutcome(event.id, outcome);
      return { received: true as const, outcome };
    });
  }

  private async applyEvent(tx: BillingRepository, type: string, objectId: string | null): Promise<string> {
    if (!objectId) return 'ignored';
    if (type.startsWith('customer.subscription.')) {
      const remote = await this.gateway.retrieveSubscription(objectId);
      if (!remote) return 'unknown_subscription';
      const local = await this.sync(remote, {}, tx);
      return local ? 'applied' : 'unknown_subscription';
    }
    if (type.startsWith('invoice.')) {
      const invoice = await this.gateway.retrieveInvoice(objectId);
      if (!invoice) return 'unknown_invoice';
      const user = await tx.userByCustomer(invoice.customerId);
      if (!user) return 'unknown_customer';
      await this.invoices.record(tx, user.id, invoice);
      if (type === 'invoice.payment_failed' && invoice.status !== 'paid')
        await this.webhooks?.emit(user.id, 'invoice.payment_failed', InvoiceRecorder.event(invoice), {
          em: tx.unitOfWork,
          messageKey: `inv_failed_${invoice.id}`,
        });
      if (!invoice.subscriptionId) return 'applied';
      const remote = await this.gateway.retrieveSubscription(invoice.subscriptionId);
      if (!remote) return 'unknown_subscription';
      const local = await this.sync(remote, {}, tx);
      // A renewal that could not be charged ends the paid period at once; the retry's invoice.paid restores it.
      // (A failed first payment never gave the plan; a failed proration leaves the old plan in place.)
      if (local && type === 'invoice.payment_failed' && invoice.billingReason === 'subscription_cycle' && invoice.status !== 'paid') {
        await this.setPlan(tx, user.id, 'free', local.providerSubscriptionId);
      }
      return local ? 'applied' : 'unknown_subscription';
    }
    return 'ignored';
  }

  // ---- applying provider state ----------------------------------------------------------------------

  /**
   * Copies the provider's subscription into ours and moves the user's plan: a paid status gives the
   * subscription's plan, an ended one gives free (unless another subscription is still paid).
   */
  async sync(
    remote: ProviderSubscription,
    hint: { userId?: string; plan?: PlanId },
    db: BillingRepository = this.repository.fork(),
  ): Promise<Subscription | null> {
    const existing = await db.subscriptionByProviderId(remote.id);
    let userId = existing?.user.id ?? hint.userId;
    if (!userId) userId = (await db.userByCustomer(remote.customerId))?.id;
    if (!userId) return null;
    const plan = remote.plan ?? existing?.plan ?? hint.plan;
    if (!plan) return null;
    await db.upsertSubscription(userId, this.gateway.provider, remote, plan);
    const local = await db.subscriptionByProviderId(remote.id, true);
    if (!local) throw new Error(`Subscription ${remote.id} not found after its upsert`);
    if (PAID_STATUSES.has(remote.status) && !remote.hasPendingUpdate) await this.setPlan(db, userId, plan, remote.id);
    else if (ENDED_STATUSES.has(remote.status)) await this.setPlan(db, userId, 'free', remote.id);
    return local;
  }

  /**
   * Account closure: every subscription the provider may still bill is cancelled at once through the gateway and
   * synced back (the plan returns to free). Answers how many were ended.
   */
  async endSubscriptions(userId: string): Promise<number> {
    return this.withUserLock(userId, async () => {
      const live = await this.repository.fork().liveSubscriptions(userId);
      let ended = 0;
      for (const subscription of live) {
        const remote = await this.gateway.cancelNow(subscription.providerSubscriptionId);
        if (!remote) continue;
        await this.sync(remote, { userId });
        ended++;
      }
      return ended;
    });
  }

  /** Moves the user's plan; going to free is skipped while another subscription of the user is still paid. */
  private async setPlan(db: BillingRepository, userId: string, plan: PlanId, fromSubscription: string): Promise<void> {
    const user = await db.user(userId, true);
    if (plan === 'free') {
      // A grant stands on its own: a subscription ending (or a declined first payment) does not take it away.
      if (user.plan === 'free' || user.planGranted) return;
      const other = await db.countOtherSubscriptions(userId, fromSubscription, [...PAID_STATUSES]);
      if (other > 0) return;
    } else if (user.plan === plan && !user.planGranted) return;
    // A paid subscription replaces a grant: from now on the customer pays for the plan.
    await this.accounts.changePlan(userId, plan, { by: 'billing', reason: `subscription ${fromSubscription}`, em: db.unitOfWork });
  }

  async syncInvoices(userId: string, customerId: string, db: BillingRepository = this.repository.fork()): Promise<void> {
    const invoices = await this.gateway.listInvoices(customerId);
    for (const invoice of invoices) await this.invoices.record(db, userId, invoice);
  }
}
