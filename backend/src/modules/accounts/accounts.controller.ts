import { Body, Controller, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../common/auth.decorator.js';
import { AuthThrottle } from '../auth/auth-throttle.js';
import { MeView as MeResponse, OkView } from '../auth/dto/auth.responses.js';
import { SessionsService } from '../auth/sessions.service.js';
import { toMeView, User } from '../auth/user.entity.js';
import type { MeView } from '../auth/user.entity.js';
import { AccountClosureService } from './account-closure.service.js';
import { AccountPreferences } from './account-preferences.service.js';
import { CloseAccountDto, QuotaAlertsDto } from './dto/close-account.dto.js';

const TOO_MANY = { description: 'Too many attempts from this IP address or for this account (problem+json, code `too_many_attempts`, Retry-After header)' };

/** What the customer does with the account itself: close it, choose its alerts. */
@ApiTags('Account')
@Controller()
export class AccountsController {
  constructor(
    private readonly closure: AccountClosureService,
    private readonly preferences: AccountPreferences,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionsService,
  ) {}

  @Post('me/close')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Close the account',
    description:
      'Needs the typed e-mail, the password (unless the account signs in only through the identity provider) and, with two-factor sign-in on, a code. ' +
      'Ends the paid subscription through the payment provider, revokes every key at once on every instance, ends every session, erases name, ' +
      'e-mail (replaced by a tombstone, so the address can register again) and support messages, removes IP addresses from usage records and keeps ' +
      'invoices. A confirmation mail goes to the old address.',
  })
  @ApiOkResponse({ type: OkView })
  @ApiBadRequestResponse({ description: 'E-mail does not match (`email_mismatch`), wrong password (`wrong_password`), missing or wrong code (`totp_required`, `totp_invalid`), or a malformed body' })
  @ApiForbiddenResponse({ description: 'A super admin account (code `super_admin_cannot_close`)' })
  @ApiConflictResponse({ description: 'A billing change is in progress for the account (code `billing_change_in_progress`)' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async close(@CurrentUser() user: User, @Body() body: CloseAccountDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ok: true }> {
    await this.throttle.check('close', request.ip, user.id);
    await this.closure.confirm(user, body);
    await this.closure.close(user, request.ip ?? null);
    await this.sessions.end(request, reply);
    return { ok: true };
  }

  @Put('profile/quota-alerts')
  @Authenticated()
  @ApiOperation({ summary: 'Turn quota alerts on or off', description: 'The mails and the dashboard banner at 80% and 100% of the free hourly quota.' })
  @ApiOkResponse({ type: MeResponse })
  @ApiBadRequestResponse({ description: 'Malformed body (problem+json, code `validation_failed`)' })
  async quotaAlerts(@CurrentUser() user: User, @Body() body: QuotaAlertsDto): Promise<MeView> {
    return toMeView(await this.preferences.setQuotaAlerts(user.id, body.enabled));
  }
}
