import { Injectable } from '@nestjs/common';
import { limitsInWords, planName } from '@tzapi/shared/plans';
import type { CustomLimits, EffectiveLimits, PlanId } from '../../config/plans.js';
import { CustomerNotices } from './customer-notices.js';
import { AccountCommands } from '../accounts/account-commands.js';
import { BillingCommands } from '../billing/billing-commands.js';
import { ChangeNotices } from '../change-notices/change-notices.js';
import { UsageService } from '../usage/usage.service.js';
import type { ChangeNoticeView } from '../change-notices/change-notices.js';
import type { InvoiceView } from '../billing/billing-commands.js';
import type { UserChange } from '../accounts/account-commands.js';
import { accountLimits, customLimitsOf, toUserView } from '../accounts/user.entity.js';
import type { User, UserView } from '../accounts/user.entity.js';
import { isUuid } from '../../common/http/uuid.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminListsRepository } from './admin-lists.repository.js';
import type { Page, Row } from './admin-lists.repository.js';
import { AdminErrors } from './admin.errors.js';
import { AdminRepository } from './admin.repository.js';
import { AuditLog } from './audit-log.service.js';
import type { Actor } from './audit-log.service.js';

/** The admin list shows users as /api/me describes them, with their limits and which of them are negotiated. */
export interface AdminUserView extends UserView {
  limits: EffectiveLimits;
  customLimits: CustomLimits;
}

/** One account's requests per day of the viewer's zone, the last USER_USAGE_DAYS days (today last), days without requests as 0. */
export interface AdminUserUsage {
  /** The first and last local dates. */
  from: string;
  to: string;
  timeZone: string;
  totalRequests: number;
  days: { date: string; requests: number; clientErrors: number; serverErrors: number }[];
}

export const USER_USAGE_DAYS = 30;

export function toAdminUserView(user: User): AdminUserView {
  return { ...toUserView(user), limits: accountLimits(user), customLimits: customLimitsOf(user) };
}

/**
 * The console's users: the list and one user read here; every change goes through accounts' commands (the only
 * writer of plan, block and limits), with the audit row in the change's transaction. Caches and sessions follow
 * accounts' announcement after the commit.
 */
@Injectable()
export class AdminUsers {
  constructor(
    private readonly repository: AdminRepository,
    private readonly lists: AdminListsRepository,
    private readonly accounts: AccountCommands,
    private readonly billing: BillingCommands,
    private readonly audit: AuditLog,
    private readonly notices: CustomerNotices,
    private readonly changeNotices: ChangeNotices,
    private readonly usageReads: UsageService,
  ) {}

  /** Rows of `select * from users` as entities, so the one mapper (toUserView) reads them. */
  private view(rows: Row[]): AdminUserView[] {
    return this.repository.fork().usersFromRows(rows).map(toAdminUserView);
  }

  async list(query: ListQuery): Promise<Page<AdminUserView>> {
    const page = await this.lists.users(query);
    return { ...page, rows: this.view(page.rows) };
  }

  async get(id: string): Promise<AdminUserView> {
    const user = isUuid(id) ? await this.repository.fork().user(id) : null;
    if (!user) throw AdminErrors.userNotFound();
    return toAdminUserView(user);
  }

  /** The account's usage per day of `tz` (default UTC; 400 invalid_timezone), as its Usage page cuts days (404 for an unknown user). */
  async usage(id: string, tz?: string, now = new Date()): Promise<AdminUserUsage> {
    const user = await this.get(id);
    const { timeZone, days } = await this.usageReads.dailyByClass(user.id, USER_USAGE_DAYS, tz, now.getTime());
    return { from: days[0].date, to: days[days.length - 1].date, timeZone, totalRequests: days.reduce((sum, d) => sum + d.requests, 0), days };
  }

  /** The account's invoices as its Billing History lists them (404 for an unknown user). */
  async invoices(id: string): Promise<InvoiceView[]> {
    const user = await this.get(id);
    return this.billing.invoices(user.id);
  }

  /** The account's change notices as its Notices page lists them, dismissed ones too, newest first (404 for an unknown user). */
  async changeNoticeHistory(id: string): Promise<ChangeNoticeView[]> {
    const user = await this.get(id);
    return this.changeNotices.history(user.id);
  }

