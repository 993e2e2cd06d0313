import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentOrg, CurrentSession, CurrentUser, Permits } from '../auth/authenticated.js';
import type { OrgContext } from '../auth/authenticated.js';
import type { Session } from '../auth/session.entity.js';
import { User } from '../accounts/user.entity.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';
import { InviteDto, MemberRoleDto, OrgAuditQueryDto, OrganisationNameDto, SwitchOrganisationDto, TransferOwnershipDto } from './dto/organizations.dto.js';
import {
  CurrentOrganisationResponse,
  InvitationResponse,
  InvitationsResponse,
  MemberResponse,
  MembersResponse,
  OrgAuditPageResponse,
  OrganisationResponse,
  OrganisationsResponse,
  RemovedMemberResponse,
  RenamedOrganisationResponse,
} from './dto/organizations.responses.js';
import { InvitationsService } from './invitations.service.js';
import type { InvitationView } from './invitations.service.js';
import { OrganizationsService } from './organizations.service.js';
import type { MemberView, OrganisationView } from './organizations.service.js';
import { Problems } from '../../common/problems/problem.js';

function instant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw Problems.validation([{ field, message: `${field} must be an ISO 8601 date and time` }]);
  return date;
}

/** The organisations a person belongs to, and switching between them (any signed-in person). */
@ApiTags('Organisations')
@Controller('organizations')
@Authenticated()
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @ApiOperation({ summary: 'Your organisations', description: 'The personal one first; `current` is the one the account area acts on.' })
  @ApiOkResponse({ type: OrganisationsResponse })
  list(@CurrentUser() person: User, @CurrentSession() session: Session): Promise<{ current: string; items: OrganisationView[] }> {
    return this.organizations.list(person, session);
  }

  @Post()
  @ApiOperation({ summary: 'Create an organisation', description: 'You become its owner, and the session switches to it. It starts on the Free plan.' })
  @ApiCreatedResponse({ type: OrganisationResponse })
  create(@CurrentUser() person: User, @CurrentSession() session: Session, @Body() body: OrganisationNameDto): Promise<OrganisationView> {
    return this.organizations.create(person, session, body.name);
  }

  @Post('switch')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Switch organisation',
    description: 'Every account-area route then acts on it. 404 `organization_not_found` unless you are a member.',
  })
  @ApiOkResponse({ type: CurrentOrganisationResponse })
  switch(@CurrentUser() person: User, @CurrentSession() session: Session, @Body() body: SwitchOrganisationDto): Promise<{ current: string }> {
    return this.organizations.switch(person, session, body.organizationId);
  }
}

