import { ApiProperty } from '@nestjs/swagger';
import { CustomLimitsView, EffectiveLimitsView } from '../../../config/limits.responses.js';
import { UserView } from '../../accounts/dto/user.responses.js';
import { PLAN_IDS } from '../../../config/plans.js';
import type { PlanId } from '../../../config/plans.js';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../audit/audit-log.entity.js';

/** A user as /api/me describes them, with the limits they run under and which of them are negotiated. */
export class AdminUserView extends UserView {
  @ApiProperty({ type: EffectiveLimitsView }) limits!: EffectiveLimitsView;
  @ApiProperty({ type: CustomLimitsView, description: "The negotiated limits as set; null keeps the plan's default." }) customLimits!: CustomLimitsView;
}

export class AdminStatsView {
  @ApiProperty({ example: 319 }) totalUsers!: number;
  @ApiProperty({ example: 1204332 }) totalRequests!: number;
  @ApiProperty({ example: 412 }) totalApiKeys!: number;
}

export class SignupDayView {
  @ApiProperty({ description: 'Local date in timeZone', example: '2026-11-26' }) date!: string;
  @ApiProperty({ example: 4 }) count!: number;
}

export class MrrPlanView {
  @ApiProperty({ enum: PLAN_IDS, example: 'premium' }) plan!: PlanId;
  @ApiProperty({ example: 12 }) subscriptions!: number;
  @ApiProperty({ description: 'Monthly amount in major units', example: 60 }) amount!: number;
}

export class MrrView {
  @ApiProperty({ description: "Each paid subscription (active or trialing) at its plan's monthly price, in major units", example: 160 })
  amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ type: [MrrPlanView] }) perPlan!: MrrPlanView[];
}

export class ErrorRateView {
  @ApiProperty({ description: 'Start of the window (24 hours before `to`)', example: '2026-11-25T22:00:00.000Z' }) from!: string;
  @ApiProperty({ example: '2026-11-26T22:00:00.000Z' }) to!: string;
  @ApiProperty({ description: 'API requests answered in the window', example: 12000 }) requests!: number;
  @ApiProperty({ description: 'Of them answered 4xx', example: 240 }) clientErrors!: number;
  @ApiProperty({ description: 'Of them answered 5xx', example: 3 }) serverErrors!: number;
  @ApiProperty({ description: 'Share of 4xx answers, percent with two decimals', example: 2 }) clientErrorPercent!: number;
  @ApiProperty({ description: 'Share of 5xx answers, percent with two decimals', example: 0.03 }) serverErrorPercent!: number;
}

export class AdminOverviewView {
  @ApiProperty({ type: [SignupDayView], description: 'Accounts created per day of timeZone, the last 30 days, oldest first, days without signups as 0' })
  signupsPerDay!: SignupDayView[];
  @ApiProperty({ description: 'The zone the days are cut in (tz, default UTC)', example: 'Asia/Kolkata' }) timeZone!: string;
  @ApiProperty({ description: 'Accounts created in those 30 days', example: 41 }) signupsTotal!: number;
  @ApiProperty({ description: 'Accounts with a paid subscription (active or trialing); granted plans are not counted', example: 32 }) paidAccounts!: number;
  @ApiProperty({ type: MrrView }) mrr!: MrrView;
  @ApiProperty({ type: ErrorRateView, description: 'The last 24 hours of API requests, every account' }) errorRate!: ErrorRateView;
}

export class UserUsageDayView {
  @ApiProperty({ description: 'Local date in timeZone', example: '2026-11-26' }) date!: string;
  @ApiProperty({ example: 1200 }) requests!: number;
  @ApiProperty({ description: 'Answered 4xx', example: 12 }) clientErrors!: number;
  @ApiProperty({ description: 'Answered 5xx', example: 0 }) serverErrors!: number;
}

export class AdminUserUsageView {
  @ApiProperty({ description: 'First local date', example: '2026-10-28' }) from!: string;
  @ApiProperty({ description: 'Last local date (today in timeZone)', example: '2026-11-26' }) to!: string;
  @ApiProperty({ description: 'The zone the days are cut in (tz, default UTC)', example: 'Asia/Kolkata' }) timeZone!: string;
  @ApiProperty({ example: 30500 }) totalRequests!: number;
  @ApiProperty({ type: [UserUsageDayView], description: 'One entry per day, oldest first, days without requests as 0' }) days!: UserUsageDayView[];
}

export class AdminApiKeyView {
  @ApiProperty({ example: '0d6a7b1e-3c2f-4e59-8a10-6c7d8e9f0a1b' }) id!: string;
  @ApiProperty({ example: 'Production server' }) name!: string;
  @ApiProperty({ example: 'tzk_live_AbCd' }) keyPrefix!: string;
  @ApiProperty({ example: true }) isActive!: boolean;
  @ApiProperty({ example: '2026-11-02T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-21T18:04:11.000Z' }) lastUsedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '6f1c2a4e-8d0b-4a3c-9e57-0b8f3f1d2c11' }) userId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'ada@example.com' }) userEmail!: string | null;
}

export class AdminSupportMessageView {
  @ApiProperty({ example: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7' }) id!: string;
  @ApiProperty({ example: 'Grace Hopper' }) name!: string;
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ example: 'billing' }) category!: string;
  @ApiProperty({ example: 'Invoice address' }) subject!: string;
  @ApiProperty({ example: 'Please add our VAT number to the invoices.' }) message!: string;
  @ApiProperty({ example: 'new' }) status!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) userId!: string | null;
  @ApiProperty({ example: '2026-11-20T08:00:00.000Z' }) createdAt!: string;
}

export class AuditLogView {
  @ApiProperty({ example: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: '1b2c3d4e-5f60-4718-9a0b-c1d2e3f40516' }) actorId!: string | null;
  @ApiProperty({ example: 'admin@example.com' }) actorEmail!: string;
  @ApiProperty({ enum: AUDIT_ACTIONS, example: 'user.block' }) action!: string;
  @ApiProperty({ enum: AUDIT_TARGET_TYPES, example: 'user' }) targetType!: string;
  @ApiProperty({ example: '6f1c2a4e-8d0b-4a3c-9e57-0b8f3f1d2c11' }) targetId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'The changed fields before.', example: { isBlocked: false } })
  before!: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'The changed fields after.', example: { isBlocked: true } })
  after!: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' }) ipAddress!: string | null;
  @ApiProperty({ example: '2026-11-22T02:10:00.000Z' }) createdAt!: string;
}