  /**
   * In `tx`: locks the account and refuses a closed one (409 account_closed): its keys, sessions and subscription
   * ended with the closure, so no console action applies. The closure takes the same lock, so neither overtakes the other.
   */
  static async lockOpenAccount(tx: AdminRepository, userId: string): Promise<User> {
    const user = isUuid(userId) ? await tx.lockUser(userId) : null;
    if (!user) throw AdminErrors.userNotFound();
    if (user.closedAt) throw AdminErrors.accountClosed();
    return user;
  }

  async setBlocked(actor: Actor, userId: string, blocked: boolean): Promise<AdminUserView> {
    if (blocked && actor.user.id === userId) throw AdminErrors.cannotBlockSelf();
    const change = await this.repository.transaction(async (tx) => {
      await AdminUsers.lockOpenAccount(tx, userId);
      const done = await this.accounts.setBlocked(userId, blocked, { by: actor.user.email, reason: 'console', em: tx.unitOfWork });
      await this.audit.record(actor, blocked ? 'user.block' : 'user.unblock', 'user', userId, ...snapshots(done, (u) => ({ isBlocked: u.isBlocked })), tx);
      if (done.before.isBlocked !== done.after.isBlocked) await this.notices.changed(done.after, { kind: blocked ? 'blocked' : 'unblocked' }, tx);
      return done;
    });
    return toAdminUserView(change.after);
  }

  /**
   * The console's plan change, through billing's published command: through the payment provider for a paying
   * subscriber (prorated; free cancels the subscription), a grant for an account without one. One transaction holds
   * the change and its audit row (with how it was applied).
   */
  async changePlan(actor: Actor, userId: string, plan: PlanId): Promise<AdminUserView> {
    const before = await this.get(userId);
    // Checked before the provider is called, without the row lock: billing writes the row on its own connection when the provider refuses.
    if (before.closedAt) throw AdminErrors.accountClosed();
    const pick = (u: Pick<User, 'plan' | 'planGranted' | 'email'>) => ({ plan: u.plan, planGranted: u.planGranted, email: u.email });
    const after = await this.repository.transaction(async (tx) => {
      const via = await this.billing.changePlanFromConsole(userId, plan, { by: actor.user.email, reason: 'console', em: tx.unitOfWork });
      const user = await tx.freshUser(userId);
      await this.audit.record(actor, 'user.plan_change', 'user', userId, pick(before), { ...pick(user), via }, tx);
      if (before.plan !== user.plan) await this.notices.changed(user, { kind: 'plan_changed', from: planName(before.plan), to: planName(user.plan), via }, tx);
      return user;
    });
    return toAdminUserView(after);
  }

  /** Negotiated limits (null = the plan's default); like a plan change, they apply from the next API request everywhere. */
  async setLimits(actor: Actor, userId: string, custom: CustomLimits): Promise<EffectiveLimits> {
    const change = await this.repository.transaction(async (tx) => {
      await AdminUsers.lockOpenAccount(tx, userId);
      const done = await this.accounts.setLimits(userId, custom, { by: actor.user.email, reason: 'console', em: tx.unitOfWork });
      const view = (u: UserChange['before']) => ({ plan: u.plan, customLimits: customLimitsOf(u), limits: accountLimits(u) });
      await this.audit.record(actor, 'user.limits_change', 'user', userId, ...snapshots(done, view), tx);
      if (JSON.stringify(customLimitsOf(done.before)) !== JSON.stringify(customLimitsOf(done.after))) {
        const limits = accountLimits(done.after);
        await this.notices.changed(done.after, { kind: 'limits_changed', limits: limitsInWords(limits), custom: limits.custom }, tx);
      }
      return done;
    });
    return accountLimits(change.after);
  }
}

/** The audit row's before and after: the fields the action touched, and the e-mail (the row outlives a closure's erasure). */
function snapshots(
  change: UserChange,
  pick: (u: UserChange['before']) => Record<string, unknown>,
  note: Record<string, unknown> = {},
): [Record<string, unknown>, Record<string, unknown>] {
  return [
    { ...pick(change.before), email: change.before.email },
    { ...pick(change.after), email: change.after.email, ...note },
  ];
}
