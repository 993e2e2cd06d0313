import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../common/auth.decorator.js';
import { User } from '../auth/user.entity.js';
import { contentRange, parseListQuery } from './admin-list-query.js';
import type { ResourceSpec } from './admin-list-query.js';
import { API_KEYS, AUDIT_LOG, SUPPORT_MESSAGES, USERS } from './admin-resources.js';
import { AdminService } from './admin.service.js';
import type { Actor, Page } from './admin.service.js';
import { ChangePlanDto } from './dto/admin.dto.js';

const exampleUser = {
  id: '6f1c2a4e-8d0b-4a3c-9e57-0b8f3f1d2c11',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'free',
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2026-11-01T09:30:00.000Z',
  profileImageUrl: null,
};
const exampleKey = {
  id: '0d6a7b1e-3c2f-4e59-8a10-6c7d8e9f0a1b',
  name: 'Production server',
  keyPrefix: 'tzk_live_AbCd',
  isActive: true,
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: '2026-11-21T18:04:11.000Z',
  userId: exampleUser.id,
  userEmail: exampleUser.email,
};
const exampleAudit = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  actorId: '1b2c3d4e-5f60-4718-9a0b-c1d2e3f40516',
  actorEmail: 'admin@example.com',
  action: 'user.block',
  targetType: 'user',
  targetId: exampleUser.id,
  before: { isBlocked: false, email: exampleUser.email },
  after: { isBlocked: true, email: exampleUser.email },
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-22T02:10:00.000Z',
};
const exampleMessage = {
  id: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  category: 'billing',
  subject: 'Invoice address',
  message: 'Please add our VAT number to the invoices.',
  status: 'new',
  userId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};

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

/** The super-admin API, in the ra-data-simple-rest dialect the react-admin console speaks. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

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
  @ApiOkResponse({ schema: { example: { totalUsers: 319, totalRequests: 1204332, totalApiKeys: 412 } } })
  stats() {
    return this.admin.stats();
  }

  @Get('users')
  @ListDocs()
  @ApiOperation({ summary: 'Users, one page; filter q (e-mail or name), plan, role, isBlocked, emailVerified; Content-Range holds the total' })
  @ApiOkResponse({ schema: { example: [exampleUser] }, headers: { 'Content-Range': { description: 'users 0-24/319', schema: { type: 'string' } } } })
  async users(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, USERS, await this.admin.listUsers(parseListQuery(USERS, query)));
  }

  @Get('users/:id')
  @ApiOperation({ summary: 'One user' })
  @ApiOkResponse({ schema: { example: exampleUser } })
  user(@Param('id') id: string) {
    return this.admin.getUser(id);
  }

  @Post('users/:id/block')
  @HttpCode(200)
  @ApiOperation({ summary: 'Block a user: ends every session and refuses their API keys at once (403 account_blocked) on every instance' })
  @ApiOkResponse({ schema: { example: { ...exampleUser, isBlocked: true } } })
  block(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.admin.setBlocked(this.actor(user, request), id, true);
  }

  @Post('users/:id/unblock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unblock a user' })
  @ApiOkResponse({ schema: { example: exampleUser } })
  unblock(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.admin.setBlocked(this.actor(user, request), id, false);
  }

  @Post('users/:id/plan')
  @HttpCode(200)
  @ApiOperation({ summary: "Set a user's plan; the new limits apply from the next API request" })
  @ApiOkResponse({ schema: { example: { ...exampleUser, plan: 'premium' } } })
  @ApiConflictResponse({ description: 'The user pays through an active subscription, whose plan this follows (code `subscription_active`)' })
  plan(@Param('id') id: string, @Body() body: ChangePlanDto, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.admin.changePlan(this.actor(user, request), id, body.plan);
  }

  @Get('api-keys')
  @ListDocs()
  @ApiOperation({ summary: 'API keys of every user, one page; filter q (name, prefix or owner e-mail prefix), isActive, userId' })
  @ApiOkResponse({ schema: { example: [exampleKey] }, headers: { 'Content-Range': { description: 'api-keys 0-24/1000000', schema: { type: 'string' } } } })
  async apiKeys(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, API_KEYS, await this.admin.listApiKeys(parseListQuery(API_KEYS, query)));
  }

  @Get('api-keys/:id')
  @ApiOperation({ summary: 'One API key (never the key itself)' })
  @ApiOkResponse({ schema: { example: exampleKey } })
  apiKey(@Param('id') id: string) {
    return this.admin.getApiKey(id);
  }

  @Post('api-keys/:id/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotate any API key: the old key is refused at once on every instance; the owner reveals the new one in their dashboard' })
  @ApiOkResponse({ schema: { example: { ...exampleKey, keyPrefix: 'tzk_live_Zy9x' } } })
  rotate(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.admin.rotateKey(this.actor(user, request), id);
  }

  @Get('support-messages')
  @ListDocs()
  @ApiOperation({ summary: 'Messages sent through the support form; filter q (e-mail, name, subject), category, status' })
  @ApiOkResponse({ schema: { example: [exampleMessage] } })
  async supportMessages(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, SUPPORT_MESSAGES, await this.admin.listSupportMessages(parseListQuery(SUPPORT_MESSAGES, query)));
  }

  @Get('support-messages/:id')
  @ApiOperation({ summary: 'One support message' })
  @ApiOkResponse({ schema: { example: exampleMessage } })
  supportMessage(@Param('id') id: string) {
    return this.admin.getSupportMessage(id);
  }

  @Get('audit-log')
  @ListDocs()
  @ApiOperation({ summary: 'Every admin action (block, unblock, plan change, key rotation) with before/after; filter action, targetType, targetId, actorId, q' })
  @ApiOkResponse({ schema: { example: [exampleAudit] } })
  async auditLog(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.send(reply, AUDIT_LOG, await this.admin.listAuditLog(parseListQuery(AUDIT_LOG, query)));
  }

  @Get('audit-log/:id')
  @ApiOperation({ summary: 'One audit log entry' })
  @ApiOkResponse({ schema: { example: exampleAudit } })
  auditEntry(@Param('id') id: string) {
    return this.admin.getAuditEntry(id);
  }
}
