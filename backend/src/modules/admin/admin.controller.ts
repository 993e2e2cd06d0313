import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  AdminUserView as UserResponse,
  AdminApiKeyView as AdminApiKeyResponse,
  AdminStatsView,
  AdminOverviewView,
  AdminUserUsageView,
  AdminSupportMessageView as AdminSupportMessageResponse,
  AuditLogView as AuditLogResponse,
} from './dto/admin.responses.js';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../auth/authenticated.js';
import { User } from '../accounts/user.entity.js';
import { contentRange, parseListQuery } from './admin-list-query.js';
import type { ResourceSpec } from './admin-list-query.js';
import { API_KEYS, AUDIT_LOG, SUPPORT_MESSAGES, USERS } from './admin-resources.js';
import { AdminApiKeys } from './admin-api-keys.service.js';
import type { Page } from './admin-lists.repository.js';
import { AdminStatsService } from './admin-stats.service.js';
import { AdminSupportMessages } from './admin-support-messages.service.js';
import { AdminUsers } from './admin-users.service.js';
import { AuditLog } from './audit-log.service.js';
import type { Actor } from './audit-log.service.js';
import { ChangePlanDto, SetLimitsDto } from './dto/admin.dto.js';
import { EffectiveLimitsView } from '../../config/limits.responses.js';
import { InvoiceView } from '../billing/dto/billing.responses.js';
import { ChangeNoticeResponse } from '../change-notices/dto/change-notices.responses.js';

const listQueryDocs = [
  ApiQuery({ name: 'range', required: false, example: '[0,24]', description: 'JSON [start, end], inclusive, at most 500 rows' }),
  ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]', description: 'JSON [field, "ASC"|"DESC"]' }),
  ApiQuery({ name: 'filter', required: false, example: '{"q":"ada"}', description: 'JSON object of filters; q searches' }),
];
function ListDocs(): MethodDecorator {
  return (target, key, descriptor) => {
    for (const d of listQueryDocs) d(target, key, descriptor);
  };
}

/** The console's days are cut in the viewer's display zone, as every page's are (issue 48). */
const ZONE_QUERY = {
  name: 'tz',
  required: false,
  example: 'Asia/Kolkata',
  description: "IANA zone the days are cut in (the viewer's display zone); default UTC",
};

