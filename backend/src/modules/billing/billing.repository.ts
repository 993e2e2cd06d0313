import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import type { PlanId } from '../../config/plans.js';
import { User } from '../accounts/user.entity.js';
import { Invoice } from './invoice.entity.js';
import type { ProviderInvoice, ProviderSubscription } from './payment-gateway.js';
import { Subscription } from './subscription.entity.js';

/** Subscription statuses whose period is (or may still be) paid for: the latest of them is "the" subscription. */
const CURRENT_STATUSES = ['active', 'trialing', 'past_due'];

/**
 * Every query of billing (subscriptions, invoices, the per-user claim, the exactly-once event log, and the reads of the
 * account it bills), after immich's server/src/repositories: each method one statement and no rule of billing's
 * (BillingService decides). One instance is one unit of work (BoundRepository: `fork()`, `transaction(work)`, `joining(uow)` for
 * the console's transaction); `unitOfWork` is handed to other modules' commands that join it.
 */
@Injectable()
export class BillingRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new BillingRepository(em) as this;
  }

  // ---- reads ------------------------------------------------------------------------------------------

  /** The account billed; `refresh` re-reads it past this unit of work's identity map. */
  user(userId: string, refresh = false): Promise<User> {
    return this.em.findOneOrFail(User, userId, refresh ? { refresh: true } : {});
  }

  userByCustomer(customerId: string): Promise<User | null> {
    return this.em.findOne(User, { stripeCustomerId: customerId });
  }

  /** The user's newest subscription in a paid (or retrying) status. */
  async latestPaidSubscription(userId: string): Promise<Subscription | null> {
    const rows = await this.em.find(Subscription, { user: userId, status: { $in: CURRENT_STATUSES } }, { orderBy: { createdAt: 'desc' }, limit: 1 });
    return rows[0] ?? null;
  }

  /** A subscription of the user by its provider id or our id. */
  subscriptionOfUser(userId: string, providerId: string, ownId: string | null): Promise<Subscription | null> {
    return this.em.findOne(Subscription, { user: userId, $or: [{ providerSubscriptionId: providerId }, ...(ownId ? [{ id: ownId }] : [])] });
  }

  /** The local copy of a provider subscription; `refresh` re-reads it after an upsert. */
  subscriptionByProviderId(providerId: string, refresh = false): Promise<Subscription | null> {
    return this.em.findOne(Subscription, { providerSubscriptionId: providerId }, refresh ? { refresh: true } : {});
  }

  subscriptionsInStatus(userId: string, status: string): Promise<Subscription[]> {
    return this.em.find(Subscription, { user: userId, status });
  }

  /** Subscriptions the provider may still bill (not cancelled, not expired). */
  liveSubscriptions(userId: string): Promise<Subscription[]> {
    return this.em.find(Subscription, { user: userId, status: { $nin: ['canceled', 'incomplete_expired'] } });
  }

  /** How many other subscriptions of the user are in one of `statuses`. */
  countOtherSubscriptions(userId: string, exceptProviderId: string, statuses: string[]): Promise<number> {
    return this.em.count(Subscription, { user: userId, providerSubscriptionId: { $ne: exceptProviderId }, status: { $in: statuses } });
  }

  /** The account's invoices as its history shows them (voided ones left out), newest first, a page at a time. */
  invoicePage(userId: string, offset: number, limit: number): Promise<[Invoice[], number]> {
    return this.em.findAndCount(Invoice, { user: userId, status: { $ne: 'void' } }, { orderBy: { createdAt: 'desc', id: 'desc' }, offset, limit });
  }

  /** The newest invoices of the history (voided ones left out), at most `limit`. */
  latestInvoices(userId: string, limit: number): Promise<Invoice[]> {
    return this.em.find(Invoice, { user: userId, status: { $ne: 'void' } }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  ownInvoice(userId: string, invoiceId: string): Promise<Invoice | null> {
    return this.em.findOne(Invoice, { id: invoiceId, user: userId });
  }

  // ---- writes -----------------------------------------------------------------------------------------

  /** Claims the user's billing lock for two minutes; false while another unexpired claim holds it. */
  async claimUserLock(userId: string): Promise<boolean> {
    const claimed = await this.em.execute<{ user_id: string }[]>(
      `insert into "billing_locks" ("user_id", "locked_until") values (?, now() + interval '2 minutes')
       on conflict ("user_id") do update set "locked_until" = excluded."locked_until" where "billing_locks"."locked_until" < now()
       returning "user_id"`,
      [userId],
    );
    return claimed.length > 0;
  }

  async releaseUserLock(userId: string): Promise<void> {
    await this.em.execute('delete from "billing_locks" where "user_id" = ?', [userId]);
  }

  /** Logs a provider event once: false when its id was logged before (a repeated delivery). */
  async logEvent(event: { id: string; type: string; objectId: string | null }): Promise<boolean> {
    const inserted = await this.em.execute<{ id: string }[]>(
      'insert into "billing_events" ("id", "provider_event_id", "type", "object_id") values (?, ?, ?, ?) on conflict ("provider_event_id") do nothing returning "id"',
      [randomUUID(), event.id, event.type, event.objectId],
    );
    return inserted.length > 0;
  }

  async setEventOutcome(providerEventId: string, outcome: string): Promise<void> {
    await this.em.execute('update "billing_events" set "outcome" = ? where "provider_event_id" = ?', [outcome, providerEventId]);
  }

  /** Inserts or updates the local copy of a provider subscription (keyed by its provider id). */
  async upsertSubscription(userId: string, provider: string, remote: ProviderSubscription, plan: PlanId): Promise<void> {
    await this.em.execute(
      `insert into "subscriptions" ("id", "user_id", "provider", "provider_subscription_id", "provider_customer_id", "plan", "status", "current_period_start", "current_period_end", "cancel_at_period_end")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict ("provider_subscription_id") do update set "plan" = excluded."plan", "status" = excluded."status",
         "current_period_start" = excluded."current_period_start", "current_period_end" = excluded."current_period_end",
         "cancel_at_period_end" = excluded."cancel_at_period_end", "updated_at" = now()`,
      [
        randomUUID(),
        userId,
        provider,
        remote.id,
        remote.customerId,
        plan,
        remote.status,
        remote.currentPeriodStart,
        remote.currentPeriodEnd,
        remote.cancelAtPeriodEnd,
      ],
    );
  }

  /** The status of the local copy of a provider invoice, or null when there is none yet. */
  async invoiceStatus(providerInvoiceId: string): Promise<string | null> {
    const rows = await this.em.execute<{ status: string }[]>('select "status" from "invoices" where "provider_invoice_id" = ?', [providerInvoiceId]);
    return rows[0]?.status ?? null;
  }

  /** Inserts or updates the local copy of a provider invoice; fields the provider left out keep what is known. */
  async upsertInvoice(userId: string, invoice: ProviderInvoice): Promise<void> {
    await this.em.execute(
      `insert into "invoices" ("id", "user_id", "provider_invoice_id", "provider_subscription_id", "description", "amount", "currency", "status", "paid_at", "created_at",
         "number", "plan", "period_start", "period_end", "hosted_invoice_url")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, (select "plan" from "subscriptions" where "provider_subscription_id" = ?)), ?, ?, ?)
       on conflict ("provider_invoice_id") do update set "status" = excluded."status", "paid_at" = excluded."paid_at",
         "amount" = excluded."amount", "description" = excluded."description", "number" = coalesce(excluded."number", "invoices"."number"),
         "plan" = coalesce(excluded."plan", "invoices"."plan"), "period_start" = coalesce(excluded."period_start", "invoices"."period_start"),
         "period_end" = coalesce(excluded."period_end", "invoices"."period_end"),
         "hosted_invoice_url" = coalesce(excluded."hosted_invoice_url", "invoices"."hosted_invoice_url")`,
      [
        randomUUID(),
        userId,
        invoice.id,
        invoice.subscriptionId,
        invoice.description,
        (invoice.amountCents / 100).toFixed(2),
        invoice.currency.toLowerCase(),
        invoice.status,
        invoice.paidAt,
        invoice.createdAt,
        invoice.number,
        invoice.plan,
        invoice.subscriptionId,
        invoice.periodStart,
        invoice.periodEnd,
        invoice.hostedInvoiceUrl,
      ],
    );
  }
}
