import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PlanId } from '../../config/plans.js';
import type { ProviderInvoice, ProviderSubscription } from './payment-gateway.js';

/**
 * Billing's SQL that the entities don't express (upserts keyed by the provider's ids, the per-user claim, the
 * exactly-once event log), after immich's server/src/repositories: each method one statement and no rule of billing's
 * (BillingService decides). Every method runs in the EntityManager it is handed (a transaction or a fork).
 */
@Injectable()
export class BillingRepository {
  /** Records the provider customer of a user that has none yet (a concurrent first one wins). */
  async setCustomerIfMissing(em: EntityManager, userId: string, customerId: string): Promise<void> {
    await em.execute('update "users" set "stripe_customer_id" = ? where "id" = ? and "stripe_customer_id" is null', [customerId, userId]);
  }

  /** Claims the user's billing lock for two minutes; false while another unexpired claim holds it. */
  async claimUserLock(em: EntityManager, userId: string): Promise<boolean> {
    const claimed = await em.execute<{ user_id: string }[]>(
      `insert into "billing_locks" ("user_id", "locked_until") values (?, now() + interval '2 minutes')
       on conflict ("user_id") do update set "locked_until" = excluded."locked_until" where "billing_locks"."locked_until" < now()
       returning "user_id"`,
      [userId],
    );
    return claimed.length > 0;
  }

  async releaseUserLock(em: EntityManager, userId: string): Promise<void> {
    await em.execute('delete from "billing_locks" where "user_id" = ?', [userId]);
  }

  /** Logs a provider event once: false when its id was logged before (a repeated delivery). */
  async logEvent(em: EntityManager, event: { id: string; type: string; objectId: string | null }): Promise<boolean> {
    const inserted = await em.execute<{ id: string }[]>(
      'insert into "billing_events" ("id", "provider_event_id", "type", "object_id") values (?, ?, ?, ?) on conflict ("provider_event_id") do nothing returning "id"',
      [randomUUID(), event.id, event.type, event.objectId],
    );
    return inserted.length > 0;
  }

  async setEventOutcome(em: EntityManager, providerEventId: string, outcome: string): Promise<void> {
    await em.execute('update "billing_events" set "outcome" = ? where "provider_event_id" = ?', [outcome, providerEventId]);
  }

  /** Inserts or updates the local copy of a provider subscription (keyed by its provider id). */
  async upsertSubscription(em: EntityManager, userId: string, provider: string, remote: ProviderSubscription, plan: PlanId): Promise<void> {
    await em.execute(
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
  async invoiceStatus(em: EntityManager, providerInvoiceId: string): Promise<string | null> {
    const rows = await em.execute<{ status: string }[]>('select "status" from "invoices" where "provider_invoice_id" = ?', [providerInvoiceId]);
    return rows[0]?.status ?? null;
  }

  /** Inserts or updates the local copy of a provider invoice; fields the provider left out keep what is known. */
  async upsertInvoice(em: EntityManager, userId: string, invoice: ProviderInvoice): Promise<void> {
    await em.execute(
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