/** The current organisation: its settings, members, invitations and audit. */
@ApiTags('Organisations')
@Controller('organization')
@Authenticated()
export class OrganizationController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly invitations: InvitationsService,
    private readonly audit: OrgAuditRepository,
  ) {}

  @Patch()
  @Permits('org.settings')
  @ApiOperation({ summary: 'Rename the organisation', description: '409 `personal_organization` for your personal one.' })
  @ApiOkResponse({ type: RenamedOrganisationResponse })
  rename(@CurrentOrg() org: OrgContext, @CurrentUser() person: User, @Body() body: OrganisationNameDto): Promise<{ id: string; name: string }> {
    return this.organizations.rename(org, person, body.name);
  }

  @Delete()
  @HttpCode(204)
  @Permits('org.owner')
  @ApiOperation({
    summary: 'Close the organisation',
    description: 'Its keys stop at once, its members and invitations go; invoices and usage stay. 409 `subscription_active` while a paid plan runs.',
  })
  @ApiNoContentResponse({ description: 'Closed' })
  async close(@CurrentOrg() org: OrgContext, @CurrentUser() person: User): Promise<void> {
    await this.organizations.close(org, person);
  }

  @Post('transfer')
  @HttpCode(200)
  @Permits('org.owner')
  @ApiOperation({ summary: 'Transfer ownership', description: 'The member becomes an owner and you become an admin.' })
  @ApiOkResponse({ type: CurrentOrganisationResponse })
  async transfer(@CurrentOrg() org: OrgContext, @CurrentUser() person: User, @Body() body: TransferOwnershipDto): Promise<{ current: string }> {
    await this.organizations.transfer(org, person, body.userId);
    return { current: org.account.id };
  }

  @Post('leave')
  @HttpCode(204)
  @Permits('org.read')
  @ApiOperation({ summary: 'Leave the organisation', description: 'Your keys here stop. 409 `last_owner` for its only owner.' })
  @ApiNoContentResponse({ description: 'Left' })
  async leave(@CurrentOrg() org: OrgContext, @CurrentUser() person: User): Promise<void> {
    await this.organizations.leave(org, person);
  }

  @Get('members')
  @Permits('members.read')
  @ApiOperation({ summary: 'Members', description: 'Owners first, with each member’s keys in this organisation.' })
  @ApiOkResponse({ type: MembersResponse })
  async members(@CurrentOrg() org: OrgContext, @CurrentUser() person: User): Promise<{ items: MemberView[] }> {
    return { items: await this.organizations.members(org, person) };
  }

  @Patch('members/:userId')
  @Permits('members.manage')
  @ApiOperation({
    summary: 'Change a member’s role',
    description: 'Only an owner makes or unmakes owners; nobody changes their own role (403 `own_role`); the last owner stays (409 `last_owner`).',
  })
  @ApiOkResponse({ type: MemberResponse })
  setRole(@CurrentOrg() org: OrgContext, @CurrentUser() person: User, @Param('userId') userId: string, @Body() body: MemberRoleDto): Promise<MemberView> {
    return this.organizations.setRole(org, person, userId, body.role);
  }

  @Delete('members/:userId')
  @Permits('members.manage')
  @ApiOperation({ summary: 'Remove a member', description: 'Their access ends at once on every instance, and the keys they made here stop.' })
  @ApiOkResponse({ type: RemovedMemberResponse })
  remove(@CurrentOrg() org: OrgContext, @CurrentUser() person: User, @Param('userId') userId: string): Promise<{ revokedKeys: number }> {
    return this.organizations.remove(org, person, userId);
  }

  @Get('invitations')
  @Permits('members.read')
  @ApiOperation({ summary: 'Pending invitations', description: 'Neither accepted nor revoked, newest first.' })
  @ApiOkResponse({ type: InvitationsResponse })
  async pending(@CurrentOrg() org: OrgContext): Promise<{ items: InvitationView[] }> {
    return { items: await this.invitations.pending(org) };
  }

  @Post('invitations')
  @Permits('members.manage')
  @ApiOperation({
    summary: 'Invite by e-mail',
    description:
      'Mails a link that works once for 7 days. Inviting an address with a pending invitation renews it (200, a new link). 429 `invitations_throttled` past 20 an hour; the answer is the same whether or not the address has an account.',
  })
  @ApiCreatedResponse({ type: InvitationResponse })
  @ApiOkResponse({ type: InvitationResponse, description: 'The pending invitation, renewed and sent again' })
  async invite(
    @CurrentOrg() org: OrgContext,
    @CurrentUser() person: User,
    @Body() body: InviteDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InvitationView> {
    const { invitation, created } = await this.invitations.invite(org, person, body.email, body.role);
    reply.status(created ? 201 : 200);
    return invitation;
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @Permits('members.manage')
  @ApiOperation({ summary: 'Revoke an invitation', description: 'Its link then answers 410 `invitation_revoked`.' })
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(@CurrentOrg() org: OrgContext, @CurrentUser() person: User, @Param('id') id: string): Promise<void> {
    await this.invitations.revoke(org, person, id);
  }

  @Get('audit')
  @Permits('audit.read')
  @ApiOperation({ summary: 'The organisation’s audit', description: 'Who did what to keys, members, webhooks and the plan; newest first.' })
  @ApiOkResponse({ type: OrgAuditPageResponse })
  async auditPage(@CurrentOrg() org: OrgContext, @Query() query: OrgAuditQueryDto): Promise<OrgAuditPageResponse> {
    const pageSize = query.pageSize ?? 25;
    const page = await this.audit.fork().list(org.account.id, {
      action: query.action,
      actorId: query.actorId,
      from: instant(query.from, 'from'),
      to: instant(query.to, 'to'),
      offset: ((query.page ?? 1) - 1) * pageSize,
      limit: pageSize,
    });
    return { total: page.total, items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  }
}
