import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SelfServiceErrors } from './self-service.errors.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { AccountKeys } from '../keys/account-keys.js';
import { Authenticated, CurrentAccount, CurrentOrg, CurrentUser, Permits } from '../auth/authenticated.js';
import type { OrgContext } from '../auth/authenticated.js';
import { AuthThrottle } from '../auth/attempt-limits.js';
import { OkView } from '../../common/http/ok-view.js';
import { MeView as MeResponse } from '../accounts/dto/user.responses.js';
import { SessionsService } from '../auth/sessions.service.js';
import { toMeView, User } from '../accounts/user.entity.js';
import type { MeView } from '../accounts/user.entity.js';
import { AccountClosureService } from './account-closure.service.js';
import { AccountPreferences } from './account-preferences.service.js';
import { DataExportService } from './data-export.service.js';
import type { ExportJobView } from './data-export.service.js';
import { DataExportFileView, ExportJobView as ExportJobResponse } from './dto/self-service.responses.js';
import { CloseAccountDto, DisplayZoneDto, QuotaAlertsDto } from './dto/close-account.dto.js';

const TOO_MANY = { description: 'Too many attempts from this IP address or for this account (problem+json, code `too_many_attempts`, Retry-After header)' };

/** What the customer does with the account itself: close it, export its data, choose its alerts (operation ids as before the module split). */
@ApiTags('Account')
@Controller()
export class SelfServiceController {
  constructor(
    private readonly closure: AccountClosureService,
    private readonly preferences: AccountPreferences,
    private readonly throttle: AuthThrottle,
    private readonly sessions: SessionsService,
    private readonly exports: DataExportService,
    private readonly memberships: MembershipsRepository,
    private readonly keys: AccountKeys,
  ) {}

