import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { DashboardStatsView, UsagePageView, UsageSummaryView } from './dto/usage.responses.js';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { RequestLogQueryDto, RequestStatsQueryDto } from './dto/request-log.dto.js';
import { RequestDetailView, RequestLogPageView, RequestStatsView } from './dto/request-log.responses.js';
import { RequestLogService } from './request-log.service.js';
import { Authenticated, CurrentAccount, Permits } from '../auth/authenticated.js';
import { accountLimits, User } from '../accounts/user.entity.js';
import { DashboardStatsQueryDto, UsageListQueryDto, UsageRangeDto, UsageSummaryQueryDto } from './dto/usage-query.dto.js';
import { UsageService } from './usage.service.js';
import type { DashboardStats, UsagePage, UsageSummary } from './usage.service.js';

@ApiTags('Usage')
@Controller()
@Authenticated()
export class UsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly requestLog: RequestLogService,
  ) {}

  @Get('dashboard/stats')
  @Permits('org.read')
  @ApiOperation({
    summary: 'Dashboard numbers',
    description:
      "Plan, today's (the local day of tz, default UTC) and all-time requests, keys, the effective limits (plan or negotiated), with an hourly quota what is left of the rolling hour, " +
      'and the Quick Start steps: the first request received and the first visit to the Usage page.',
  })
  @ApiOkResponse({ type: DashboardStatsView })
  @ApiBadRequestResponse({ description: 'Bad time zone (problem+json: invalid_timezone)' })
  stats(@CurrentAccount() user: User, @Query() query: DashboardStatsQueryDto): Promise<DashboardStats> {
    return this.usage.stats(user.id, user.plan, accountLimits(user), user.usageSeenAt, query.tz);
  }

  @Get('usage')
  @Permits('usage.read')
  @ApiOperation({ summary: 'Your usage records', description: 'Newest first, page by page: pass nextCursor as cursor for the next page (limit ≤ 1000).' })
  @ApiOkResponse({ type: UsagePageView })
  @ApiBadRequestResponse({ description: 'Bad date, limit or cursor (problem+json)' })
  list(@CurrentAccount() user: User, @Query() query: UsageListQueryDto): Promise<UsagePage> {
    return this.usage.list(user.id, query);
  }

  @Get('usage/export.csv')
  @Permits('usage.read')
  @ApiOperation({
    summary: 'Your usage records as CSV',
    description:
      'Every record of the range (exact ISO 8601 ends; default the last 7 days, at most 400 days), newest first, optionally for one endpoint or one key. ' +
      'Streamed from the database batch by batch. Columns: timestamp (UTC, ISO 8601), endpoint, method, status_code, response_ms, key_id, key_name, ip_address.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file (attachment)', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ description: 'Bad date range or key id (problem+json)' })
  @Header('Cache-Control', 'no-store')
  exportCsv(@CurrentAccount() user: User, @Query() query: UsageRangeDto): StreamableFile {
    const stream = this.usage.exportCsv(user.id, query);
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(stream, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="usage-${day}.csv"` });
  }

  @Get('usage/summary')
  @Permits('usage.read')
  @ApiOperation({
    summary: 'Usage summary',
    description:
      'What the Usage page draws for a range and an optional endpoint or key: per-day counts, status codes, top 5 endpoints, success rate, mean response ms, today, the 10 most recent records and the endpoints seen. ' +
      'Days and hours are those of tz (IANA, default UTC): a day starts at its local midnight. The range widens to the whole days of tz its ends fall on (default: the last 7), or with exact=true is counted exactly as given. ' +
      "The first read marks the account's Usage page as seen (the dashboard's Quick Start).",
  })
  @ApiOkResponse({ type: UsageSummaryView })
  @ApiBadRequestResponse({ description: 'Bad date range or time zone (problem+json: invalid_range, invalid_timezone)' })
  async summary(@CurrentAccount() user: User, @Query() query: UsageSummaryQueryDto): Promise<UsageSummary> {
    const summary = await this.usage.summary(user.id, query);
    if (!user.usageSeenAt) await this.usage.markUsageSeen(user.id);
    return summary;
  }

  @Get('usage/requests')
  @Permits('usage.read')
  @ApiOperation({
    summary: 'Your request log',
    description:
      'Every request of the retention period (every plan), newest first, page by page: pass nextCursor as cursor for the next page (limit ≤ 200). ' +
      'Filters: keyId, endpoint, status (404 or a class such as 4xx), from/to (ISO 8601, inclusive) and requestId (the X-Request-Id).',
  })
  @ApiOkResponse({ type: RequestLogPageView })
  @ApiBadRequestResponse({ description: 'Bad filter, date or cursor (problem+json: invalid_status_filter, invalid_range, invalid_cursor, validation_failed)' })
  requests(@CurrentAccount() user: User, @Query() query: RequestLogQueryDto): Promise<RequestLogPageView> {
    return this.requestLog.page(user.id, query);
  }

  @Get('usage/requests/stats')
  @Permits('usage.read')
  @ApiOperation({
    summary: 'Request log analytics (Premium and Enterprise)',
    description:
      'Latency percentiles (p50, p95, p99) and counts by status class for [from, to) (default the last 24 hours, at most 31 days), ' +
      'in hourly buckets for ranges up to 48 hours, else daily, on the clock of timeZone (IANA, default UTC). Free plan: 403 analytics_plan_required.',
  })
  @ApiOkResponse({ type: RequestStatsView })
  @ApiBadRequestResponse({ description: 'Bad date range or time zone (problem+json: invalid_range, invalid_timezone)' })
  @ApiForbiddenResponse({ description: 'The plan has no advanced analytics (problem+json: analytics_plan_required)' })
  requestStats(@CurrentAccount() user: User, @Query() query: RequestStatsQueryDto): Promise<RequestStatsView> {
    return this.requestLog.stats(user.id, user.plan, query);
  }

  @Get('usage/requests/:id')
  @Permits('usage.read')
  @ApiOperation({
    summary: 'One request of your log',
    description: 'Method, route, query parameters (secrets redacted, bodies not logged), status, problem code, latency, client IP, key and X-Request-Id.',
  })
  @ApiOkResponse({ type: RequestDetailView })
  @ApiNotFoundResponse({ description: 'No request of yours has this id (problem+json: request_not_found)' })
  request(@CurrentAccount() user: User, @Param('id') id: string): Promise<RequestDetailView> {
    return this.requestLog.detail(user.id, id);
  }
}
