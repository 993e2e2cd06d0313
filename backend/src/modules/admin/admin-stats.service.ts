import { Injectable } from '@nestjs/common';
import { PLANS, isPlanId } from '../../config/plans.js';
import type { PlanId } from '../../config/plans.js';
import { PAID_STATUSES } from '../billing/billing-commands.js';
import { AdminListsRepository } from './admin-lists.repository.js';

export interface AdminStats {
  totalUsers: number;
  totalRequests: number;
  totalApiKeys: number;
}

/** The console's overview: growth, money and health, each from its own store. */
export interface AdminOverview {
  /** Accounts created per UTC day, the last OVERVIEW_DAYS days (today last), days without signups included as 0. */
  signupsPerDay: { date: string; count: number }[];
  signupsTotal: number;
  /** Accounts holding a subscription the customer pays for (active or trialing, on a paid plan); granted plans are not counted. */
  paidAccounts: number;
  /** Monthly recurring revenue: each paid subscription at its plan's monthly price (config/plans.ts). */
  mrr: { amount: number; currency: string; perPlan: { plan: PlanId; subscriptions: number; amount: number }[] };
  /** The share of the last 24 hours' API requests answered 4xx and 5xx, in percent (two decimals). */
  errorRate: { from: string; to: string; requests: number; clientErrors: number; serverErrors: number; clientErrorPercent: number; serverErrorPercent: number };
}

export const OVERVIEW_DAYS = 30;
const DAY_MS = 86_400_000;

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 100 : 0);

/** The console dashboard's totals and overview. */
@Injectable()
export class AdminStatsService {
  constructor(private readonly lists: AdminListsRepository) {}

  /** Users and active keys follow the list rule (exact up to EXACT_COUNT_LIMIT, estimated beyond); requests sum the daily roll-ups. */
  async stats(): Promise<AdminStats> {
    const totals = await this.lists.totals();
    return { totalUsers: totals.users, totalApiKeys: totals.activeKeys, totalRequests: totals.requests };
  }

  async overview(now = new Date()): Promise<AdminOverview> {
    const today = Date.parse(now.toISOString().slice(0, 10));
    const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => new Date(today - (OVERVIEW_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
    const from = new Date(now.getTime() - DAY_MS);
    const [signups, paid, outcomes] = await Promise.all([
      this.lists.signupsPerDay(days[0]),
      this.lists.paidSubscriptions([...PAID_STATUSES]),
      this.lists.requestOutcomes(from, now),
    ]);
    const perDay = new Map(signups.map((r) => [r.day, Number(r.n)]));
    const signupsPerDay = days.map((date) => ({ date, count: perDay.get(date) ?? 0 }));
    const perPlan = paid.perPlan
      .filter((r) => isPlanId(r.plan))
      .map((r) => ({ plan: r.plan as PlanId, subscriptions: r.n, amount: r.n * PLANS[r.plan as PlanId].priceMonthly }))
      .sort((a, b) => PLANS[a.plan].rank - PLANS[b.plan].rank);
    return {
      signupsPerDay,
      signupsTotal: signupsPerDay.reduce((sum, d) => sum + d.count, 0),
      paidAccounts: paid.accounts,
      mrr: { amount: perPlan.reduce((sum, p) => sum + p.amount, 0), currency: PLANS.premium.currency, perPlan },
      errorRate: {
        from: from.toISOString(),
        to: now.toISOString(),
        requests: outcomes.total,
        clientErrors: outcomes.clientErrors,
        serverErrors: outcomes.serverErrors,
        clientErrorPercent: percent(outcomes.clientErrors, outcomes.total),
        serverErrorPercent: percent(outcomes.serverErrors, outcomes.total),
      },
    };
  }
}
