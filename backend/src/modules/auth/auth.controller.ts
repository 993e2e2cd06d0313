import { Body, Controller, Get, HttpCode, Post, Put, Query, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { AuthErrors } from './auth.errors.js';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { OkView } from '../../common/http/ok-view.js';
import { MeView as MeResponse } from '../accounts/dto/user.responses.js';
import {
  LoginView,
  OkMessageView,
  ProfileUpdatedView,
  TotpEnabledView,
  TotpSetupView,
  TotpStateView,
  RegisteredView,
  ResetTokenCheckView,
} from './dto/auth.responses.js';
import { ApiAnonymous } from '../../common/openapi/swagger.js';
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
import { Authenticated, CurrentOrg, CurrentSession, CurrentUser } from './authenticated.js';
import type { OrgContext } from './authenticated.js';
import { SessionsService } from './sessions.service.js';
import { Session } from './session.entity.js';
import { toMeView, User } from '../accounts/user.entity.js';
import type { MeView } from '../accounts/user.entity.js';
import { AuthThrottle } from './attempt-limits.js';
import { AuthThrottled } from './throttled-route.guard.js';
import { AuthService } from './auth.service.js';
import { ChangePasswordDto, EmailOnlyDto, LoginDto, RegisterDto, ResetPasswordDto, TotpCodeDto, UpdateProfileDto } from './dto/auth.dto.js';
import { LocalLoginGuard } from './local-login.guard.js';
import { TrustedDevices } from './trusted-devices.js';
import { TwoFactorService } from './two-factor.service.js';
import type { TotpSetup } from './two-factor.service.js';

const TOO_MANY = { description: 'Too many attempts from this IP address or for this e-mail (problem+json, code `too_many_attempts`, Retry-After header)' };
const TOTP_INVALID = { description: 'Wrong, expired or already used code (problem+json, code `totp_invalid`)' };
const INVALID_BODY = { description: 'Malformed body (problem+json, code `validation_failed` listing the fields, or `invalid_json`)' };

/** Sign-up, e-mail verification, sign-in and password reset under /api/auth. */
@ApiTags('Account')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly devices: TrustedDevices,
  ) {}

  @Post('register')
  @AuthThrottled('register', { subject: 'email', body: RegisterDto })
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Create an account',
    description: 'Answers the same whether or not the address already has an account; a verification link is mailed.',
  })
  @ApiCreatedResponse({ description: 'Account created (or the owner of a taken address was notified)', type: RegisteredView })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ ok: true; email: string; needsVerification: boolean; signedIn?: true }> {
    if (body.invitationToken) {
      const joined = await this.auth.registerInvited({ ...body, invitationToken: body.invitationToken });
      if (joined) {
        const session = await this.sessions.start(joined.user, request, reply);
        await this.sessions.switchOrg(session, joined.orgId);
        return { ok: true, email: body.email, needsVerification: false, signedIn: true };
      }
      return { ok: true, email: body.email, needsVerification: true };
    }
    await this.auth.register(body);
    return { ok: true, email: body.email, needsVerification: true };
  }

  @Get('verify-email')
  @Redirect()
  @ApiExcludeEndpoint() // A browser navigation (mail link, sign-out link), not an API operation.
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Verify an e-mail address',
    description: 'The link in the verification mail. Redirects to /login?verified=1, or /login?verified=0 for an invalid, used or expired link.',
  })
  @ApiQuery({ name: 'token', required: true })
  @ApiFoundResponse({ description: 'Redirect to /login?verified=1 or /login?verified=0' })
  async verifyEmail(@Query('token') token: unknown): Promise<{ url: string; statusCode: number }> {
    const verified = await this.auth.verifyEmail(typeof token === 'string' ? token : undefined);
    return { url: `/login?verified=${verified ? 1 : 0}`, statusCode: 302 };
  }

  @Post('resend-verification')
  @HttpCode(200)
  @AuthThrottled('resend', { subject: 'email', body: EmailOnlyDto })
  @ApiAnonymous()
  @ApiOperation({ summary: 'Send the verification link again', description: 'Always answers ok; mails only an existing, unverified account.' })
  @ApiOkResponse({ type: OkView })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async resendVerification(@Body() body: EmailOnlyDto): Promise<{ ok: true }> {
    await this.auth.resendVerification(body.email);
    return { ok: true };
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LocalLoginGuard)
  @AuthThrottled('login', { subject: 'email', body: LoginDto })
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Sign in with e-mail and password',
    description:
      'Starts a new session (HttpOnly cookie) and remembers the browser (device cookie), which exempts it from the per-e-mail ceiling of failed ' +
      'attempts. Accounts with two-factor sign-in also need `totp`: a current code or a one-time recovery code.',
  })
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({ type: LoginView })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiUnauthorizedResponse({
    description:
      "Wrong e-mail or password (problem+json, code `invalid_credentials`, detail 'Invalid email or password. Please try again.'); " +
      'two-factor sign-in is on and no code was sent (`totp_required`) or the code is wrong or used (`totp_invalid`)',
  })
  @ApiForbiddenResponse({
    description: 'Unverified address (code `email_not_verified`, with `needsVerification: true` and `email`) or blocked account (code `account_blocked`)',
    content: {
      'application/problem+json': {
        schema: { $ref: getSchemaPath(ProblemDocumentSchema) },
        example: AuthErrors.emailNotVerified('ada@example.com').toDocument('/api/auth/login'),
      },
    },
  })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async login(@Req() request: FastifyRequest & { user: User }, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ok: true; user: MeView }> {
    const { email, totp } = request.body as LoginDto;
    const user = request.user;
    if (user.totpSecret) {
      if (!totp?.trim()) throw AuthErrors.totpRequired();
      await this.throttle.check('totp', request.ip, user.id);
      if (!(await this.twoFactor.verify(user, totp))) throw AuthErrors.totpInvalid();
      await this.throttle.clearTotp(request.ip, user.id);
    }
    await this.throttle.clearLogin(request.ip, email);
    await this.devices.remember(user, request, reply);
    await this.sessions.start(user, request, reply);
    return { ok: true, user: toMeView(user) };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @AuthThrottled('forgot', { subject: 'email', body: EmailOnlyDto })
  @ApiAnonymous()
  @ApiOperation({ summary: 'Mail a password reset link', description: 'Always answers ok, whether or not the address has an account.' })
  @ApiOkResponse({ type: OkView })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async forgotPassword(@Body() body: EmailOnlyDto): Promise<{ ok: true }> {
    await this.auth.forgotPassword(body.email);
    return { ok: true };
  }

  @Post('reset-password')
  @HttpCode(200)
  @AuthThrottled('reset', { subject: 'none', body: ResetPasswordDto })
  @ApiAnonymous()
  @ApiOperation({ summary: 'Set a new password with a reset link', description: 'Single use, valid 1 hour; ends every session of the account.' })
  @ApiOkResponse({ type: OkView })
  @ApiBadRequestResponse({
    description: "Invalid, used or expired token (code `invalid_token`, detail 'Invalid or expired reset link. Please request a new one.') or a malformed body",
  })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async resetPassword(@Body() body: ResetPasswordDto): Promise<{ ok: true }> {
    await this.auth.resetPassword(body.token, body.newPassword);
    return { ok: true };
  }

  @Get('reset-password/check')
  @ApiAnonymous()
  @ApiOperation({ summary: 'Whether a reset link can still be used' })
  @ApiQuery({ name: 'token', required: false })
  @ApiOkResponse({ type: ResetTokenCheckView })
  @ApiResponse({
    status: '4XX',
    description: 'A malformed request (problem+json).',
    content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) } } },
  })
  async checkResetToken(@Query('token') token: unknown): Promise<{ valid: boolean }> {
    return { valid: await this.auth.isResetTokenValid(typeof token === 'string' ? token : undefined) };
  }
}

