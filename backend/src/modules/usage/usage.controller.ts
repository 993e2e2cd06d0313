import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../../common/auth.decorator.js';
import { User } from '../auth/user.entity.js';
import { UsageListQueryDto, UsageRangeDto } from './dto/usage-query.dto.js';
import { UsageService } from './usage.service.js';
import type { DashboardStats, UsagePage, UsageSummary } from './usage.service.js';

const RECORD_EXAMPLE = {
  id: '1042',
  endpoint: '/api/time/current',
  method: 'GET',
  statusCode: 200,
  responseTime: 1.8,
  ipAddress: '203.0.113.7',
  timestamp: '2026-11-22T09:59:58.120Z',
  keyId: '6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11',
  keyName: 'Production server',
};

@ApiTags('Usage')
@Controller()
@Authenticated()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get('dashboard/stats')
  @ApiOperation({ summary: 'Dashboard numbers', description: "Plan, today's and all-time requests, keys, and for the free plan what is left of the rolling hour." })
  @ApiOkResponse({
    schema: {
      example: { plan: 'free', todayRequests: 42, totalRequests: 1234, activeKeys: 2, totalKeys: 3, hourlyLimit: 100, hourlyRemaining: 58, hourlyResetSeconds: 1800 },
    },
  })
  stats(@CurrentUser() user: User): Promise<DashboardStats> {
    return this.usage.stats(user.id, user.plan);
  }

  @Get('usage')
  @ApiOperation({ summary: 'Your usage records', description: 'Newest first, page by page: pass nextCursor as cursor for the next page (limit ≤ 1000).' })
  @ApiOkResponse({ schema: { example: { items: [RECORD_EXAMPLE], nextCursor: 'WyIyMDI2LTExLTIyIDA5OjU5OjU4LjEyKzAwIiwiMTA0MiJd' } } })
  @ApiBadRequestResponse({ description: 'Bad date, limit or cursor (problem+json)' })
  list(@CurrentUser() user: User, @Query() query: UsageListQueryDto): Promise<UsagePage> {
    return this.usage.list(user.id, query);
  }

  @Get('usage/summary')
  @ApiOperation({
    summary: 'Usage summary',
    description: 'What the Usage page draws for a range of whole UTC days (default: the last 7) and an optional endpoint: per-day counts, status codes, top 5 endpoints, success rate, mean response ms, today, the 10 most recent records and the endpoints seen.',
  })
  @ApiOkResponse({
    schema: {
      example: {
        range: { start: '2026-11-16T00:00:00.000Z', end: '2026-11-22T23:59:59.999Z' },
        totalRequests: 420,
        successRate: 97.62,
        averageResponseTime: 2.1,
        todayRequests: 42,
        perDay: [{ date: '2026-11-22', count: 42 }],
        statusCodes: [{ statusCode: 200, count: 410 }, { statusCode: 400, count: 10 }],
        topEndpoints: [{ endpoint: '/api/time/current', count: 300 }],
        recent: [RECORD_EXAMPLE],
        endpoints: ['/api/time/current', '/api/conversion/convert'],
      },
    },
  })
  @ApiBadRequestResponse({ description: 'Bad date range (problem+json)' })
  summary(@CurrentUser() user: User, @Query() query: UsageRangeDto): Promise<UsageSummary> {
    return this.usage.summary(user.id, query);
  }
}
