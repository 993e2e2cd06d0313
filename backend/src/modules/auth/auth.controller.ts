import { Body, Controller, Get, HttpCode, Post, Put, Query, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentSession, CurrentUser } from '../../common/auth.decorator.js';
import { SessionsService } from './sessions.service.js';
import { Session } from './session.entity.js';
import { toMeView, User } from './user.entity.js';
import type { MeView } from './user.entity.js';
import { AuthThrottle } from './auth-throttle.js';
import { AuthService } from './auth.service.js';
import { ChangePasswordDto, EmailOnlyDto, LoginDto, RegisterDto, ResetPasswordDto, UpdateProfileDto } from './dto/auth.dto.js';
import { LocalLoginGuard } from './local-login.guard.js';

const USER_EXAMPLE: MeView = {
  id: '0b6f7c1e-3a52-4c8e-9d61-2f0e7a8b9c10',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'free',
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2026-11-22T09:30:00.000Z',
  profileImageUrl: null,
  hasPassword: true,
};
const TOO_MANY = { description: 'Too many attempts from this IP address or for this e-mail (problem+json, code `too_many_attempts`, Retry-After header)' };
const INVALID_BODY = { description: 'Malformed body (problem+json, code `validation_failed` listing the fields, or `invalid_json`)' };

/** Sign-up, e-mail verification, sign-in and password reset under /api/auth. */
@ApiTags('Account')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionsService,
  ) {}

  @Post('register')
  @ApiOperation({ summary: 'Create an account', description: 'Answers the same whether or not the address already has an account; a verification link is mailed.' })
  @ApiCreatedResponse({ description: 'Account created (or the owner of a taken address was notified)', schema: { example: { ok: true, email: 'ada@example.com', needsVerification: true } } })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async register(@Body() body: RegisterDto, @Req() request: FastifyRequest): Promise<{ ok: true; email: string; needsVerification: true }> {
    await this.throttle.check('register', request.ip, body.email);
    await this.auth.register(body);
    return { ok: true, email: body.email, needsVerification: true };
  }

  @Get('verify-email')
  @Redirect()
  @ApiOperation({ summary: 'Verify an e-mail address', description: 'The link in the verification mail. Redirects to /login?verified=1, or /login?verified=0 for an invalid, used or expired link.' })
  @ApiQuery({ name: 'token', required: true })
  @ApiFoundResponse({ description: 'Redirect to /login?verified=1 or /login?verified=0' })
  async verifyEmail(@Query('token') token: unknown): Promise<{ url: string; statusCode: number }> {
    const verified = await this.auth.verifyEmail(typeof token === 'string' ? token : undefined);
    return { url: `/login?verified=${verified ? 1 : 0}`, statusCode: 302 };
  }

  @Post('resend-verification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send the verification link again', description: 'Always answers ok; mails only an existing, unverified account.' })
  @ApiOkResponse({ schema: { example: { ok: true } } })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async resendVerification(@Body() body: EmailOnlyDto, @Req() request: FastifyRequest): Promise<{ ok: true }> {
    await this.throttle.check('resend', request.ip, body.email);
    await this.auth.resendVerification(body.email);
    return { ok: true };
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LocalLoginGuard)
  @ApiOperation({ summary: 'Sign in with e-mail and password', description: 'Starts a new session (HttpOnly cookie).' })
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({ schema: { example: { ok: true, user: USER_EXAMPLE } } })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiUnauthorizedResponse({ description: "Wrong e-mail or password (problem+json, code `invalid_credentials`, detail 'Invalid email or password. Please try again.')" })
  @ApiForbiddenResponse({ description: 'Unverified address (code `email_not_verified`, with `needsVerification: true` and `email`) or blocked account (code `account_blocked`)' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async login(@Req() request: FastifyRequest & { user: User }, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ok: true; user: MeView }> {
    await this.sessions.start(request.user, request, reply);
    return { ok: true, user: toMeView(request.user) };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a password reset link', description: 'Always answers ok, whether or not the address has an account.' })
  @ApiOkResponse({ schema: { example: { ok: true } } })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async forgotPassword(@Body() body: EmailOnlyDto, @Req() request: FastifyRequest): Promise<{ ok: true }> {
    await this.throttle.check('forgot', request.ip, body.email);
    await this.auth.forgotPassword(body.email);
    return { ok: true };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with a reset link', description: 'Single use, valid 1 hour; ends every session of the account.' })
  @ApiOkResponse({ schema: { example: { ok: true } } })
  @ApiBadRequestResponse({ description: "Invalid, used or expired token (code `invalid_token`, detail 'Invalid or expired reset link. Please request a new one.') or a malformed body" })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async resetPassword(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest): Promise<{ ok: true }> {
    await this.throttle.check('reset', request.ip, null);
    await this.auth.resetPassword(body.token, body.newPassword);
    return { ok: true };
  }

  @Get('reset-password/check')
  @ApiOperation({ summary: 'Whether a reset link can still be used' })
  @ApiQuery({ name: 'token', required: false })
  @ApiOkResponse({ schema: { example: { valid: true } } })
  async checkResetToken(@Query('token') token: unknown): Promise<{ valid: boolean }> {
    return { valid: await this.auth.isResetTokenValid(typeof token === 'string' ? token : undefined) };
  }
}

/** The signed-in account: /api/me, /api/profile, and the /api/logout navigation. */
@ApiTags('Account')
@Controller()
export class AccountController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionsService,
  ) {}

  @Get('me')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ schema: { example: USER_EXAMPLE } })
  me(@CurrentUser() user: User): MeView {
    return toMeView(user);
  }

  @Put('profile')
  @Authenticated()
  @ApiOperation({ summary: 'Update e-mail and names', description: 'A changed e-mail is unverified until the link mailed to it is clicked. Plan, role, block and verification state are not accepted.' })
  @ApiOkResponse({ schema: { example: USER_EXAMPLE } })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiConflictResponse({ description: 'The e-mail belongs to another account (code `email_taken`)' })
  async updateProfile(@CurrentUser() user: User, @Body() body: UpdateProfileDto): Promise<MeView> {
    return toMeView(await this.auth.updateProfile(user.id, body));
  }

  @Put('profile/password')
  @Authenticated()
  @ApiOperation({ summary: 'Change the password', description: 'Needs the current password; every other session of the account ends.' })
  @ApiOkResponse({ schema: { example: { ok: true, message: 'Password updated' } } })
  @ApiBadRequestResponse({ description: 'Wrong current password (code `wrong_password`), an account without a password that signs in through the identity provider (code `no_password`), or a malformed body' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async changePassword(
    @CurrentUser() user: User,
    @CurrentSession() session: Session,
    @Body() body: ChangePasswordDto,
    @Req() request: FastifyRequest,
  ): Promise<{ ok: true; message: string }> {
    await this.throttle.check('password', request.ip, user.id);
    await this.auth.changePassword(user.id, session.id, body.currentPassword, body.newPassword);
    return { ok: true, message: 'Password updated' };
  }

  @Get('logout')
  @Redirect('/', 302)
  @ApiOperation({ summary: 'Sign out', description: 'Ends the session, clears the cookie and redirects to /.' })
  @ApiFoundResponse({ description: 'Redirect to /' })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.end(request, reply);
  }

  // GET /api/login (and its OpenID Connect callback) lives in oidc.controller.ts.
}
