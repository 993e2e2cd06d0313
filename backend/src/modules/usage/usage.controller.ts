import { Controller, Get, Query } from '@nestjs/common';
import { DashboardStatsView, UsagePageView, UsageSummaryView } from './dto/usage.responses.js';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../../common/auth.decorator.js';
import { accountLimits, User } from '../auth/user.entity.js';
import { UsageListQueryDto, UsageRangeDto } from './dto/usage-query.dto.js';
import { UsageService } from './usage.service.js';
import type { DashboardStats, UsagePage, UsageSummary } from './usage.service.js';

@ApiTags('Usage')
@Controller()
@Authenticated()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get('dashboard/stats')
  @ApiOperation({ summary: 'Dashboard numbers', description: "Plan, today's and all-time requests, keys, the effective limits (plan or negotiated), and with an hourly quota what is left of the rolling hour." })
  @ApiOkResponse({ type: DashboardStatsView })
  stats(@CurrentUser() user: User): Promise<DashboardStats> {
    return this.usage.stats(user.id, user.plan, accountLimits(user));
  }

  @Get('usage')
  @ApiOperation({ summary: 'Your usage records', description: 'Newest first, page by page: pass nextCursor as cursor for the next page (limit ≤ 1000).' })
  @ApiOkResponse({ type: UsagePageView })
  @ApiBadRequestResponse({ description: 'Bad date, limit or cursor (problem+json)' })
  list(@CurrentUser() user: User, @Query() query: UsageListQueryDto): Promise<UsagePage> {
    return this.usage.list(user.id, query);
  }

  @Get('usage/summary')
  @ApiOperation({
    summary: 'Usage summary',
    description: 'What the Usage page draws for a range of whole UTC days (default: the last 7) and an optional endpoint: per-day counts, status codes, top 5 endpoints, success rate, mean response ms, today, the 10 most recent records and the endpoints seen.',
  })
  @ApiOkResponse({ type: UsageSummaryView })
  @ApiBadRequestResponse({ description: 'Bad date range (problem+json)' })
  summary(@CurrentUser() user: User, @Query() query: UsageRangeDto): Promise<UsageSummary> {
    return this.usage.summary(user.id, query);
  }
}
