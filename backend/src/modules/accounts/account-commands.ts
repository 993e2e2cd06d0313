import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import type { CustomLimits, PlanId } from '../../config/plans.js';
import { AccountErrors } from './accounts.errors.js';
import { PLAN_CHANGE_EVENTS } from './plan-change.port.js';
import type { PlanChangeEvents } from './plan-change.port.js';
import { User } from './user.entity.js';
import type { Role } from './user.entity.js';
import { UsersRepository } from './users.repository.js';
import type { UnitOfWork } from './users.repository.js';

/** Who asked for a change and why (the log line; the audit row is the console's). */
export interface ChangeContext {
  by: string;
  reason?: string;
  /** The caller's transaction: the change commits (and is announced) with it. */
  em?: UnitOfWork;
}

export interface UserChange {
  before: Readonly<Pick<User, 'plan' | 'planGranted' | 'role' | 'isBlocked' | 'emailVerified' | 'email' | 'customHourlyQuota' | 'customBurstPerSecond'>>;
  after: User;
}

/**
 * The only writer of an account's plan, role, block, limits and verification state. Each command locks the row,
 * writes it through the entity and flushes; AccountChanges announces the change after the outermost commit, so the
 * key cache and the sessions follow on the next request.
 */
@Injectable()
export class AccountCommands {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UsersRepository,
    @Optional() @Inject(PLAN_CHANGE_EVENTS) private readonly planEvents?: PlanChangeEvents,
  ) {}

  /** A plan bought through a subscription (billing): it replaces a grant. */
  changePlan(userId: string, plan: PlanId, context: ChangeContext): Promise<UserChange> {
    return this.change(
      userId,
      context,
      (user) => {
        user.plan = plan;
        user.planGranted = false;
      },
      `plan -> ${plan}`,
    );
  }

  /** A plan given by the super admin with no subscription behind it (free ends the grant). */
  grantPlan(userId: string, plan: PlanId, context: ChangeContext): Promise<UserChange> {
    return this.change(
      userId,
      context,
      (user) => {
        user.plan = plan;
        user.planGranted = plan !== 'free';
      },
      `plan -> ${plan} (grant)`,
    );
  }

  setBlocked(userId: string, blocked: boolean, context: ChangeContext): Promise<UserChange> {
    return this.change(
      userId,
      context,
      (user) => {
        user.isBlocked = blocked;
      },
      blocked ? 'blocked' : 'unblocked',
    );
  }

  setRole(userId: string, role: Role, context: ChangeContext): Promise<UserChange> {
    return this.change(
      userId,
      context,
      (user) => {
        user.role = role;
      },
      `role -> ${role}`,
    );
  }

  /** Negotiated limits; null keeps the plan's default. */
  setLimits(userId: string, custom: CustomLimits, context: ChangeContext): Promise<UserChange> {
    return this.change(
      userId,
      context,
      (user) => {
        user.customHourlyQuota = custom.hourlyQuota;
        user.customBurstPerSecond = custom.burstPerSecond;
      },
      `limits -> ${JSON.stringify(custom)}`,
    );
  }

  /**
   * The address is proven (a verification link, a reset link, the identity provider). With `email`, the account moves
   * to that address: false when another account has taken it meanwhile.
   */
  async markVerified(userId: string, context: ChangeContext & { email?: string }): Promise<boolean> {
    try {
      await this.change(
        userId,
        context,
        (user) => {
          if (context.email) user.email = context.email;
          user.emailVerified = true;
        },
        'e-mail verified',
      );
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }

  /**
   * The billing provider's customer of the account, recorded once: a concurrent first one wins, and the answer is the
   * customer the account has after the call.
   */
  async linkBillingCustomer(userId: string, customerId: string): Promise<string> {
    const users = this.users.fork();
    await users.setBillingCustomerIfMissing(userId, customerId);
    return (await users.reload(userId)).stripeCustomerId ?? customerId;
  }

  /** The account opened its Usage page (the Quick Start's last step): the first time is kept, later visits change nothing. */
  async markUsageSeen(userId: string): Promise<void> {
    await this.users.fork().markUsageSeen(userId);
  }

  private async change(userId: string, context: ChangeContext, apply: (user: User) => void, what: string): Promise<UserChange> {
    if (!isUuid(userId)) throw AccountErrors.userNotFound();
    const result = await this.users.within(context.em, async (tx): Promise<UserChange> => {
      const user = await tx.lockForChange(userId);
      if (!user) throw AccountErrors.userNotFound();
      const before = {
        plan: user.plan,
        planGranted: user.planGranted,
        role: user.role,
        isBlocked: user.isBlocked,
        emailVerified: user.emailVerified,
        email: user.email,
        customHourlyQuota: user.customHourlyQuota,
        customBurstPerSecond: user.customBurstPerSecond,
      };
      apply(user);
      await tx.flush();
      if (before.plan !== user.plan)
        await this.planEvents?.emit(
          user.id,
          'plan.changed',
          { from: before.plan, to: user.plan, granted: user.planGranted },
          { em: tx.unitOfWork, wasEnterprise: before.plan === 'enterprise' },
        );
      return { before, after: user };
    });
    this.logger.log(`User ${userId}: ${what} by ${context.by}${context.reason ? ` (${context.reason})` : ''}`);
    return result;
  }
}