/** A navigation the user made on our own pages or in the address bar, not one a foreign page started. */
function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The signed-in account: /api/me, /api/profile, and signing out (POST /api/logout, or the /api/logout navigation). */
@ApiTags('Account')
@Controller()
export class AccountController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Get('me')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: User, @CurrentOrg() org: OrgContext): MeView {
    return toMeView(user, org);
  }

  @Put('profile')
  @AuthThrottled('email_change', {
    subject: 'user',
    body: UpdateProfileDto,
    when: (request) => (request.body as UpdateProfileDto).email !== request.user?.email,
  })
  @Authenticated()
  @ApiOperation({
    summary: 'Update e-mail and names',
    description:
      'Names change at once. A new e-mail takes effect when the link mailed to it is clicked (`pendingEmail` names it); the answer is the same ' +
      "whether or not the address belongs to another account (that account's owner is told by mail instead). E-mail changes are throttled per " +
      'account and per IP. Plan, role, block and verification state are not accepted.',
  })
  @ApiOkResponse({ type: ProfileUpdatedView })
  @ApiBadRequestResponse(INVALID_BODY)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async updateProfile(
    @CurrentUser() user: User,
    @CurrentOrg() org: OrgContext,
    @Body() body: UpdateProfileDto,
  ): Promise<MeView & { pendingEmail: string | null }> {
    const { user: updated, pendingEmail } = await this.auth.updateProfile(user.id, body);
    return { ...toMeView(updated, org.personal ? { ...org, account: updated } : org), pendingEmail };
  }

  @Get('profile/totp')
  @Authenticated()
  @ApiOperation({ summary: 'Two-factor sign-in state', description: 'Whether it is on, and how many unused recovery codes are left.' })
  @ApiOkResponse({ type: TotpStateView })
  async totpState(@CurrentUser() user: User): Promise<{ enabled: boolean; recoveryCodesLeft: number; required: boolean }> {
    const enabled = user.totpSecret !== null;
    return { enabled, recoveryCodesLeft: enabled ? await this.twoFactor.remainingRecoveryCodes(user.id) : 0, required: user.role === 'super_admin' };
  }

  @Post('profile/totp/setup')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Start turning on two-factor sign-in',
    description: 'A new secret for an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s), as base32, otpauth URI and QR code. Confirm it with a code.',
  })
  @ApiOkResponse({ type: TotpSetupView })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on (code `totp_already_enabled`)' })
  totpSetup(@CurrentUser() user: User): Promise<TotpSetup> {
    return this.twoFactor.startEnrolment(user.id);
  }

  @Post('profile/totp/enable')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Turn on two-factor sign-in',
    description: 'Confirms the new secret with a current code; answers ten one-time recovery codes, shown only this once.',
  })
  @ApiOkResponse({ type: TotpEnabledView })
  @ApiBadRequestResponse(TOTP_INVALID)
  @ApiConflictResponse({ description: 'Already on (code `totp_already_enabled`) or no setup started (code `totp_setup_missing`)' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async totpEnable(@CurrentUser() user: User, @Body() body: TotpCodeDto, @Req() request: FastifyRequest): Promise<{ ok: true; recoveryCodes: string[] }> {
    await this.throttle.check('totp', request.ip, user.id);
    return { ok: true, recoveryCodes: await this.twoFactor.confirmEnrolment(user.id, body.code) };
  }

  @Post('profile/totp/disable')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Turn off two-factor sign-in', description: 'Needs a current code or a recovery code. Super admins cannot turn it off.' })
  @ApiOkResponse({ type: OkView })
  @ApiBadRequestResponse(TOTP_INVALID)
  @ApiForbiddenResponse({ description: 'A super admin (code `totp_mandatory`)' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is not on (code `totp_not_enabled`)' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async totpDisable(@CurrentUser() user: User, @Body() body: TotpCodeDto, @Req() request: FastifyRequest): Promise<{ ok: true }> {
    await this.throttle.check('totp', request.ip, user.id);
    await this.twoFactor.disable(user.id, body.code);
    return { ok: true };
  }

  @Put('profile/password')
  @AuthThrottled('password', { subject: 'user', body: ChangePasswordDto })
  @Authenticated()
  @ApiOperation({ summary: 'Change the password', description: 'Needs the current password; every other session of the account ends.' })
  @ApiOkResponse({ type: OkMessageView })
  @ApiBadRequestResponse({
    description:
      'Wrong current password (code `wrong_password`), an account without a password that signs in through the identity provider (code `no_password`), or a malformed body',
  })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async changePassword(@CurrentUser() user: User, @CurrentSession() session: Session, @Body() body: ChangePasswordDto): Promise<{ ok: true; message: string }> {
    await this.auth.changePassword(user.id, session.id, body.currentPassword, body.newPassword);
    return { ok: true, message: 'Password updated' };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Sign out',
    description:
      'Ends the session and clears its cookie (without a session: nothing to end, same answer). The CSRF rules of every unsafe method apply: a same-origin `Origin`, no form body.',
  })
  @ApiOkResponse({ type: OkView })
  async logoutPost(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ok: true }> {
    await this.sessions.end(request, reply);
    return { ok: true };
  }

  /**
   * The sign-out link as a navigation (a page of ours, a typed URL or a bookmark): it ends the session only when the
   * browser says the navigation came from our own origin or from the user (`Sec-Fetch-Site: same-origin` or `none`;
   * without that header, a same-origin `Origin`). A page elsewhere that loads or links this URL (`cross-site`,
   * `same-site`) gets the same redirect to / and the session stays: signing out is POST /api/logout.
   */
  @Get('logout')
  @Redirect('/', 302)
  @ApiExcludeEndpoint() // A browser navigation (mail link, sign-out link), not an API operation.
  @ApiAnonymous()
  @ApiOperation({ summary: 'Sign out (navigation)', description: 'Ends the session on a same-origin navigation, clears the cookie and redirects to /.' })
  @ApiFoundResponse({ description: 'Redirect to /' })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    if (isOwnNavigation(request)) await this.sessions.end(request, reply);
  }

  // GET /api/login (and its OpenID Connect callback) lives in oidc.controller.ts.
}
