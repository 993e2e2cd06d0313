import { Module } from '@nestjs/common';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { OrganizationsAdminController } from './organizations-admin.controller.js';
import { OrganizationsAdminRepository } from './organizations-admin.repository.js';
import { OrganizationController, OrganizationsController } from './organizations.controller.js';
import { OrganizationsService } from './organizations.service.js';

/**
 * Organisations, members, roles and invitations (issue 51). The tables are accounts' (memberships, invitations) and
 * audit's (org_audit); the session guard reads a member's role through accounts, so this module is only the routes
 * and the rules.
 */
@Module({
  controllers: [OrganizationsController, OrganizationController, InvitationsController, OrganizationsAdminController],
  providers: [OrganizationsService, InvitationsService, OrganizationsAdminRepository],
})
export class OrganizationsModule {}