  @Post('me/close')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    operationId: 'Accounts_close',
    summary: 'Close the account',
    description:
      'Needs the typed e-mail, the password (unless the account signs in only through the identity provider) and, with two-factor sign-in on, a code. ' +
      'Ends the paid subscription through the payment provider, revokes every key at once on every instance, ends every session, erases name, ' +
      'e-mail (replaced by a tombstone, so the address can register again) and support messages, removes IP addresses from usage records and keeps ' +
      'invoices. A confirmation mail goes to the old address.',
  })
  @ApiOkResponse({ type: OkView })
  @ApiBadRequestResponse({
    description:
      'E-mail does not match (`email_mismatch`), wrong password (`wrong_password`), missing or wrong code (`totp_required`, `totp_invalid`), or a malformed body',
  })
  @ApiForbiddenResponse({ description: 'A super admin account (code `super_admin_cannot_close`)' })
  @ApiConflictResponse({
    description:
      'A billing change is in progress for the account (code `billing_change_in_progress`), or you are the only owner of an organisation (code `last_owner`)',
  })
  @ApiBadGatewayResponse({ description: 'The payment provider could not be reached; nothing was changed (code `payment_provider_unavailable`)' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async close(
    @CurrentUser() user: User,
    @Body() body: CloseAccountDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ ok: true }> {
    await this.throttle.check('close', request.ip, user.id);
    if ((await this.memberships.fork().soleOwnerOf(user.id)).length > 0) throw SelfServiceErrors.lastOwner();
    await this.closure.confirm(user, body);
    await this.closure.close(user, request.ip ?? null);
    // A closed account leaves every team organisation, and the keys it made there stop (issue 51).
    for (const orgId of await this.memberships.fork().leaveAll(user.id)) await this.keys.revoke(orgId, user.id);
    await this.sessions.end(request, reply);
    return { ok: true };
  }

  @Post('me/exports')
  @Permits('account.export')
  @HttpCode(202)
  @Authenticated()
  @ApiOperation({
    operationId: 'Accounts_startExport',
    summary: 'Start an export of your data',
    description:
      'Builds, in the background, a JSON file with the profile, the keys (masked), subscriptions, invoices and the last 90 days of usage. Poll the job for its progress.',
  })
  @ApiAcceptedResponse({ type: ExportJobResponse })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async startExport(@CurrentAccount() user: User, @Req() request: FastifyRequest): Promise<ExportJobView> {
    await this.throttle.check('export', request.ip, user.id);
    return this.exports.start(user.id);
  }

  @Get('me/exports/:id')
  @Permits('account.export')
  @Authenticated()
  @ApiOperation({
    operationId: 'Accounts_exportJob',
    summary: 'An export job: status and progress',
  })
  @ApiOkResponse({ type: ExportJobResponse })
  @ApiNotFoundResponse({ description: 'No such export of yours (problem+json, code `not_found`)' })
  exportJob(@CurrentAccount() user: User, @Param('id') id: string): Promise<ExportJobView> {
    return this.exports.get(user.id, id);
  }

  @Get('me/exports/:id/download')
  @Permits('account.export')
  @Authenticated()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    operationId: 'Accounts_downloadExport',
    summary: 'Download a finished export (JSON file)',
  })
  @ApiProduces('application/json')
  @ApiOkResponse({ description: 'The export (attachment)', type: DataExportFileView })
  @ApiNotFoundResponse({ description: 'No such export of yours (problem+json, code `not_found`)' })
  @ApiConflictResponse({ description: 'Still being built or failed (problem+json, code `export_not_ready`)' })
  async downloadExport(@CurrentAccount() user: User, @Param('id') id: string): Promise<StreamableFile> {
    const file = await this.exports.file(user.id, id);
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(file, { type: 'application/json; charset=utf-8', disposition: `attachment; filename="tzapi-export-${day}.json"` });
  }

  @Put('profile/quota-alerts')
  @Permits('org.settings')
  @Authenticated()
  @ApiOperation({
    operationId: 'Accounts_quotaAlerts',
    summary: 'Turn quota alerts on or off',
    description: 'The mails and the dashboard banner at 80% and 100% of the free hourly quota.',
  })
  @ApiOkResponse({ type: MeResponse })
  @ApiBadRequestResponse({ description: 'Malformed body (problem+json, code `validation_failed`)' })
  async quotaAlerts(@CurrentUser() person: User, @CurrentOrg() org: OrgContext, @Body() body: QuotaAlertsDto): Promise<MeView> {
    const account = await this.preferences.setQuotaAlerts(org.account.id, body.enabled);
    return toMeView(org.personal ? account : person, { ...org, account });
  }

  @Put('profile/change-notices')
  @Permits('org.settings')
  @Authenticated()
  @ApiOperation({
    operationId: 'Accounts_changeNotices',
    summary: 'Turn change notice mails on or off',
    description: 'The mail sent when a new tz release changes a zone the account used in the last 30 days (the dashboard banner and webhooks stay).',
  })
  @ApiOkResponse({ type: MeResponse })
  @ApiBadRequestResponse({ description: 'Malformed body (problem+json, code `validation_failed`)' })
  async changeNotices(@CurrentUser() person: User, @CurrentOrg() org: OrgContext, @Body() body: QuotaAlertsDto): Promise<MeView> {
    const account = await this.preferences.setChangeNotices(org.account.id, body.enabled);
    return toMeView(org.personal ? account : person, { ...org, account });
  }

  @Put('profile/display-zone')
  @Authenticated()
  @ApiOperation({
    operationId: 'Accounts_displayZone',
    summary: 'Choose the display zone',
    description:
      "The IANA zone the account area writes every time in and cuts the usage days and hours in (Usage, Requests, the console); null: the browser's zone. A link (Asia/Calcutta) is stored as its zone.",
  })
  @ApiOkResponse({ type: MeResponse })
  @ApiBadRequestResponse({ description: 'Not a zone of the active tz release (problem+json, code `invalid_timezone`) or a malformed body' })
  async displayZone(@CurrentUser() user: User, @CurrentOrg() org: OrgContext, @Body() body: DisplayZoneDto): Promise<MeView> {
    const person = await this.preferences.setDisplayZone(user.id, body.displayZone ?? null);
    return toMeView(person, org.personal ? { ...org, account: person } : org);
  }
}
