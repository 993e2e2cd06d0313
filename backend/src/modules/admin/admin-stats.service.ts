import { Injectable } from '@nestjs/common';
import { PLANS, isPlanId } from '../../config/plans.js';
import type { PlanId } from '../../config/plans.js';
import { PAID_STATUSES } from '../billing/billing-commands.js';
import { lastLocalDates, localDate } from '../usage/local-days.js';
import { UsageService } from '../usage/usage.service.js';
import { AdminListsRepository } from './admin-lists.repository.js';

export interface AdminStats {
  totalUsers: number;
  totalRequests: number;
  totalApiKeys: number;
}

/** The console's overview: growth, money and health, each from its own store. */
export interface AdminOverview {
  /** Accounts created per day of `timeZone`, the last OVERVIEW_DAYS days (today last), days without signups included as 0. */
  signupsPerDay: { date: string; count: number }[];
  /** The zone the days are cut in: the viewer's display zone (tz), default UTC. */
  timeZone: string;
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
  constructor(
    private readonly lists: AdminListsRepository,
    private readonly usage: UsageService,
  ) {}

  /** Users and active keys follow the list rule (exact up to EXACT_COUNT_LIMIT, estimated beyond); requests sum the daily roll-ups. */
  async stats(): Promise<AdminStats> {
    const totals = await this.lists.totals();
    return { totalUsers: totals.users, totalApiKeys: totals.activeKeys, totalRequests: totals.requests };
  }

  /** The overview, its days cut in `tz` (default UTC; 400 invalid_timezone for a zone our tz data does not list). */
  async overview(now = new Date(), tz?: string): Promise<AdminOverview> {
    // The zone as the customer's Usage page reads it: the same days, the same 400 for a zone our tz data does not list.
    const { name: timeZone, clock: zone } = this.usage.displayZone(tz);
    const { dates: days, from: firstDay } = lastLocalDates(zone, OVERVIEW_DAYS, now.getTime());
    const from = new Date(now.getTime() - DAY_MS);
    const [signups, paid, outcomes] = await Promise.all([
      this.lists.signupsPerQuarterHour(new Date(firstDay)),
      this.lists.paidSubscriptions([...PAID_STATUSES]),
      this.lists.requestOutcomes(from, now),
    ]);
    // Every zone's midnight begins a UTC quarter hour: a quarter's signups fall on one local date.
    const perDay = new Map<string, number>();
    for (const { start, n } of signups) {
      const date = localDate(zone, start);
      perDay.set(date, (perDay.get(date) ?? 0) + n);
    }
    const signupsPerDay = days.map((date) => ({ date, count: perDay.get(date) ?? 0 }));
    const perPlan = paid.perPlan
      .filter((r) => isPlanId(r.plan))
      .map((r) => ({ plan: r.plan as PlanId, subscriptions: r.n, amount: r.n * PLANS[r.plan as PlanId].priceMonthly }))
      .sort((a, b) => PLANS[a.plan].rank - PLANS[b.plan].rank);
    return {
      signupsPerDay,
      timeZone,
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