/** The super-admin API, in the ra-data-simple-rest dialect the react-admin console speaks. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin')
export class AdminController {
  constructor(
    private readonly adminUsers: AdminUsers,
    private readonly adminKeys: AdminApiKeys,
    private readonly inbox: AdminSupportMessages,
    private readonly audit: AuditLog,
    private readonly totals: AdminStatsService,
  ) {}

  private send<T>(reply: FastifyReply, spec: ResourceSpec, page: Page<T>): T[] {
    reply.header('Content-Range', contentRange(spec.name, page.offset, page.rows.length, page.total));
    reply.header('Access-Control-Expose-Headers', 'Content-Range');
    reply.header('X-Total-Count-Exact', String(page.exact));
    return page.rows;
  }

  private actor(user: User, request: FastifyRequest): Actor {
    return { user, ip: request.ip ?? null };
  }

  @Get('stats')
  @ApiOperation({ summary: 'Totals for the console dashboard: registered users, API calls made (from the daily roll-ups), active keys' })
  @ApiOkResponse({ type: AdminStatsView })
  stats() {
    return this.totals.stats();
  }

  @Get('overview')
  @ApiOperation({
    summary:
      "The console's overview: signups per day of tz (last 30 days), paid accounts, MRR (each active subscription at its plan's monthly price) and the share of 4xx and 5xx answers among the last 24 hours' API requests",
  })
  @ApiQuery(ZONE_QUERY)
  @ApiOkResponse({ type: AdminOverviewView })
  @ApiBadRequestResponse({ description: 'A zone our tz data does not list (problem+json: invalid_timezone)' })
  overview(@Query('tz') tz?: string) {
    return this.totals.overview(new Date(), typeof tz === 'string' ? tz : undefined);
  }

  @Get('users')
  @ListDocs()
  @ApiOperation({ summary: 'Users, one page; filter q (e-mail or name), plan, role, isBlocked, emailVerified, isClosed; Content-Range holds the total' })
  @ApiOkResponse({ type: [UserResponse], headers: { 'Content-Range': { description: 'users 0-24/319', schema: { type: 'string' } } } })
  async users(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, USERS, await this.adminUsers.list(parseListQuery(USERS, query)));
  }

  @Get('users/:id')
  @ApiOperation({ summary: 'One user' })
  @ApiOkResponse({ type: UserResponse })
  user(@Param('id') id: string) {
    return this.adminUsers.get(id);
  }

  @Get('users/:id/usage')
  @ApiOperation({ summary: "One user's API requests per day of tz, the last 30 days, with their 4xx and 5xx answers, cut as the user's Usage page cuts days" })
  @ApiQuery(ZONE_QUERY)
  @ApiOkResponse({ type: AdminUserUsageView })
  @ApiBadRequestResponse({ description: 'A zone our tz data does not list (problem+json: invalid_timezone)' })
  @ApiNotFoundResponse({ description: 'No such user (code `not_found`)' })
  userUsage(@Param('id') id: string, @Query('tz') tz?: string) {
    return this.adminUsers.usage(id, typeof tz === 'string' ? tz : undefined);
  }

  @Get('users/:id/invoices')
  @ApiOperation({ summary: "One user's invoices as their Billing History lists them, newest first (at most 100)" })
  @ApiOkResponse({ type: [InvoiceView] })
  @ApiNotFoundResponse({ description: 'No such user (code `not_found`)' })
  userInvoices(@Param('id') id: string) {
    return this.adminUsers.invoices(id);
  }

  @Get('users/:id/change-notices')
  @ApiOperation({
    summary:
      "One user's change notices as their Notices page lists them: each release's zones, changes and pinned keys, dismissed ones too, newest first (at most 100)",
  })
  @ApiOkResponse({ type: [ChangeNoticeResponse] })
  @ApiNotFoundResponse({ description: 'No such user (code `not_found`)' })
  userChangeNotices(@Param('id') id: string) {
    return this.adminUsers.changeNoticeHistory(id);
  }

  @Post('users/:id/block')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'The customer closed the account (code `account_closed`)' })
  @ApiOperation({ summary: 'Block a user: ends every session and refuses their API keys at once (403 account_blocked) on every instance' })
  @ApiOkResponse({ type: UserResponse })
  block(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.adminUsers.setBlocked(this.actor(user, request), id, true);
  }

  @Post('users/:id/unblock')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'The customer closed the account (code `account_closed`)' })
  @ApiOperation({ summary: 'Unblock a user' })
  @ApiOkResponse({ type: UserResponse })
  unblock(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.adminUsers.setBlocked(this.actor(user, request), id, false);
  }

  @Post('users/:id/plan')
  @HttpCode(200)
  @ApiOperation({
    summary: "Set a user's plan; the new limits apply from the next API request",
    description:
      "A paying subscriber's plan changes through the payment provider, prorated and charged at once as the customer's own change; `free` cancels the subscription at once. An account without a paid subscription gets the plan as a grant (`planGranted: true`).",
  })
  @ApiOkResponse({ type: UserResponse })
  @ApiResponse({
    status: 402,
    description: "The provider could not charge the subscriber's card for the change (code `plan_change_not_paid`); the plan is unchanged",
  })
  @ApiConflictResponse({
    description:
      'Another billing change for this user is in progress (code `billing_change_in_progress`), or the customer closed the account (code `account_closed`)',
  })
  plan(@Param('id') id: string, @Body() body: ChangePlanDto, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.adminUsers.changePlan(this.actor(user, request), id, body.plan);
  }

  @Put('users/:id/limits')
  @ApiConflictResponse({ description: 'The customer closed the account (code `account_closed`)' })
  @ApiOperation({
    summary: "Set a user's negotiated limits (null = the plan's default); they apply from the next API request on every instance, and are audited",
  })
  @ApiOkResponse({ type: EffectiveLimitsView, description: 'The limits the account runs under now' })
  @ApiBadRequestResponse({ description: 'A limit that is not a whole number within bounds (code `validation_failed`)' })
  @ApiNotFoundResponse({ description: 'No such user (code `not_found`)' })
  limits(@Param('id') id: string, @Body() body: SetLimitsDto, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.adminUsers.setLimits(this.actor(user, request), id, { hourlyQuota: body.hourlyQuota ?? null, burstPerSecond: body.burstPerSecond ?? null });
  }

  @Get('api-keys')
  @ListDocs()
  @ApiOperation({ summary: 'API keys of every user, one page; filter q (name, prefix or owner e-mail prefix), isActive, userId' })
  @ApiOkResponse({ type: [AdminApiKeyResponse], headers: { 'Content-Range': { description: 'api-keys 0-24/1000000', schema: { type: 'string' } } } })
  async apiKeys(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, API_KEYS, await this.adminKeys.list(parseListQuery(API_KEYS, query)));
  }

  @Get('api-keys/:id')
  @ApiOperation({ summary: 'One API key (never the key itself)' })
  @ApiOkResponse({ type: AdminApiKeyResponse })
  apiKey(@Param('id') id: string) {
    return this.adminKeys.get(id);
  }

  @Post('api-keys/:id/rotate')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'The customer closed the account (code `account_closed`)' })
  @ApiOperation({ summary: 'Rotate any API key: the old key is refused at once on every instance; the owner reveals the new one in their dashboard' })
  @ApiOkResponse({ type: AdminApiKeyResponse })
  rotate(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.adminKeys.rotate(this.actor(user, request), id);
  }

  @Get('support-messages')
  @ListDocs()
  @ApiOperation({ summary: 'Messages sent through the support form; filter q (e-mail, name, subject), category, status' })
  @ApiOkResponse({ type: [AdminSupportMessageResponse] })
  async supportMessages(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, SUPPORT_MESSAGES, await this.inbox.list(parseListQuery(SUPPORT_MESSAGES, query)));
  }

  @Get('support-messages/:id')
  @ApiOperation({ summary: 'One support message' })
  @ApiOkResponse({ type: AdminSupportMessageResponse })
  supportMessage(@Param('id') id: string) {
    return this.inbox.get(id);
  }

  @Get('audit-log')
  @ListDocs()
  @ApiOperation({
    summary: 'Every admin action (block, unblock, plan change, key rotation) with before/after; filter action, targetType, targetId, actorId, q',
  })
  @ApiOkResponse({ type: [AuditLogResponse] })
  async auditLog(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, AUDIT_LOG, await this.audit.list(parseListQuery(AUDIT_LOG, query)));
  }

  @Get('audit-log/:id')
  @ApiOperation({ summary: 'One audit log entry' })
  @ApiOkResponse({ type: AuditLogResponse })
  auditEntry(@Param('id') id: string) {
    return this.audit.get(id);
  }
}
