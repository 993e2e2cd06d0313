import { Injectable, Logger } from '@nestjs/common';
import { ProblemException } from '../../common/problems/problem.js';
import type { PlanId } from '../../config/plans.js';
import type { AccountBilling } from '../accounts/account-billing.port.js';
import { BillingErrors } from './billing.errors.js';
import { BillingService } from './billing.service.js';
import type { ConsoleChangeContext, PlanChangeVia } from './billing.service.js';
import type { InvoiceView } from './invoice.entity.js';

export type { ConsoleChangeContext, PlanChangeVia } from './billing.service.js';
export type { InvoiceView } from './invoice.entity.js';
export { PAID_STATUSES } from './billing.service.js';

/**
 * What billing offers the features above it (published in eslint/boundaries.js): the console's plan change and its
 * read of an account's invoices, the statuses that count as paid (the console's MRR), and the end of an account's subscriptions (accounts' AccountBilling port, which the closure asks). Everything else of
 * billing is its own.
 */
@Injectable()
export class BillingCommands implements AccountBilling {
  private readonly logger = new Logger('Billing');

  constructor(private readonly billing: BillingService) {}

  /**
   * The super admin's plan change, in the caller's transaction (`context.em`): through the provider for a paying
   * subscriber, a grant otherwise. Answers how it was applied. The console writes its audit row in the same
   * transaction. While the provider is called that transaction is open: the console's changes are one operator's, rare.
   */
  changePlanFromConsole(userId: string, plan: PlanId, context: ConsoleChangeContext): Promise<PlanChangeVia> {
    return this.billing.changePlanFromConsole(userId, plan, context);
  }

  /** An account's billing history as the customer sees it (newest first, at most 100; abandoned invoices left out), for the console's user page. */
  invoices(userId: string): Promise<InvoiceView[]> {
    return this.billing.history(userId);
  }

  /** Cancels every subscription the provider may still bill, at once; 502 `payment_provider_unavailable` when it can't be reached. */
  async endSubscriptions(userId: string): Promise<number> {
    try {
      return await this.billing.endSubscriptions(userId);
    } catch (error) {
      if (error instanceof ProblemException) throw error;
      this.logger.warn(`Ending the subscriptions of ${userId}: the payment provider failed: ${(error as Error).message}`);
      throw BillingErrors.providerUnavailable();
    }
  }
}
