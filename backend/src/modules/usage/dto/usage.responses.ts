import { ApiProperty } from '@nestjs/swagger';
import { EffectiveLimitsView } from '../../../config/limits.responses.js';
import { PLAN_IDS, type PlanId } from '../../../config/plans.js';

export class DashboardStatsView {
  @ApiProperty({ enum: PLAN_IDS, example: 'free' }) plan!: PlanId;
  @ApiProperty({ example: 42 }) todayRequests!: number;
  @ApiProperty({ example: 1234 }) totalRequests!: number;
  @ApiProperty({ example: 2 }) activeKeys!: number;
  @ApiProperty({ example: 3 }) totalKeys!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Hourly quota; null on plans without one.', example: 100 }) hourlyLimit!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 58 }) hourlyRemaining!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 1800 }) hourlyResetSeconds!: number | null;
  @ApiProperty({ type: EffectiveLimitsView }) limits!: EffectiveLimitsView;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When the first request with one of your keys was received (the oldest kept); null before the first call.',
    example: '2026-11-22T09:59:58.120Z',
  })
  firstRequestAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When you first opened the Usage page; null until then.', example: '2026-11-22T10:02:11.000Z' })
  usageSeenAt!: string | null;
}

export class UsageRecordView {
  @ApiProperty({
    description: 'The record (opaque): a number for older requests, the same text as logId for newer ones.',
    example: '1042',
  })
  id!: string;
  @ApiProperty({ description: 'Route pattern.', example: '/api/time/current' }) endpoint!: string;
  @ApiProperty({ example: 'GET' }) method!: string;
  @ApiProperty({ example: 200 }) statusCode!: number;
  @ApiProperty({ description: 'Milliseconds.', example: 1.8 }) responseTime!: number;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' }) ipAddress!: string | null;
  @ApiProperty({ example: '2026-11-22T09:59:58.120Z' }) timestamp!: string;
  @ApiProperty({ example: '6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11' }) keyId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null once the key is deleted.', example: 'Production server' }) keyName!: string | null;
  @ApiProperty({
    description: 'The id of this request in the request log (GET /api/usage/requests/{id}).',
    example: 'WyIyMDI2LTExLTIyIDA5OjU5OjU4LjEyKzAwIiwiMTA0MiJd',
  })
  logId!: string;
}

export class UsagePageView {
  @ApiProperty({ type: [UsageRecordView] }) items!: UsageRecordView[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor for the next page; null on the last page.',
    example: 'WyIyMDI2LTExLTIyIDA5OjU5OjU4LjEyKzAwIiwiMTA0MiJd',
  })
  nextCursor!: string | null;
}

export class UsageRangeView {
  @ApiProperty({ example: '2026-11-16T00:00:00.000Z' }) start!: string;
  @ApiProperty({ example: '2026-11-22T23:59:59.999Z' }) end!: string;
}

export class DayCountView {
  @ApiProperty({ example: '2026-11-22', description: 'The local date in the zone of tz.' }) date!: string;
  @ApiProperty({ example: '2026-11-21T18:30:00.000Z', description: 'When the day (or the range, on its first day) starts: its local midnight.' })
  start!: string;
  @ApiProperty({ example: 42 }) count!: number;
}

export class HourCountView {
  @ApiProperty({ example: '2026-11-22T14:30:00.000Z', description: 'Start of the hour in the zone of tz (ISO 8601; :30 UTC in Asia/Kolkata).' })
  hour!: string;
  @ApiProperty({ example: 7 }) count!: number;
}

export class StatusCountView {
  @ApiProperty({ example: 200 }) statusCode!: number;
  @ApiProperty({ example: 410 }) count!: number;
}

export class EndpointCountView {
  @ApiProperty({ example: '/api/time/current' }) endpoint!: string;
  @ApiProperty({ example: 300 }) count!: number;
}

export class UsageSummaryView {
  @ApiProperty({ type: UsageRangeView, description: 'The window counted (inclusive ends).' }) range!: UsageRangeView;
  @ApiProperty({ example: 'Asia/Kolkata', description: 'The zone whose days and hours the counts are cut in (tz).' }) timeZone!: string;
  @ApiProperty({ example: 420 }) totalRequests!: number;
  @ApiProperty({ description: 'Percent of 2xx/3xx answers.', example: 97.62 }) successRate!: number;
  @ApiProperty({ description: 'Mean milliseconds.', example: 2.1 }) averageResponseTime!: number;
  @ApiProperty({ example: 42, description: "Today's requests: the local day of tz." }) todayRequests!: number;
  @ApiProperty({ type: [DayCountView], description: 'Every local day of the window, in order, empty ones included.' }) perDay!: DayCountView[];
  @ApiProperty({
    type: [HourCountView],
    description: `Requests per hour of the exact range, every hour from the one startDate falls in to the one endDate falls in, for ranges of at most 48 hours (the Usage page's Last Day); empty for longer ranges.`,
  })
  perHour!: HourCountView[];
  @ApiProperty({ type: [StatusCountView] }) statusCodes!: StatusCountView[];
  @ApiProperty({ type: [EndpointCountView] }) topEndpoints!: EndpointCountView[];
  @ApiProperty({ type: [UsageRecordView] }) recent!: UsageRecordView[];
  @ApiProperty({ type: [String], example: ['/api/time/current', '/api/conversion/timezone'] }) endpoints!: string[];
}
