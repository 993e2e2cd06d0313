import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { InvitationsRepository } from '../accounts/invitations.repository.js';
import { Authenticated } from '../auth/authenticated.js';
import { AdminOrganisationsQueryDto } from './dto/organizations.dto.js';
import { toInvitationView } from './invitations.service.js';
import { OrganizationsAdminRepository } from './organizations-admin.repository.js';
import type { AdminOrganisationRow } from './organizations-admin.repository.js';

/** The super admin's view of organisations (issue 51). Plan, block and limits act through the user routes: an organisation is an account. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin/organizations')
export class OrganizationsAdminController {
  constructor(
    private readonly organisations: OrganizationsAdminRepository,
    private readonly memberships: MembershipsRepository,
    private readonly invitations: InvitationsRepository,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Organisations',
    description: 'Team organisations (not personal ones), newest first; `search` matches the name or an owner’s e-mail.',
  })
  @ApiOkResponse({ description: '{ items, total }' })
  async list(@Query() query: AdminOrganisationsQueryDto): Promise<{ items: AdminOrganisationRow[]; total: number }> {
    const pageSize = query.pageSize ?? 25;
    return this.organisations.fork().list(query.search?.trim() || undefined, ((query.page ?? 1) - 1) * pageSize, pageSize);
  }

  @Get(':id')
  @ApiOperation({ summary: 'An organisation', description: 'With its members and pending invitations.' })
  @ApiOkResponse({ description: 'The organisation, `members` and `invitations`' })
  async show(@Param('id') id: string): Promise<Omit<AdminOrganisationRow, 'members'> & { memberCount: number; members: unknown[]; invitations: unknown[] }> {
    const organisation = await this.organisations.fork().find(id);
    if (!organisation) throw new NotFoundException();
    const [members, invitations] = await Promise.all([this.memberships.fork().members(id), this.invitations.fork().pending(id)]);
    return {
      ...organisation,
      memberCount: organisation.members,
      members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
      invitations: invitations.map(toInvitationView),
    };
  }
}
